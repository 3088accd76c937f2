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

const openapi = JSON.parse(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));

const CLI = 'https://github.com/Laevitas/cli/blob/';
type Data = Record<string, unknown>;
type Result = { ok: boolean; issues?: { path: string; message: string }[] };
type Validate = (value: any) => Result;
const issuesOf = (result: Result) => (result.ok ? [] : result.issues!.map((i) => `${i.path}: ${i.message}`));
const event = (channel: string, data: Data) => ({ channel, data });
const without = (data: Data, field: string) => Object.fromEntries(Object.entries(data).filter(([k]) => k !== field));

// The validators each fact goes through.
const onChannel =
  (channel: string): Validate =>
  (data) =>
    stream.validateStreamEvent(event(channel, data));
const asMessage =
  (kind: string): Validate =>
  (message) =>
    stream.validateStreamMessage(kind, message);
const asRequest =
  (operationId: string): Validate =>
  (query) =>
    validators.validateRequest(operationId, { query });
const asResponse =
  (operationId: string): Validate =>
  (body) =>
    validators.validateResponse(operationId, 200, body);

/**
 * One fact of a table: every `valid` value passes, every `broken` value fails with an issue that names the place
 * (an issue `path: message` equal to the string, or whose path is that path or lies inside it; or matching the RegExp).
 */
type Check = { validate: Validate; valid: unknown[]; broken: (readonly [value: unknown, issue: string | RegExp])[] };
type Fact = { test: string; checks: Check[]; also?: () => void };
/** Marks a field the broken copy leaves out (the issue is then "<path> is required"). */
const MISSING = Symbol('missing');
type Break = readonly [field: string, wrong: unknown];

/**
 * The samples pass; a copy of the first broken at each field (another value, or MISSING) fails naming that field.
 * `at` is the path prefix the field has in the validated value, `wrap` puts a sample in it (a page, a body).
 */
function fieldCheck(validate: Validate, at: string, samples: Data[], breaks: readonly Break[], wrap: (sample: Data) => unknown = (d) => d): Check {
  const first = samples[0]!;
  return {
    validate,
    valid: samples.map(wrap),
    broken: breaks.map(([field, wrong]) => {
      const copy = wrong === MISSING ? without(first, field) : { ...first, [field]: wrong };
      return [wrap(copy), wrong === MISSING ? `${at}${field}: ${at}${field} is required` : `${at}${field}`] as const;
    }),
  };
}
/** A value the validator must refuse with the issue named (one valid elsewhere, or broken beyond one field). */
const refusal = (validate: Validate, value: unknown, issue: string | RegExp): Check => ({ validate, valid: [], broken: [[value, issue]] });

function holds({ checks, also }: Fact) {
  for (const { validate, valid, broken } of checks) {
    for (const value of valid) expect(issuesOf(validate(value)), JSON.stringify(value).slice(0, 120)).toEqual([]);
    for (const [value, issue] of broken) {
      const found = issuesOf(validate(value));
      const named = found.some((text) =>
        typeof issue === 'string' ? text === issue || [': ', '.', '['].some((next) => text.startsWith(issue + next)) : issue.test(text),
      );
      expect(named, `${String(issue)} among ${JSON.stringify(found)}`).toBe(true);
    }
  }
  also?.();
}
/** One test per fact of the table, named by the fact. */
const itHolds = (facts: Fact[]) => {
  for (const fact of facts) it(fact.test, () => holds(fact));
};

// Real-shaped samples from the CLI's renderers (internal/wsrender/wsrender.go, panels/flow_tape.go), one each; the
// discriminator facts (docs/SKILL.md) extend them.
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
const spotTrade = { timestamp: 1777900000000, instrument_name: 'BTCUSDT', price: 78450.01, amount: 0.0125, direction: 'sell', quote_amount: 980.625125 };
const predictionTrade = { timestamp: 1777900000000, outcome: 'Yes', human_outcome: 'Yes', side: 'buy', price: 0.42, size: 250, event_slug: 'btc-above-100k' };
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

  const reply = { id: 1, result: { channels: ['trades.perpetuals.binance.BTCUSDT', 'book.perpetuals.*.BTCUSDT'], subscriptionIds: ['a1', 'b2'] } };
  const unsubscribe = { id: 9, method: 'unsubscribe', params: { subscriptionId: 'a1' } };
  const errorReply = (error: Data) => ({ id: 3, error });
  itHolds([
    {
      test: 'a subscribe reply carries result {channels, subscriptionIds} as parallel arrays',
      checks: [
        {
          validate: asMessage('SubscribeReply'),
          valid: [reply],
          broken: [
            [{ id: 1, result: { channels: reply.result.channels } }, 'result.subscriptionIds: result.subscriptionIds is required'],
            [{ id: 1, result: { ...reply.result, subscriptionIds: [7, 8] } }, /^result\.subscriptionIds\[0\]: .*string/],
          ],
        },
      ],
    },
    {
      test: 'unsubscribe names one subscriptionId (the {channels} form is not a request of the gateway)',
      checks: [
        {
          validate: asMessage('UnsubscribeRequest'),
          valid: [unsubscribe],
          broken: [[{ ...unsubscribe, params: { channels: ['trades.*'] } }, 'params.subscriptionId: params.subscriptionId is required']],
        },
      ],
    },
    {
      test: 'an error reply is {code, message}; 401 and 403 are the authentication codes',
      checks: [
        {
          validate: asMessage('ErrorReply'),
          valid: [errorReply({ code: 401, message: 'Authentication required' }), errorReply({ code: 403, message: 'Invalid API key' })],
          broken: [[errorReply({ message: 'Authentication required' }), 'error.code: error.code is required']],
        },
      ],
      also: () => expect(asyncapi.components.schemas.RequestError.properties.code.examples).toEqual([401, 403]),
    },
  ]);

  it('close codes 4001-4005 and 4008 are documented with the reaction the official client takes', () => {
    const codes = asyncapi.servers.native['x-close-codes'].map((c: { code: number }) => c.code);
    for (const code of [4001, 4002, 4003, 4004, 4005, 4008]) expect(codes).toContain(code);
    expect(asyncapi.servers.native['x-close-codes'].find((c: { code: number }) => c.code === 4001).reconnect).toBe('never');
  });
});

describe('stream payloads (internal/wsrender/wsrender.go, panels/flow_tape.go, CHANGELOG 0.8.1)', () => {
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
  const liquidations = onChannel('liquidations.perpetuals.binance.BTCUSDT');
  itHolds([
    {
      test: 'perpetuals/futures trades: timestamp, date, basis and coin_amount are typed',
      checks: [
        fieldCheck(
          onChannel('trades.perpetuals.binance.BTCUSDT'),
          'data.',
          [perpTrade],
          [
            ['basis', '32.2'],
            ['timestamp', '1777900000000'],
            ['coin_amount', '5.134'],
            ['date', 'yesterday'],
          ],
        ),
      ],
    },
    {
      test: 'spot trades have no trade_id requirement and carry quote_amount (their own shape)',
      checks: [
        fieldCheck(onChannel('trades.spot.binance.BTCUSDT'), 'data.', [spotTrade], [['quote_amount', 'lots']]),
        // The same data on a futures channel is not a futures trade (trade_id is required there).
        refusal(onChannel('trades.futures.binance.BTCUSDT'), spotTrade, 'data.trade_id: data.trade_id is required'),
      ],
    },
    {
      test: 'prediction-market trades: outcome, side, size, event_slug',
      checks: [fieldCheck(onChannel('trades.predictions.polymarket.will-btc-close-above-100k'), 'data.', [predictionTrade], [['side', MISSING]])],
    },
    {
      test: 'spot ohlc.ticker buckets carry last_price_* (not mark_price_*)',
      checks: [
        fieldCheck(onChannel('ohlc.ticker.spot.binance.BTCUSDT.1m'), 'data.', [spotTicker], [['last_price_close', MISSING]]),
        // Derivatives keep mark prices.
        refusal(onChannel('ohlc.ticker.perpetuals.binance.BTCUSDT.1m'), spotTicker, 'data.mark_price_open: data.mark_price_open is required'),
      ],
    },
    {
      test: 'ohlc.vt buckets carry the liquidated part of each side',
      checks: [fieldCheck(onChannel('ohlc.vt.perpetuals.binance.BTCUSDT.1m'), 'data.', [vt], [['liquidation_sell_volume', '2.15']])],
    },
    {
      test: 'liquidation events (API v1.21.0): position_side, direction, price, amount, amount_usd, mark_price, index_price',
      checks: [
        fieldCheck(
          liquidations,
          'data.',
          [liquidation],
          [
            ['position_side', MISSING],
            ['amount_usd', MISSING],
            ['index_price', MISSING],
          ],
        ),
        refusal(liquidations, {}, /^data\.\w+: data\.\w+ is required$/),
      ],
    },
  ]);
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
    (operationId) =>
      holds({
        test: operationId,
        checks: [
          fieldCheck(
            asResponse(operationId),
            'data[0].',
            [objectLevels, { ...objectLevels, asks: [[78487.4, 5.134]], bids: [[78487.3, 4.65]] }],
            [
              ['asks', [{ price: '78487.4', size: 5.134 }]],
              ['microprice', 'mid'],
            ],
            page,
          ),
        ],
      }),
  );

  it.each(['getOptionsReferencePrice', 'getFuturesReferencePrice', 'getPerpetualsReferencePrice'])(
    '%s: exchange is required ("Exchange parameter is required")',
    (operationId) => {
      const instrument =
        operationId === 'getOptionsReferencePrice' ? 'BTC-27MAR26-100000-C' : operationId === 'getFuturesReferencePrice' ? 'BTC-27MAR26' : 'BTC-PERPETUAL';
      holds({
        test: operationId,
        checks: [fieldCheck(asRequest(operationId), 'query.', [{ instrument_name: instrument, exchange: 'deribit' }], [['exchange', MISSING]])],
      });
    },
  );

  const snapshots = {
    perps: {
      exchange: 'binance',
      instrument_name: 'BTCUSDT',
      mark_price: 78480.1,
      bid_price: 78480,
      ask_price: 78480.1,
      bid_ask_spread: 0.1,
      volume_usd_24h: 1.2e10,
      oi: 89521.4,
      funding_rate: 0.0001,
    },
    futures: {
      exchange: 'deribit',
      instrument_name: 'BTC-25DEC26',
      mark_price: 92840.1,
      index_price: 91523.4,
      bid_price: 92838.5,
      ask_price: 92842.5,
      oi: 3525.95,
      days_to_expiry: 29,
    },
    spot: {
      exchange: 'binance',
      instrument_name: 'BTCUSDT',
      last_price_close: 78487.4,
      bid_ask_spread_close: 0.01,
      volume_24h: 15234.2,
      quote_volume_24h: 1.19e9,
      total_liquidity_close: 42.7,
    },
  };
  const spotTradesQuery = { currency: 'BTC', quote_currency: 'USDT', direction: 'buy', sort: 'quote_amount', top_n: 50 };
  itHolds([
    {
      test: 'prediction orderbook-raw: the historical tuple form and the object form both validate',
      checks: [
        fieldCheck(asResponse('getPredictionsOrderbookRaw'), 'data[0].', [{ asks: [[0.43, 1200]], bids: [{ price: 0.41, size: 800 }] }], [], page),
        refusal(asResponse('getPredictionsOrderbookRaw'), page({ asks: [[0.43]] }), 'data[0].asks[0]'),
      ],
    },
    {
      test: 'spot trades take the filters the CLI sends (cmd/spot/spot.go): quote_currency, direction, sort, top_n',
      checks: [
        fieldCheck(
          asRequest('getSpotTrades'),
          'query.',
          [spotTradesQuery],
          [
            ['sort', 'premium_usd'],
            ['direction', 'long'],
            ['top_n', 0],
          ],
        ),
      ],
    },
    {
      test: 'snapshot rows carry the fields the flow screener reads (internal/dashboard/columns/perps.go, CHANGELOG 0.11.0)',
      checks: [
        fieldCheck(asResponse('getPerpetualsSnapshot'), 'data[0].', [snapshots.perps], [['bid_ask_spread', 'n/a']], page),
        fieldCheck(asResponse('getFuturesSnapshot'), 'data[0].', [snapshots.futures], [['oi', 'n/a']], page),
        fieldCheck(
          asResponse('getSpotSnapshot'),
          'data[0].',
          [snapshots.spot],
          [
            ['quote_volume_24h', 'n/a'],
            ['last_price_close', 'n/a'],
            ['total_liquidity_close', 'n/a'],
          ],
          page,
        ),
      ],
    },
    {
      test: 'meta.count (distinct contracts on the instruments registry, API v1.16.0) is an integer',
      checks: [fieldCheck(asResponse('getInstruments'), 'meta.', [{ next_cursor: null, count: 1342 }], [['count', '1342']], (meta) => ({ data: [], meta }))],
    },
  ]);
});

describe('REST, the rest of the CLI (instruments/resolver.go, cmd/*.go, CHANGELOG 0.5.0 and 0.6.0)', () => {
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
  const predictionSnapshot = {
    exchange: 'polymarket',
    category: 'crypto',
    keyword: 'bitcoin',
    instrument_name: 'will-bitcoin-reach-100000-by-december-31-2026-YES',
  };

  itHolds([
    {
      test: 'instrument records type the fields the resolver decodes: base/quote currency, singular market_type, margin_type, sub_exchange, status',
      checks: [
        fieldCheck(
          asResponse('getInstruments'),
          'data[0].',
          [perpRecord, spotRecord, subVenueRecord],
          [
            ['base_currency', 7],
            ['quote_currency', null],
            ['market_type', 'perpetuals'],
            ['margin_type', 1],
            ['sub_exchange', false],
            ['status', 3],
          ],
          page,
        ),
      ],
      also: () => {
        const record = openapi.components.schemas.InstrumentRecord;
        expect(record['x-unpublished-shape']).toBe(true);
        expect(record.properties.sub_exchange['x-source']).toContain(`${CLI}8cea601f79ea75417086b8800b0ac8aedcdc3644/internal/instruments/resolver.go`);
      },
    },
    {
      test: 'the instruments filter takes the singular market tokens (internal/api/markets.go), not the stream plurals',
      checks: [
        fieldCheck(
          asRequest('getInstruments'),
          'query.',
          ['perpetual', 'future', 'option', 'spot', 'prediction'].map((market_type) => ({ market_type, base_currency: 'BTC', margin_type: 'linear' })),
          [
            ['market_type', 'perpetuals'],
            ['margin_type', 'usdt'],
          ],
        ),
      ],
      also: () => expect(openapi.components.schemas.MarketType['x-source']).toContain(`${CLI}55d86551b619dc391f457b9c2a6ef2e1786fbc1f/internal/api/markets.go`),
    },
    {
      test: 'the futures catalog takes maturity (cmd/futures/futures.go), as DDMMMYY',
      checks: [fieldCheck(asRequest('getFuturesCatalog'), 'query.', [{ currency: 'BTC', maturity: '26MAR27' }], [['maturity', '2027-03-26']])],
    },
    {
      test: 'options trades take top_n (CHANGELOG 0.6.0: the API documents it for options trades)',
      checks: [fieldCheck(asRequest('getOptionsTrades'), 'query.', [{ currency: 'BTC', sort: 'premium_usd', top_n: 20 }], [['top_n', 0]])],
    },
    {
      test: 'realized volatility takes exchange (cmd/analytics/analytics.go sends it on every snapshot request)',
      checks: [
        fieldCheck(
          asRequest('getAnalyticsRealizedVolatility'),
          'query.',
          [{ instrument_name: 'BTC-PERPETUAL', exchange: 'deribit', window_days: 30, estimator: 'parkinson', frequency: 'daily' }],
          [['exchange', '']],
        ),
      ],
    },
    {
      test: 'prediction snapshot takes keyword and instrument_name; catalog and snapshot take exchange=polymarket (cmd/predictions/predictions.go)',
      checks: [
        fieldCheck(
          asRequest('getPredictionsSnapshot'),
          'query.',
          [predictionSnapshot],
          [
            ['keyword', ''],
            ['instrument_name', ''],
            ['exchange', ''],
          ],
        ),
        fieldCheck(asRequest('getPredictionsCatalog'), 'query.', [{ exchange: 'polymarket', keyword: 'bitcoin' }], [['exchange', '']]),
      ],
    },
  ]);
});

describe('stream event discriminators (docs/SKILL.md: maturity, quote_currency, condition_id, category)', () => {
  const SKILL = `${CLI}0e61ce1b8dd0f72d76c95b3803291b746f786f79/docs/SKILL.md`;
  const deribitPerp = { ...perpTrade, instrument_name: 'BTC-PERPETUAL', maturity: 'PERPETUAL' };
  const cases = [
    ['trades.perpetuals.deribit.BTC-PERPETUAL', 'maturity', deribitPerp],
    ['trades.futures.deribit.BTC-26JUN26', 'maturity', { ...deribitPerp, instrument_name: 'BTC-26JUN26', maturity: '26JUN26' }],
    ['trades.spot.binance.BTCUSDT', 'quote_currency', { ...spotTrade, quote_currency: 'USDT' }],
    [
      'trades.predictions.polymarket.will-btc-close-above-100k-YES',
      'condition_id',
      { ...predictionTrade, condition_id: '0x5f65177b394277fd294cd75650044e32ba009a95022d88a0c1d565897d72f8f1' },
    ],
    ['liquidations.perpetuals.binance.BTCUSDT', 'category', { ...liquidation, category: 'forced' }],
  ] as const;

  it.each(cases)('%s: the discriminating field %s is typed', (channel, field, data) =>
    holds({ test: channel, checks: [fieldCheck(onChannel(channel), 'data.', [data], [[field, 42]])] }),
  );

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
  const oiExpiry = asResponse('getLegacyOptionsOpenInterestByExpiry');

  itHolds([
    {
      test: 'analytics/options/oi_expiry: rows of maturity, c, p, notional_c, notional_p',
      checks: [
        fieldCheck(
          oiExpiry,
          'data[0].',
          [{ maturity: '27MAR26', c: 41250.4, p: 28710.9, notional_c: 3781562340.2, notional_p: 2632017553.8 }],
          [
            ['maturity', 20260327],
            ['c', '41250.4'],
            ['notional_p', 'n/a'],
          ],
          (row) => ({ date: 1795186800000, data: [row] }),
        ),
        refusal(oiExpiry, { date: 1795186800000, data: { c: 1 } }, 'data'),
      ],
      also: () => expect(openapi.components.schemas.LegacyOptionsOiByExpiryRow['x-source']).toContain(SDK),
    },
    {
      test: 'historical/options/iv: items carry date, mark_iv, bid_iv, ask_iv',
      checks: [
        fieldCheck(
          asResponse('getLegacyHistoricalOptionsIV'),
          'items[0].',
          [{ date: 1795183200000, mark_iv: 52.31, bid_iv: 51.8, ask_iv: 52.95 }],
          [
            ['mark_iv', '52%'],
            ['bid_iv', '52%'],
            ['ask_iv', '52%'],
          ],
          (row) => ({ meta: { total: 48, page: 1, items: 1, total_pages: 48 }, items: [row] }),
        ),
      ],
      also: () => expect(openapi.components.schemas.LegacyHistoricalOptionsIvRow['x-source']).toContain(SDK),
    },
  ]);
});
