// The contract run passes on the faithful mock and fails on each class of drift, naming the operation and the fault.
// Without the second half a green contract run would mean nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM modules
import { startMock } from '../src/mock.mjs';
// @ts-expect-error plain ESM modules
import { runConformance, formatSummary, toJUnit } from '../src/conformance.mjs';
// @ts-expect-error plain ESM modules
import { startDriftServer } from './drift-server.mjs';

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

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
    const drift = await startDriftServer({ upstream: mock.url, fault });
    try {
      const only = (options as { kind?: string }).kind === 'live' ? (id: string) => id === operationId : undefined;
      const report = await runConformance({ legacyBaseUrl: drift.url, v1BaseUrl: drift.url, concurrency: 6, ...options, ...(only ? { only } : {}) });
      const failed = report.results.filter((r: any) => r.outcome === 'failed');
      expect(failed.map((r: any) => r.operationId)).toEqual([operationId]);
      expect(failed[0].failure.check).toBe(check);
      expect(failed[0].failure.message).toMatch(message);
    } finally {
      await drift.stop();
    }
  }, 120_000);
});
