// Imports the packages as another repo would. run.mjs compiles this file under every module setting: as ESM
// (uses.mts), as CommonJS (copied to .tmp/uses.cts) and as .tmp/uses.ts for bundler and node10.
// Every expect-error directive below proves the types reject a mistake.
import {
  MARKETS_A,
  RESOLUTIONS,
  type ApiError400,
  type OhlcvtRow,
  type LegacyFuturesLiveRow,
  type GexRow,
  type V1Envelope,
  type ResponseBody,
  type QueryParams,
  type MarketsA,
  type Resolution,
} from '@laevitas-api/types';
import type { OperationId, SuccessStatus } from '@laevitas-api/types/operations';
import { createClient, RateLimitError, PaymentRequiredError } from '@laevitas-api/client';
import { createCore, paginate } from '@laevitas-api/client/core';
import { getOptionsOhlcvt as ohlcvtOperation, getHealth as healthOperation } from '@laevitas-api/client/operations';
import { credentialHeaders } from '@laevitas-api/client/wire';
import { validateResponse } from '@laevitas-api/validators';
import { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt';

const opId: OperationId = 'getOptionsOhlcvt';
const ok: SuccessStatus<'getOptionsOhlcvt'> = 200;
const market: MarketsA = MARKETS_A[0];
const resolution: Resolution = RESOLUTIONS[3];
// @ts-expect-error not a member of MARKETS_A
const badMarket: MarketsA = 'BLITZ';
// @ts-expect-error 7m is not a resolution
const badResolution: Resolution = '7m';

const page: V1Envelope<OhlcvtRow> = { data: [], meta: { next_cursor: null } };
const body: ResponseBody<'getOptionsOhlcvt'> = page;
const query: QueryParams<'getOptionsOhlcvt'> = { resolution: '1h', limit: 100, instrument_name: 'BTC-26MAR27-100000-C' };
// @ts-expect-error limit is a number
const badQuery: QueryParams<'getOptionsOhlcvt'> = { limit: '100' };
// exactOptionalPropertyTypes: an optional parameter takes an explicit undefined (the client and validators drop it).
declare const maybeLimit: number | undefined;
const explicitUndefined: QueryParams<'getOptionsOhlcvt'> = { resolution: '1h', limit: maybeLimit, cursor: undefined };
const error: ApiError400 = { statusCode: 400, message: ['x'], error: 'Bad Request' };
declare const row: LegacyFuturesLiveRow;
const short: number = row.liquidations.short;
declare const gex: GexRow;
const regime: 'positive' | 'negative' | 'neutral' = gex.regime;

const client = createClient({ apiKey: 'k' });
async function use() {
  const ohlcvt = await client.getOptionsOhlcvt({ query: { resolution: '1h' } });
  const first: OhlcvtRow | undefined = ohlcvt.data[0];
  await client.getOptionsOhlcvt({ query: { resolution: '1h', limit: maybeLimit, instrument_name: undefined } });
  const live = await client.getLegacyFutures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
  const d: number = live.date;
  // @ts-expect-error the path parameters are required
  await client.getLegacyFutures();
  // @ts-expect-error market must be in MARKETS_A
  await client.getLegacyFutures({ path: { market: 'NOPE', currency: 'BTC', maturity: '26MAR27' } });
  // An operation from the legacy catalog: typed path parameters (C/P value set) and a row field named by public clients.
  const greeks = await client.getLegacyOptionsGreeks({ path: { market: 'deribit', currency: 'BTC', maturity: '25DEC26', type: 'C' } });
  const strike: number = greeks.data[0]!.strike;
  // @ts-expect-error the option type is C or P
  await client.getLegacyOptionsGreeks({ path: { market: 'deribit', currency: 'BTC', maturity: '25DEC26', type: 'CALL' } });
  for await (const r of client.paginate('getOptionsOhlcvt', { query: { limit: 1000 } })) {
    const date: string = r.date;
  }
  try {
    await client.call('postVolSurfaceRiskLadder', { body: { positions: [{ expiry: '26MAR27' }] } });
  } catch (e) {
    if (e instanceof RateLimitError) console.log(e.retryAfterMs);
    if (e instanceof PaymentRequiredError) console.log(e.requirements?.accepts[0]?.amount);
  }
  // The resource namespaces, the core with single operations, the per-call options and the wire layer.
  const viaNamespace: OhlcvtRow | undefined = (await client.v1.options.ohlcvt({ query: { resolution: '1h' } }, { timeout: 5_000 })).data[0];
  const viaCore: OhlcvtRow | undefined = (
    await createCore({ validators: { getOptionsOhlcvt }, validateResponses: 'throw' }).request(ohlcvtOperation, { query: { resolution: '1h' } })
  ).data[0];
  for await (const r of paginate(createCore(), ohlcvtOperation, { query: { limit: 10 } })) void r.date;
  // @ts-expect-error getHealth is not paginated
  client.paginate('getHealth');
  // @ts-expect-error nor by value
  paginate(createCore(), healthOperation);
  // @ts-expect-error per-call options are the next argument, not parameters
  await client.call('getOptionsOhlcvt', { query: {}, timeout: 5 });
  const sent: Record<string, string> = credentialHeaders('legacy', { apiKey: 'k' });
  void [viaNamespace, viaCore, sent];
  const checked = validateResponse('getOptionsOhlcvt', 200, {});
  if (checked.ok) {
    const rows: OhlcvtRow[] = checked.data.data;
  } else {
    const messages: string[] = checked.issues.map((i) => i.message);
  }
  const one = getOptionsOhlcvt.validateRequest({ query: { resolution: '1h' } });
  return [opId, ok, first, d, one, market, resolution, badMarket, badResolution, body, query, badQuery, explicitUndefined, error, short, regime];
}
export { use };

// The stream entries (AsyncAPI contract): typed patterns and events, the gateway's tables, the event validator.
import { STREAM_CLOSE_CODES, STREAM_LIMITS, type StreamEventOf, type StreamPattern, type TradesEvent } from '@laevitas-api/types/stream';
import { validateStreamEvent, parseChannelPattern } from '@laevitas-api/validators/stream';

function useStream(frame: unknown) {
  const pattern: StreamPattern = 'trades.futures.*';
  // @ts-expect-error the timeframe position takes no wildcard
  const badPattern: StreamPattern = 'ohlc.vt.futures.okx.BTC-USD.*';
  const trade: StreamEventOf<'trades.futures.*'> = {
    channel: 'trades.futures.binance.BTCUSDT',
    data: { trade_id: '1', instrument_name: 'BTCUSDT', direction: 'buy', price: 1 },
  };
  const price: number = (trade satisfies TradesEvent).data.price;
  const result = validateStreamEvent(frame, { pattern });
  const messages: string[] = result.issues.map((i) => i.message);
  const parsed = parseChannelPattern(pattern);
  const family = parsed.ok ? parsed.family : parsed.error;
  const never4001 = STREAM_CLOSE_CODES.find((c) => c.code === 4001)?.reconnect === 'never';
  return [badPattern, price, messages, family, never4001, STREAM_LIMITS.subscriptionsPerConnection];
}
export { useStream };
