// The contract run passes on the faithful mock and fails on each class of drift, naming the operation and the fault.
// Without the second half a green contract run would mean nothing.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { runConformance, formatSummary, toJUnit } from '../src/conformance.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { startDriftServer } from './drift-server.mjs';
import { deref } from '@laevitas-api/spec-model';

type Result = { operationId: string; outcome: string; failure?: { check: string; message: string }; notices: string[] };

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

async function runAgainst(fault: string, options: Record<string, unknown> = {}, path?: string) {
  const drift = await startDriftServer({ upstream: mock.url, fault, ...(path ? { path } : {}) });
  try {
    const report = await runConformance({ legacyBaseUrl: drift.url, v1BaseUrl: drift.url, concurrency: 6, ...options });
    return { report, results: report.results as Result[], altered: drift.altered() as string[] };
  } finally {
    await drift.stop();
  }
}

describe('against the faithful mock', () => {
  it('every operation passes, with no unexplained skip', async () => {
    const report = await runConformance({ legacyBaseUrl: mock.url, v1BaseUrl: mock.url, concurrency: 6 });
    const failed = report.results.filter((r: any) => r.outcome !== 'passed');
    expect(failed.map((r: any) => `${r.operationId}: ${r.failure?.message}`)).toEqual([]);
    expect(report.results.length).toBeGreaterThanOrEqual(160);
    expect(formatSummary(report)).toMatch(/conformance: \d+ passed, 0 failed, 0 skipped/);
    const junit = toJUnit(report);
    expect(junit).toContain(`tests="${report.results.length}" failures="0"`);
  }, 120_000);
});

const cases: [fault: string, operationId: string, check: string, message: RegExp, options?: object][] = [
  ['wrong-type', 'getOptionsOhlcvt', 'schema', /data\[0\]\.volume must be number/],
  ['missing-required-field', 'getOptionsOhlcvt', 'schema', /data\[0\]\.vwap is required/],
  ['unknown-enum-member', 'getOptionsCatalog', 'schema', /data\[0\]\.exchange must be one of deribit/],
  ['renamed-field', 'getOptionsOhlcvt', 'schema', /data\[0\]\.buy_volume is required/],
  ['wrong-status', 'getOptionsOhlcvt', 'status', /answered 201/],
  ['missing-payment-required-header', 'getOptionsOhlcvt', 'schema', /headers\["payment-required"\] is required/],
  ['repeated-cursor', 'getOptionsOhlcvt', 'cursor-scan', /repeats page 1/, { kind: 'live' }],
];

describe.each(cases)('against a server drifting by %s', (fault, operationId, check, message, options = {}) => {
  it(`fails on ${operationId} with a ${check} violation, and only there`, async () => {
    const only = (options as { kind?: string }).kind === 'live' ? (id: string) => id === operationId : undefined;
    const { results, altered } = await runAgainst(fault, { ...options, ...(only ? { only } : {}) });
    expect(altered).toEqual([operationId]);
    const failed = results.filter((r) => r.outcome === 'failed');
    expect(failed.map((r) => r.operationId)).toEqual([operationId]);
    expect(failed[0]?.failure?.check).toBe(check);
    expect(failed[0]?.failure?.message).toMatch(message);
  }, 120_000);
});

/**
 * Operations whose changed body the contract cannot reject, because the service does not publish which fields that
 * body or row always carries: an `x-unpublished-shape` body or row with no field known to be always present (the
 * strict spec's own list of these, each with its reason, is `tools/codegen/test/required.test.ts`), or a document
 * with a format of its own (the OpenAPI bundle, the x402 discovery document). Everything else a fault changes must
 * fail. The test fails as soon as a listed operation starts failing, so the list can only shrink as shapes are
 * published.
 */
const UNPUBLISHED_SHAPES: Record<string, string[]> = {
  'empty-object': [
    'getFuturesMetadata',
    'getPerpetualsMetadata',
    'getWellKnownX402',
    'postVolSurfaceRiskDecompose',
    'postVolSurfaceRiskLadder',
    'postVolSurfaceRiskScenario',
  ],
  'extra-envelope': [
    'getFuturesMetadata',
    'getHealth',
    'getLegacyCalculateRiskSlide',
    'getLegacyCalculateRiskSlideV2',
    'getLegacyHistoricalOptionsOIStrike',
    'getLegacyHistoricalOptionsVolumeStrike',
    'getLegacyRiskSlideInstruments',
    'getLegacyRiskSlideInstrumentsV2',
    'getOptionsMetadata',
    'getPerpetualsMetadata',
    'getPredictionsMetadata',
    'getSpotMetadata',
    'getWellKnownX402',
    'getX402SubscriptionsCheckoutsById',
    'getX402SubscriptionsProducts',
    'getX402TickDataCheckoutsById',
    'getX402TickDataProducts',
    'postVolSurfaceRiskDecompose',
    'postVolSurfaceRiskLadder',
    'postVolSurfaceRiskScenario',
    'postX402CreditToken',
    'postX402SubscriptionsCheckoutsByIdPay',
    'postX402SubscriptionsSolanaRpc',
    'postX402TickDataCheckoutsByIdPay',
    'postX402TickDataSolanaRpc',
    'postX402WsPassDay',
    'postX402WsPassHour',
  ],
  'empty-row': [
    'getLegacyDerivsOpenInterestChangeSummary',
    'getLegacyFutureOpenInterestChangeSummary',
    'getFuturesFlow',
    'getFuturesTradesSummary',
    'getHyperliquidNodeFills',
    'getHyperliquidNodeFundingPayments',
    'getHyperliquidNodeInstruments',
    'getHyperliquidNodeL2Orderbook',
    'getHyperliquidNodeLiquidations',
    'getHyperliquidNodePredictionFills',
    'getHyperliquidNodeRestingOrders',
    'getHyperliquidNodeTwapEvents',
    'getHyperliquidNodeWalletFlow',
    'getHyperliquidNodeWalletPositions',
    'getInstruments',
    'getOpenapiJson',
    'getOptionsGexCatalog',
    'getOptionsGexProfile',
    'getOptionsGexTermStructure',
    'getOptionsTradesSummary',
    'getOptionsVolSurfaceByExpiry',
    'getPerpetualsFlow',
    'getPerpetualsTradesSummary',
    'getPredictionsCatalog',
    'getPredictionsSnapshot',
    'getSpotCatalog',
    'getSpotSnapshot',
    'getVolSurfaceCatalog',
    'getVolSurfaceSlices',
    'getVolSurfaceStrikes',
    'getWellKnownOpenapiJson',
    'getWellKnownX402',
    'postVolSurfaceRiskDecompose',
    'postVolSurfaceRiskLadder',
    'postVolSurfaceRiskScenario',
  ],
  'number-as-string': [
    'getFuturesFlow',
    'getFuturesTradesSummary',
    'getOpenapiJson',
    'getOptionsGexProfile',
    'getOptionsVolSurfaceByTime',
    'getPerpetualsFlow',
    'getPerpetualsTradesSummary',
    'getWellKnownOpenapiJson',
    'getWellKnownX402',
  ],
};

/** Changes a fault makes that are not drift at all, each with the reason: these operations must pass. */
const NOT_DRIFT: Record<string, Record<string, string>> = {
  'number-as-string': {
    postMcp: 'the first number is the JSON-RPC 2.0 `id`, which may be a number or a string',
    getFuturesTrades: 'the first number is `timestamp`, integer or string: its format on this family is not published',
    getPerpetualsTrades: 'the first number is `timestamp`, integer or string: its format on this family is not published',
    getFuturesLiquidations: 'the first number is `timestamp`, integer or string: its format on this family is not published',
    getPerpetualsLiquidations: 'the first number is `timestamp`, integer or string: its format on this family is not published',
  },
};

// Each fault corrupts the success answer of every operation it can; the run must fail exactly those, each for the
// reason the fault implies.
const everyOperation: [fault: string, check: string, message: RegExp][] = [
  ['empty-object', 'schema', /response body: .*(is required|must be array|must match)/],
  ['extra-envelope', 'schema', /response body: /],
  // A row emptied on every page of a list whose rows publish no always-present field passes the schema; the cursor
  // scan then sees the same (empty) row on two pages.
  ['empty-row', 'schema|cursor-scan', /response body: .*(is required|must match)|repeats/],
  ['number-as-string', 'schema', /response body: .*must be (number|integer|null)|must match/],
  ['html-body', 'content-type', /expected application\/json( or [^,]+)?, got text\/html/],
  ['truncated-json', 'json', /body is not valid JSON: .*\(first bytes: "/],
];

describe.each(everyOperation)('against a server drifting by %s in every operation', (fault, check, message) => {
  it(`fails every operation whose response it changes, with a ${check} violation`, async () => {
    const { results, altered } = await runAgainst(fault);
    const awaiting = UNPUBLISHED_SHAPES[fault] ?? [];
    const notDrift = Object.keys(NOT_DRIFT[fault] ?? {});
    expect(altered.length).toBeGreaterThan(0);
    // The gap lists name only operations this fault really changes.
    expect([...awaiting, ...notDrift].filter((id) => !altered.includes(id))).toEqual([]);
    const failed = results.filter((r) => r.outcome === 'failed');
    const failedIds = failed.map((r) => r.operationId).sort();
    // Operations of the list that fail now must leave it (their shape was published).
    expect(
      awaiting.filter((id) => failedIds.includes(id)),
      `published now: remove from UNPUBLISHED_SHAPES['${fault}']`,
    ).toEqual([]);
    expect(failedIds).toEqual(altered.filter((id) => !awaiting.includes(id) && !notDrift.includes(id)));
    for (const r of failed) {
      expect(check.split('|'), r.operationId).toContain(r.failure!.check);
      expect(r.failure!.message, r.operationId).toMatch(message);
    }
  }, 120_000);
});

describe('undocumented fields are notices, never failures', () => {
  it('lists fields a documented row and its envelope do not name, and the operation passes', async () => {
    const { results, report } = await runAgainst('undocumented-field', { only: (id: string) => id === 'getOptionsOhlcvt' });
    expect(results.map((r) => [r.operationId, r.outcome])).toEqual([['getOptionsOhlcvt', 'passed']]);
    expect(results[0]?.notices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^200 data\[\]\.clsoe is not documented/),
        expect.stringMatching(/^200 meta\.served_by is not documented/),
      ]),
    );
    const summary = formatSummary(report);
    expect(summary).toMatch(/NOTICE getOptionsOhlcvt\s+200 data\[\]\.clsoe is not documented/);
    expect(summary).toMatch(/conformance: 1 passed, 0 failed, 0 skipped, 2 notices/);
    expect(toJUnit(report)).toContain('notice: 200 data[].clsoe is not documented');
  }, 60_000);

  it('lists fields outside the published part of an x-unpublished-shape schema (as spec/EXTENSIONS.md promises)', async () => {
    // A GET whose success body is itself an x-unpublished-shape object with published fields.
    const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
    const resolve = (node: any): any => deref(document, node);
    const target = Object.entries<any>(document.paths)
      .map(([path, item]) => ({ path, op: item.get }))
      .find(({ op }) => {
        const schema = resolve(resolve(op?.responses?.['200'])?.content?.['application/json']?.schema);
        return (
          schema?.['x-unpublished-shape'] === true && schema.properties && !op.parameters?.some((p: any) => resolve(p).in === 'header' && resolve(p).required)
        );
      });
    expect(target, 'an operation with an x-unpublished-shape success body').toBeDefined();
    const { results } = await runAgainst('undocumented-field-on-unpublished-shape', { only: (id: string) => id === target!.op.operationId }, target!.path);
    expect(results.map((r) => [r.operationId, r.outcome])).toEqual([[target!.op.operationId, 'passed']]);
    expect(results[0]?.notices).toEqual(
      expect.arrayContaining([expect.stringMatching(/^200 drift_extra is not in the published part of x-unpublished-shape/)]),
    );
  }, 60_000);
});
