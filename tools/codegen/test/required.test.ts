// Required means required: a body replaced by `{}`, or a first row stripped of every field, must be rejected by the
// generated validators for every success response of every operation. Exceptions are listed with the reason the
// documents give (a body that may be empty, or a shape the service does not publish).
// Also: documented rows stay additive on the wire, an undocumented extra field is accepted.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { loadBundle, operations, resolve$ref } from './load.js';

const require = createRequire(import.meta.url);
const validators = require('../../../packages/validators/index.cjs');
const doc = loadBundle();
const ops = operations(doc);

const NO_FIELD_LIST = 'the service does not publish any field of this body, so no member can be required';
const PAYMENT_DTO = 'the payment and credit-token response objects are named but their field lists are not published';
const RISK = 'the risk calls publish only some fields of their position objects, not the response envelope';

/** `operationId status` → why `{}` is an acceptable body. */
const EMPTY_BODY_OK: Record<string, string> = {
  ...Object.fromEntries(
    ['getFuturesMetadata', 'getOptionsMetadata', 'getPerpetualsMetadata', 'getPredictionsMetadata', 'getSpotMetadata'].map((id) => [
      `${id} 200`,
      'the metadata response (MetadataResponseEntity) has no published field list',
    ]),
  ),
  'getHealth 200': NO_FIELD_LIST,
  'getWellKnownX402 200': NO_FIELD_LIST,
  'getX402SubscriptionsProducts 200': 'the product responses have no published field list',
  'getX402TickDataProducts 200': 'the product responses have no published field list',
  'getX402SubscriptionsCheckoutsById 200': 'the checkout status response has no published field list',
  'getX402TickDataCheckoutsById 200': 'the checkout status response has no published field list',
  'postX402SubscriptionsCheckoutsByIdPay 200': PAYMENT_DTO,
  'postX402SubscriptionsCheckoutsByIdPay 202': PAYMENT_DTO,
  'postX402TickDataCheckoutsByIdPay 200': PAYMENT_DTO,
  'postX402TickDataCheckoutsByIdPay 202': PAYMENT_DTO,
  'postX402SubscriptionsSolanaRpc 201': NO_FIELD_LIST,
  'postX402TickDataSolanaRpc 201': NO_FIELD_LIST,
  'postX402CreditToken 200': PAYMENT_DTO,
  'postX402WsPassDay 200': PAYMENT_DTO,
  'postX402WsPassHour 200': PAYMENT_DTO,
  'postVolSurfaceRiskDecompose 200': RISK,
  'postVolSurfaceRiskScenario 200': RISK,
  'postVolSurfaceRiskLadder 200': RISK,
  ...Object.fromEntries(
    [
      'getLegacyCalculateRiskSlide',
      'getLegacyCalculateRiskSlideV2',
      'getLegacyRiskSlideInstruments',
      'getLegacyRiskSlideInstrumentsV2',
      'getLegacyHistoricalOptionsOIStrike',
      'getLegacyHistoricalOptionsVolumeStrike',
    ].map((id) => [
      `${id} 200`,
      'legacy catalog routes whose answer is not published at all (not even its envelope): the risk-slide calls and the hourly strike snapshots',
    ]),
  ),
};

const ROWS_NOT_SHOWN =
  'the route is named but its row fields are not (futures, perpetuals, spot, predictions, instruments: "Row field lists of these families: not shown")';
const NODE_DATA = 'onchain venue data: "response shapes of these families: not shown"; the typed fields are filters, not guaranteed row members';
const GEX_NOT_SHOWN = 'the GEX catalog, term-structure and profile rows have no published field list';
const VOL_SURFACE = 'vol-surface rows: only some metric names are published, none as always present';

/** `operationId status` → why a row with no fields is acceptable. */
const EMPTY_ROW_OK: Record<string, string> = {
  ...Object.fromEntries(
    [
      'getFuturesLiquidations',
      'getFuturesOrderbookRaw',
      'getFuturesTrades',
      'getFuturesTradesSummary',
      'getPerpetualsLiquidations',
      'getPerpetualsOrderbookRaw',
      'getPerpetualsTrades',
      'getPerpetualsTradesSummary',
      'getSpotCatalog',
      'getSpotSnapshot',
      'getPredictionsCatalog',
      'getPredictionsSnapshot',
      'getInstruments',
    ].map((id) => [`${id} 200`, ROWS_NOT_SHOWN]),
  ),
  ...Object.fromEntries(
    [
      'Fills',
      'FundingPayments',
      'Instruments',
      'L2Orderbook',
      'Liquidations',
      'PredictionFills',
      'RestingOrders',
      'TwapEvents',
      'WalletFlow',
      'WalletPositions',
    ].map((n) => [`getHyperliquidNode${n} 200`, NODE_DATA]),
  ),
  ...Object.fromEntries(['getOptionsGexCatalog', 'getOptionsGexProfile', 'getOptionsGexTermStructure'].map((id) => [`${id} 200`, GEX_NOT_SHOWN])),
  ...Object.fromEntries(
    [
      'getOptionsVolSurfaceByExpiry',
      'getOptionsVolSurfaceByTenor',
      'getOptionsVolSurfaceByTime',
      'getVolSurfaceCatalog',
      'getVolSurfaceSlices',
      'getVolSurfaceSnapshots',
      'getVolSurfaceStrikes',
      'getVolSurfaceTermStructure',
    ].map((id) => [`${id} 200`, VOL_SURFACE]),
  ),
  'getOptionsTrades 200': 'the options trade row has no published field list',
  'getOptionsTradesSummary 200': 'grouped trades-summary rows: the fields are named without types or a guarantee that each group carries them',
  'getLegacyDerivsOpenInterestChangeSummary 200': 'the legacy reference describes the open-interest change summary without its row fields',
  'getLegacyFutureOpenInterestChangeSummary 200': 'the legacy reference describes the open-interest change summary without its row fields',
};

function successExamples(op: (typeof ops)[number]) {
  const raw = resolve$ref(doc, doc.paths[op.path])[op.method].responses;
  return Object.entries(raw)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .flatMap(([status, r]: [string, any]) => {
      const media = resolve$ref(doc, r).content?.['application/json'];
      return Object.values<any>(media?.examples ?? {}).map((ex) => ({ status: Number(status), value: resolve$ref(doc, ex).value }));
    });
}

/** Where the rows of a body are: the body itself, or `data`/`items`/`rows` of an envelope. */
function rowsOf(body: any): any[] | undefined {
  if (Array.isArray(body)) return body;
  if (!body || typeof body !== 'object') return undefined;
  for (const key of ['data', 'items', 'rows', 'result']) if (Array.isArray(body[key])) return body[key];
  return undefined;
}

function withEmptyFirstRow(body: any): any | undefined {
  const copy = structuredClone(body);
  const rows = rowsOf(copy);
  if (!rows?.length || !rows[0] || typeof rows[0] !== 'object' || Array.isArray(rows[0])) return undefined;
  rows[0] = {};
  return copy;
}

const cases = ops.flatMap((op) =>
  op.responses.filter((r) => r.status >= 200 && r.status < 300 && r.schema).map((r) => ({ op, status: r.status, key: `${op.operationId} ${r.status}` })),
);

describe('a body replaced by {} is rejected', () => {
  it.each(cases.map((c) => [c.key, c] as const))('%s', (key, { op, status }) => {
    const result = validators.validateResponse(op.operationId, status, {});
    if (key in EMPTY_BODY_OK) expect(result.ok, `${key} is listed as accepting {}; remove it from the list`).toBe(true);
    else expect(result.ok, `${key} accepts {} as its whole body`).toBe(false);
  });
});

describe('a first row with every field removed is rejected', () => {
  const withRows = cases.flatMap((c) => {
    const example = successExamples(c.op).find((e) => e.status === c.status && withEmptyFirstRow(e.value));
    return example ? [[c.key, { ...c, body: withEmptyFirstRow(example.value) }] as const] : [];
  });
  it('covers the operations that return rows', () => {
    expect(withRows.length).toBeGreaterThan(120);
  });
  it.each(withRows)('%s', (key, { op, status, body }) => {
    const result = validators.validateResponse(op.operationId, status, body);
    if (key in EMPTY_ROW_OK) expect(result.ok, `${key} is listed as accepting an empty row; remove it from the list`).toBe(true);
    else expect(result.ok, `${key} accepts a row with no fields`).toBe(false);
  });
});

describe('the wire stays additive', () => {
  it.each(['getOptionsOhlcvt', 'getFuturesCatalog', 'getOptionsGexLatest'])('%s accepts an undocumented field on a documented row', (operationId) => {
    const op = ops.find((o) => o.operationId === operationId)!;
    const example = successExamples(op).find((e) => rowsOf(e.value)?.length)!;
    const body = structuredClone(example.value);
    rowsOf(body)![0].a_field_added_later = 1;
    body.another_envelope_field = 'x';
    const result = validators.validateResponse(operationId, example.status, body);
    expect(result.ok ? [] : result.issues).toEqual([]);
  });
});
