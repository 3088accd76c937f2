// Facts from the newest public clients of the service (the official CLI, Laevitas/cli, CHANGELOG up to 0.11.2, and the
// Python SDK, Laevitas/Laevitas-sdk), each
// held by a real-shaped sample from its source: the sample passes the contract, and a copy broken where the fact
// lives fails it, naming the field. The source of every fact is in the spec's `x-source` (repository, file, commit).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './load.js';

const require = createRequire(import.meta.url);
const stream = require('../../../packages/validators/runtime/stream.cjs');
const validators = require('../../../packages/validators/index.cjs');
const asyncapi = JSON.parse(readFileSync(join(ROOT, 'spec/dist/asyncapi.json'), 'utf8'));

const CLI = 'https://github.com/Laevitas/cli/blob/';
const issuesOf = (result: { ok: boolean; issues?: { path: string; message: string }[] }) =>
  result.ok ? [] : result.issues!.map((i) => `${i.path}: ${i.message}`);
const event = (channel: string, data: Record<string, unknown>) => ({ channel, data });
const without = (data: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(data).filter(([k]) => k !== field));

describe('stream protocol (internal/wsclient/wsclient.go, CHANGELOG 0.8.1 and 0.9.3)', () => {
  it('the key goes in the apikey header; the apiKey query parameter is marked removed in API v1.18.0, with its source', () => {
    const native = asyncapi.servers.native;
    const offered = native.security.map((s: { $ref: string }) => s.$ref.split('/').pop());
    expect(offered).toEqual(['apiKeyHeader', 'wsPassCreditToken']);
    const query = asyncapi.components.securitySchemes.apiKeyQuery;
    expect(query['x-removed']).toBe('API v1.18.0');
    expect(query['x-source']).toContain(`${CLI}8e50d9a37d9d00de56dd8d14c71a3c44b4794624/CHANGELOG.md`);
    expect(asyncapi.components.securitySchemes.apiKeyHeader['x-source']).toContain('internal/wsclient/wsclient.go');
  });

  it('a subscribe reply carries result {channels, subscriptionIds} as parallel arrays', () => {
    const reply = { id: 1, result: { channels: ['trades.perpetuals.binance.BTCUSDT', 'book.perpetuals.*.BTCUSDT'], subscriptionIds: ['a1', 'b2'] } };
    expect(issuesOf(stream.validateStreamMessage('SubscribeReply', reply))).toEqual([]);
    expect(issuesOf(stream.validateStreamMessage('SubscribeReply', { id: 1, result: { channels: reply.result.channels } }))).toContain(
      'result.subscriptionIds: result.subscriptionIds is required',
    );
    expect(issuesOf(stream.validateStreamMessage('SubscribeReply', { id: 1, result: { ...reply.result, subscriptionIds: [7, 8] } }))[0]).toMatch(
      /^result\.subscriptionIds\[0\]: .*string/,
    );
  });

  it('unsubscribe names one subscriptionId (the {channels} form is not a request of the gateway)', () => {
    expect(issuesOf(stream.validateStreamMessage('UnsubscribeRequest', { id: 9, method: 'unsubscribe', params: { subscriptionId: 'a1' } }))).toEqual([]);
    expect(issuesOf(stream.validateStreamMessage('UnsubscribeRequest', { id: 9, method: 'unsubscribe', params: { channels: ['trades.*'] } }))).toContain(
      'params.subscriptionId: params.subscriptionId is required',
    );
  });

  it('an error reply is {code, message}; 401 and 403 are the authentication codes', () => {
    for (const [code, message] of [
      [401, 'Authentication required'],
      [403, 'Invalid API key'],
    ] as const)
      expect(issuesOf(stream.validateStreamMessage('ErrorReply', { id: 3, error: { code, message } }))).toEqual([]);
    expect(issuesOf(stream.validateStreamMessage('ErrorReply', { id: 3, error: { message: 'Authentication required' } }))).toContain(
      'error.code: error.code is required',
    );
    expect(asyncapi.components.schemas.RequestError.properties.code.examples).toEqual([401, 403]);
  });

  it('close codes 4001-4005 and 4008 are documented with the reaction the official client takes', () => {
    const codes = asyncapi.servers.native['x-close-codes'].map((c: { code: number }) => c.code);
    for (const code of [4001, 4002, 4003, 4004, 4005, 4008]) expect(codes).toContain(code);
    expect(asyncapi.servers.native['x-close-codes'].find((c: { code: number }) => c.code === 4001).reconnect).toBe('never');
  });
});

describe('stream payloads (internal/wsrender/wsrender.go, panels/flow_tape.go, CHANGELOG 0.8.1)', () => {
  const perpTrade = {
    trade_id: '6120458123',
    timestamp: 1777900000000,
    date: '2026-05-04T13:06:40Z',
    instrument_name: 'BTCUSDT',
    direction: 'buy',
    price: 78487.4,
    amount: 402964.31,
    coin_amount: 5.134,
    open_interest: 89521.4,
    basis: 32.2,
  };
  it('perpetuals/futures trades: timestamp, date, basis and coin_amount are typed', () => {
    expect(issuesOf(stream.validateStreamEvent(event('trades.perpetuals.binance.BTCUSDT', perpTrade)))).toEqual([]);
    for (const [field, wrong] of [
      ['basis', '32.2'],
      ['timestamp', '1777900000000'],
      ['coin_amount', '5.134'],
      ['date', 'yesterday'],
    ] as const) {
      const result = stream.validateStreamEvent(event('trades.perpetuals.binance.BTCUSDT', { ...perpTrade, [field]: wrong }));
      expect(result.ok, field).toBe(false);
      expect(result.issues[0].path).toBe(`data.${field}`);
    }
  });

  const spotTrade = { timestamp: 1777900000000, instrument_name: 'BTCUSDT', price: 78450.01, amount: 0.0125, direction: 'sell', quote_amount: 980.625125 };
  it('spot trades have no trade_id requirement and carry quote_amount (their own shape)', () => {
    expect(issuesOf(stream.validateStreamEvent(event('trades.spot.binance.BTCUSDT', spotTrade)))).toEqual([]);
    const broken = stream.validateStreamEvent(event('trades.spot.binance.BTCUSDT', { ...spotTrade, quote_amount: 'lots' }));
    expect(broken.issues[0].path).toBe('data.quote_amount');
    // The same data on a futures channel is not a futures trade (trade_id is required there).
    expect(issuesOf(stream.validateStreamEvent(event('trades.futures.binance.BTCUSDT', spotTrade)))).toContain('data.trade_id: data.trade_id is required');
  });

  const predictionTrade = { timestamp: 1777900000000, outcome: 'Yes', human_outcome: 'Yes', side: 'buy', price: 0.42, size: 250, event_slug: 'btc-above-100k' };
  it('prediction-market trades: outcome, side, size, event_slug', () => {
    expect(issuesOf(stream.validateStreamEvent(event('trades.predictions.polymarket.will-btc-close-above-100k', predictionTrade)))).toEqual([]);
    expect(issuesOf(stream.validateStreamEvent(event('trades.predictions.polymarket.x', without(predictionTrade, 'side'))))).toContain(
      'data.side: data.side is required',
    );
  });

  const spotTicker = {
    state: 'live',
    timestamp: 1777900000000,
    instrument_name: 'BTCUSDT',
    timeframe: '1m',
    last_price_open: 78440.5,
    last_price_high: 78495,
    last_price_low: 78431.2,
    last_price_close: 78487.4,
  };
  it('spot ohlc.ticker buckets carry last_price_* (not mark_price_*)', () => {
    expect(issuesOf(stream.validateStreamEvent(event('ohlc.ticker.spot.binance.BTCUSDT.1m', spotTicker)))).toEqual([]);
    expect(issuesOf(stream.validateStreamEvent(event('ohlc.ticker.spot.binance.BTCUSDT.1m', without(spotTicker, 'last_price_close'))))).toContain(
      'data.last_price_close: data.last_price_close is required',
    );
    // Derivatives keep mark prices.
    expect(issuesOf(stream.validateStreamEvent(event('ohlc.ticker.perpetuals.binance.BTCUSDT.1m', spotTicker)))).toContain(
      'data.mark_price_open: data.mark_price_open is required',
    );
  });

  it('ohlc.vt buckets carry the liquidated part of each side', () => {
    const vt = {
      state: 'live',
      timestamp: 1777900000000,
      instrument_name: 'BTCUSDT',
      timeframe: '1m',
      open: 78440.5,
      high: 78495,
      low: 78431.2,
      close: 78487.4,
      vwap: 78466.9,
      buy_volume: 41.25,
      sell_volume: 37.8,
      liquidation_buy_volume: 0.4,
      liquidation_sell_volume: 2.15,
    };
    expect(issuesOf(stream.validateStreamEvent(event('ohlc.vt.perpetuals.binance.BTCUSDT.1m', vt)))).toEqual([]);
    expect(stream.validateStreamEvent(event('ohlc.vt.perpetuals.binance.BTCUSDT.1m', { ...vt, liquidation_sell_volume: '2.15' })).issues[0].path).toBe(
      'data.liquidation_sell_volume',
    );
  });

  it('liquidation events (API v1.21.0): position_side, direction, price, amount, amount_usd, mark_price, index_price', () => {
    const liquidation = {
      timestamp: 1777900000000,
      instrument_name: 'BTCUSDT',
      position_side: 'long',
      direction: 'sell',
      price: 78310.2,
      amount: 0.842,
      amount_usd: 65937.19,
      mark_price: 78322.5,
      index_price: 78301.9,
    };
    expect(issuesOf(stream.validateStreamEvent(event('liquidations.perpetuals.binance.BTCUSDT', liquidation)))).toEqual([]);
    for (const field of ['position_side', 'amount_usd', 'index_price'])
      expect(issuesOf(stream.validateStreamEvent(event('liquidations.perpetuals.binance.BTCUSDT', without(liquidation, field))))).toContain(
        `data.${field}: data.${field} is required`,
      );
    expect(issuesOf(stream.validateStreamEvent(event('liquidations.perpetuals.binance.BTCUSDT', {})))).not.toEqual([]);
  });
});

describe('REST (internal/output/book_table.go, CHANGELOG 0.6.0, 0.8.5-0.8.7)', () => {
  const objectLevels = {
    exchange: 'binance',
    instrument_name: 'BTCUSDT',
    margin_type: 'linear',
    date: '2026-05-02T16:16:19Z',
    microprice: 78487.35,
    asks: [
      { price: 78487.4, size: 5.134 },
      { price: 78487.5, size: 0.006 },
    ],
    bids: [
      { price: 78487.3, size: 4.65 },
      { price: 78487.2, size: 0.019 },
    ],
  };
  const page = (row: unknown) => ({ data: [row], meta: { next_cursor: null } });

  it.each(['getPerpetualsOrderbookRaw', 'getFuturesOrderbookRaw', 'getSpotL2OrderbookRaw'])(
    '%s: orderbook-raw levels as {price, size} objects (most products today) validate; the tuple form still does',
    (operationId) => {
      expect(issuesOf(validators.validateResponse(operationId, 200, page(objectLevels)))).toEqual([]);
      const tuples = { ...objectLevels, asks: [[78487.4, 5.134]], bids: [[78487.3, 4.65]] };
      expect(issuesOf(validators.validateResponse(operationId, 200, page(tuples)))).toEqual([]);
      const broken = { ...objectLevels, asks: [{ price: '78487.4', size: 5.134 }] };
      expect(validators.validateResponse(operationId, 200, page(broken)).ok).toBe(false);
      expect(validators.validateResponse(operationId, 200, page({ ...objectLevels, microprice: 'mid' })).ok).toBe(false);
    },
  );

  it('prediction orderbook-raw: the historical tuple form and the object form both validate', () => {
    const row = { asks: [[0.43, 1200]], bids: [{ price: 0.41, size: 800 }] };
    expect(issuesOf(validators.validateResponse('getPredictionsOrderbookRaw', 200, page(row)))).toEqual([]);
    expect(validators.validateResponse('getPredictionsOrderbookRaw', 200, page({ asks: [[0.43]] })).ok).toBe(false);
  });

  it.each(['getOptionsReferencePrice', 'getFuturesReferencePrice', 'getPerpetualsReferencePrice'])(
    '%s: exchange is required ("Exchange parameter is required")',
    (operationId) => {
      const instrument =
        operationId === 'getOptionsReferencePrice' ? 'BTC-27MAR26-100000-C' : operationId === 'getFuturesReferencePrice' ? 'BTC-27MAR26' : 'BTC-PERPETUAL';
      const missing = validators.validateRequest(operationId, { query: { instrument_name: instrument } });
      expect(missing.ok).toBe(false);
      expect(JSON.stringify(missing.issues)).toMatch(/exchange/);
      expect(issuesOf(validators.validateRequest(operationId, { query: { instrument_name: instrument, exchange: 'deribit' } }))).toEqual([]);
    },
  );

  it('spot trades take the filters the CLI sends (cmd/spot/spot.go): quote_currency, direction, sort, top_n', () => {
    const query = { currency: 'BTC', quote_currency: 'USDT', direction: 'buy', sort: 'quote_amount', top_n: 50 };
    expect(issuesOf(validators.validateRequest('getSpotTrades', { query }))).toEqual([]);
    const badSort = validators.validateRequest('getSpotTrades', { query: { ...query, sort: 'premium_usd' } });
    expect(badSort.ok).toBe(false);
    expect(JSON.stringify(badSort.issues)).toMatch(/sort/);
    expect(validators.validateRequest('getSpotTrades', { query: { ...query, direction: 'long' } }).ok).toBe(false);
    expect(validators.validateRequest('getSpotTrades', { query: { ...query, top_n: 0 } }).ok).toBe(false);
  });

  it('snapshot rows carry the fields the flow screener reads (internal/dashboard/columns/perps.go, CHANGELOG 0.11.0)', () => {
    const perps = {
      exchange: 'binance',
      instrument_name: 'BTCUSDT',
      mark_price: 78480.1,
      bid_price: 78480,
      ask_price: 78480.1,
      bid_ask_spread: 0.1,
      volume_usd_24h: 1.2e10,
      oi: 89521.4,
      funding_rate: 0.0001,
    };
    const futures = {
      exchange: 'deribit',
      instrument_name: 'BTC-25DEC26',
      mark_price: 92840.1,
      index_price: 91523.4,
      bid_price: 92838.5,
      ask_price: 92842.5,
      oi: 3525.95,
      days_to_expiry: 29,
    };
    const spot = {
      exchange: 'binance',
      instrument_name: 'BTCUSDT',
      last_price_close: 78487.4,
      bid_ask_spread_close: 0.01,
      volume_24h: 15234.2,
      quote_volume_24h: 1.19e9,
      total_liquidity_close: 42.7,
    };
    for (const [operationId, row, field] of [
      ['getPerpetualsSnapshot', perps, 'bid_ask_spread'],
      ['getFuturesSnapshot', futures, 'oi'],
      ['getSpotSnapshot', spot, 'quote_volume_24h'],
      ['getSpotSnapshot', spot, 'last_price_close'],
      ['getSpotSnapshot', spot, 'total_liquidity_close'],
    ] as const) {
      const body = { data: [row], meta: { next_cursor: null } };
      expect(issuesOf(validators.validateResponse(operationId, 200, body)), operationId).toEqual([]);
      const broken = validators.validateResponse(operationId, 200, { ...body, data: [{ ...row, [field]: 'n/a' }] });
      expect(broken.ok, `${operationId} ${field}`).toBe(false);
      expect(JSON.stringify(broken.issues)).toContain(field);
    }
  });

  it('meta.count (distinct contracts on the instruments registry, API v1.16.0) is an integer', () => {
    const body = { data: [], meta: { next_cursor: null, count: 1342 } };
    expect(issuesOf(validators.validateResponse('getInstruments', 200, body))).toEqual([]);
    const broken = validators.validateResponse('getInstruments', 200, { ...body, meta: { next_cursor: null, count: '1342' } });
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken.issues)).toMatch(/count/);
  });
});

describe('REST, the rest of the CLI (instruments/resolver.go, cmd/*.go, CHANGELOG 0.5.0 and 0.6.0)', () => {
  const openapi = JSON.parse(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));
  const page = (row: unknown) => ({ data: [row], meta: { next_cursor: null, count: 1342 } });
  const perpRecord = {
    exchange: 'binance',
    instrument_name: 'BTCUSDT',
    base_currency: 'BTC',
    quote_currency: 'USDT',
    market_type: 'perpetual',
    margin_type: 'linear',
    sub_exchange: '',
    status: 'active',
    tick_size: 0.1,
  };
  const spotRecord = { ...perpRecord, exchange: 'coinbase', instrument_name: 'BTC-USD', quote_currency: 'USD', market_type: 'spot', margin_type: '' };
  const subVenueRecord = {
    ...perpRecord,
    exchange: 'hyperliquid',
    instrument_name: 'hyna:ETH',
    base_currency: 'ETH',
    quote_currency: 'USD',
    sub_exchange: 'hyna',
  };

  it('instrument records type the fields the resolver decodes: base/quote currency, singular market_type, margin_type, sub_exchange, status', () => {
    for (const row of [perpRecord, spotRecord, subVenueRecord])
      expect(issuesOf(validators.validateResponse('getInstruments', 200, page(row))), row.instrument_name).toEqual([]);
    for (const [field, value] of [
      ['base_currency', 7],
      ['quote_currency', null],
      ['market_type', 'perpetuals'],
      ['margin_type', 1],
      ['sub_exchange', false],
      ['status', 3],
    ] as const) {
      const broken = validators.validateResponse('getInstruments', 200, page({ ...perpRecord, [field]: value }));
      expect(broken.ok, field).toBe(false);
      expect(JSON.stringify(broken.issues), field).toContain(`data[0].${field}`);
    }
    const record = openapi.components.schemas.InstrumentRecord;
    expect(record['x-unpublished-shape']).toBe(true);
    expect(record.properties.sub_exchange['x-source']).toContain(`${CLI}8cea601f79ea75417086b8800b0ac8aedcdc3644/internal/instruments/resolver.go`);
  });

  it('the instruments filter takes the singular market tokens (internal/api/markets.go), not the stream plurals', () => {
    for (const market_type of ['perpetual', 'future', 'option', 'spot', 'prediction'])
      expect(
        issuesOf(validators.validateRequest('getInstruments', { query: { market_type, base_currency: 'BTC', margin_type: 'linear' } })),
        market_type,
      ).toEqual([]);
    for (const [field, value] of <[string, string][]>[
      ['market_type', 'perpetuals'],
      ['margin_type', 'usdt'],
    ]) {
      const broken = validators.validateRequest('getInstruments', { query: { [field]: value } });
      expect(broken.ok, field).toBe(false);
      expect(JSON.stringify(broken.issues), field).toContain(`query.${field}`);
    }
    expect(openapi.components.schemas.MarketType['x-source']).toContain(`${CLI}55d86551b619dc391f457b9c2a6ef2e1786fbc1f/internal/api/markets.go`);
  });

  it('the futures catalog takes maturity (cmd/futures/futures.go), as DDMMMYY', () => {
    expect(issuesOf(validators.validateRequest('getFuturesCatalog', { query: { currency: 'BTC', maturity: '26MAR27' } }))).toEqual([]);
    const broken = validators.validateRequest('getFuturesCatalog', { query: { currency: 'BTC', maturity: '2027-03-26' } });
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken.issues)).toContain('query.maturity');
  });

  it('options trades take top_n (CHANGELOG 0.6.0: the API documents it for options trades)', () => {
    expect(issuesOf(validators.validateRequest('getOptionsTrades', { query: { currency: 'BTC', sort: 'premium_usd', top_n: 20 } }))).toEqual([]);
    const broken = validators.validateRequest('getOptionsTrades', { query: { currency: 'BTC', top_n: 0 } });
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken.issues)).toContain('query.top_n');
  });

  it('realized volatility takes exchange (cmd/analytics/analytics.go sends it on every snapshot request)', () => {
    const query = { instrument_name: 'BTC-PERPETUAL', exchange: 'deribit', window_days: 30, estimator: 'parkinson', frequency: 'daily' };
    expect(issuesOf(validators.validateRequest('getAnalyticsRealizedVolatility', { query }))).toEqual([]);
    const broken = validators.validateRequest('getAnalyticsRealizedVolatility', { query: { ...query, exchange: '' } });
    expect(broken.ok).toBe(false);
    expect(JSON.stringify(broken.issues)).toContain('query.exchange');
  });

  it('prediction snapshot takes keyword and instrument_name; catalog and snapshot take exchange=polymarket (cmd/predictions/predictions.go)', () => {
    const snapshot = { exchange: 'polymarket', category: 'crypto', keyword: 'bitcoin', instrument_name: 'will-bitcoin-reach-100000-by-december-31-2026-YES' };
    expect(issuesOf(validators.validateRequest('getPredictionsSnapshot', { query: snapshot }))).toEqual([]);
    expect(issuesOf(validators.validateRequest('getPredictionsCatalog', { query: { exchange: 'polymarket', keyword: 'bitcoin' } }))).toEqual([]);
    for (const field of ['keyword', 'instrument_name', 'exchange'] as const) {
      const broken = validators.validateRequest('getPredictionsSnapshot', { query: { ...snapshot, [field]: '' } });
      expect(broken.ok, field).toBe(false);
      expect(JSON.stringify(broken.issues), field).toContain(`query.${field}`);
    }
    expect(validators.validateRequest('getPredictionsCatalog', { query: { exchange: '' } }).ok).toBe(false);
  });
});

describe('stream event discriminators (docs/SKILL.md: maturity, quote_currency, condition_id, category)', () => {
  const SKILL = `${CLI}0e61ce1b8dd0f72d76c95b3803291b746f786f79/docs/SKILL.md`;
  const perpTrade = {
    trade_id: '6120458123',
    timestamp: 1777900000000,
    instrument_name: 'BTC-PERPETUAL',
    direction: 'buy',
    price: 78487.4,
    amount: 50000,
    maturity: 'PERPETUAL',
  };
  const futureTrade = { ...perpTrade, instrument_name: 'BTC-26JUN26', maturity: '26JUN26' };
  const spotTrade = {
    timestamp: 1777900000000,
    instrument_name: 'BTCUSDT',
    price: 78450.01,
    amount: 0.0125,
    direction: 'sell',
    quote_amount: 980.625125,
    quote_currency: 'USDT',
  };
  const predictionTrade = {
    timestamp: 1777900000000,
    condition_id: '0x5f65177b394277fd294cd75650044e32ba009a95022d88a0c1d565897d72f8f1',
    outcome: 'Yes',
    side: 'buy',
    price: 0.42,
    size: 250,
    event_slug: 'btc-above-100k',
  };
  const liquidation = {
    timestamp: 1777900000000,
    instrument_name: 'BTCUSDT',
    category: 'forced',
    position_side: 'long',
    direction: 'sell',
    price: 78310.2,
    amount: 0.842,
    amount_usd: 65937.19,
    mark_price: 78322.5,
    index_price: 78301.9,
  };
  const cases = [
    ['trades.perpetuals.deribit.BTC-PERPETUAL', 'maturity', perpTrade],
    ['trades.futures.deribit.BTC-26JUN26', 'maturity', futureTrade],
    ['trades.spot.binance.BTCUSDT', 'quote_currency', spotTrade],
    ['trades.predictions.polymarket.will-btc-close-above-100k-YES', 'condition_id', predictionTrade],
    ['liquidations.perpetuals.binance.BTCUSDT', 'category', liquidation],
  ] as const;

  it.each(cases)('%s: the discriminating field %s is typed', (channel, field, data) => {
    expect(issuesOf(stream.validateStreamEvent(event(channel, data)))).toEqual([]);
    const broken = stream.validateStreamEvent(event(channel, { ...data, [field]: 42 }));
    expect(broken.ok, field).toBe(false);
    expect(broken.issues[0].path).toBe(`data.${field}`);
  });

  it('each discriminator names its source', () => {
    const schemas = asyncapi.components.schemas;
    for (const [schema, field] of <[string, string][]>[
      ['TradeData', 'maturity'],
      ['SpotTradeData', 'quote_currency'],
      ['PredictionTradeData', 'condition_id'],
      ['LiquidationData', 'category'],
    ])
      expect(schemas[schema].properties[field]['x-source'], `${schema}.${field}`).toContain(SKILL);
  });
});

describe('legacy rows the Python SDK types (Laevitas/Laevitas-sdk Laevitas/dataclasses.py)', () => {
  const SDK = 'https://github.com/Laevitas/Laevitas-sdk/blob/07c7b94e5b12220569c7a126923c6a97a542b282/Laevitas/dataclasses.py';
  const openapi = JSON.parse(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));

  it('analytics/options/oi_expiry: rows of maturity, c, p, notional_c, notional_p', () => {
    const body = { date: 1795186800000, data: [{ maturity: '27MAR26', c: 41250.4, p: 28710.9, notional_c: 3781562340.2, notional_p: 2632017553.8 }] };
    expect(issuesOf(validators.validateResponse('getLegacyOptionsOpenInterestByExpiry', 200, body))).toEqual([]);
    for (const [field, wrong] of [
      ['maturity', 20260327],
      ['c', '41250.4'],
      ['notional_p', 'n/a'],
    ] as const) {
      const broken = validators.validateResponse('getLegacyOptionsOpenInterestByExpiry', 200, { ...body, data: [{ ...body.data[0], [field]: wrong }] });
      expect(broken.ok, field).toBe(false);
      expect(JSON.stringify(broken.issues), field).toContain(`data[0].${field}`);
    }
    expect(validators.validateResponse('getLegacyOptionsOpenInterestByExpiry', 200, { date: 1795186800000, data: { c: 1 } }).ok).toBe(false);
    expect(openapi.components.schemas.LegacyOptionsOiByExpiryRow['x-source']).toContain(SDK);
  });

  it('historical/options/iv: items carry date, mark_iv, bid_iv, ask_iv', () => {
    const body = {
      meta: { total: 48, page: 1, items: 1, total_pages: 48 },
      items: [{ date: 1795183200000, mark_iv: 52.31, bid_iv: 51.8, ask_iv: 52.95 }],
    };
    expect(issuesOf(validators.validateResponse('getLegacyHistoricalOptionsIV', 200, body))).toEqual([]);
    for (const field of ['mark_iv', 'bid_iv', 'ask_iv']) {
      const broken = validators.validateResponse('getLegacyHistoricalOptionsIV', 200, { ...body, items: [{ ...body.items[0], [field]: '52%' }] });
      expect(broken.ok, field).toBe(false);
      expect(JSON.stringify(broken.issues), field).toContain(`items[0].${field}`);
    }
    expect(openapi.components.schemas.LegacyHistoricalOptionsIvRow['x-source']).toContain(SDK);
  });
});
