// The live mode end to end, as another repo's CI would run it: the whole contract run (the conformance suite and
// Dredd through the validating proxy, all operations) against a faithful server, here the mock behind a trivial
// forwarding proxy so the run cannot tell it from a deployment. A faithful server must give exit 0. And Dredd's part
// of the reports is read from its own xunit file, so its failures are counted and named even when they are many.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM modules
import { startMock } from '../src/mock.mjs';
// @ts-expect-error plain ESM modules
import { forward, reply } from '../src/forward.mjs';
// @ts-expect-error plain ESM modules
import { runContract, dreddLines } from '../src/run.mjs';
// @ts-expect-error plain ESM modules
import { runDredd } from '../src/dredd.mjs';
// @ts-expect-error plain ESM modules
import { startDriftServer } from './drift-server.mjs';

let mock: { url: string; stop: () => Promise<void> };
let passThrough: Server;
let target: string;
const reportsDirs: string[] = [];
const reportsDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-reports-'));
  reportsDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  // The trivial forwarding proxy: what a deployment behind a gateway looks like to the run.
  passThrough = createServer(async (req, res) => reply(res, await forward(req, new URL(req.url!, mock.url))));
  await new Promise<void>((resolve) => passThrough.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(passThrough.address() as { port: number }).port}`;
}, 90_000);
afterAll(async () => {
  await new Promise((resolve) => passThrough?.close(resolve));
  await mock?.stop();
  for (const dir of reportsDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Operations a stateless example request cannot pass on a faithful server: they need a payment, a challenge the server
 * issued, or MCP's two-type Accept. KNOWN GAP (issue 9 stays open on it): the live run should skip operations that
 * move money, with the reason, instead of sending them; until it does, they are the run's only failures, each a
 * documented, schema-valid refusal.
 */
// Dredd's own example requests also meet state on three more: a checkout token bound to another checkout, a challenge
// body the state refuses.
const DREDD_STATEFUL = ['getX402SubscriptionsCheckoutsById', 'getX402TickDataCheckoutsById', 'postX402CreditTokenChallenge'];
const STATEFUL = ['postMcp', 'postX402CreditToken', 'postX402SubscriptionsCheckoutsByIdPay', 'postX402TickDataCheckoutsByIdPay', 'postX402WsPassDay', 'postX402WsPassHour'];
const isStatefulCase = (c: { operationId?: string; name?: string }) => [...STATEFUL, ...DREDD_STATEFUL].some((id) => c.operationId === id || c.name?.startsWith(`${id} `));

describe('the live run against a faithful pass-through of the mock', () => {
  it('passes every operation, Dredd included, and writes every report', async () => {
    const dir = reportsDir();
    const run = await runContract({ legacyBaseUrl: target, v1BaseUrl: target, reportsDir: dir, log: () => {} });
    expect(run.kind).toBe('live');

    // Dredd: every transaction it sends passes; its counts come from its xunit file.
    expect(run.dredd.problem).toBeUndefined();
    const dreddFailed = run.dredd.cases.filter((c: any) => c.outcome === 'failed');
    expect(dreddFailed.filter((c: any) => !isStatefulCase(c)).map((c: any) => c.name)).toEqual([]);
    expect(run.dredd.passed).toBeGreaterThanOrEqual(150);
    // Operations documenting 200 and 202 get one transaction that accepts either, named after the operation.
    const names = run.dredd.cases.map((c: { name: string }) => c.name);
    expect(names.filter((n: string) => / \(202\) /.test(n))).toEqual([]);
    for (const id of ['postMcp', 'postX402SubscriptionsCheckoutsByIdPay', 'postX402TickDataCheckoutsByIdPay']) {
      expect(names.filter((n: string) => n.startsWith(`${id} POST (200|202) `)).length, id).toBeGreaterThanOrEqual(1);
    }
    const junit = readFileSync(join(dir, 'dredd.junit.xml'), 'utf8');
    expect(junit).toContain(`tests="${run.dredd.total}" failures="${run.dredd.failed}"`);
    expect(existsSync(join(dir, 'dredd.xunit.xml'))).toBe(true);
    expect(existsSync(join(dir, 'conformance.junit.xml'))).toBe(true);

    // Conformance: every operation passes, cursor scans included (the mock pages for real), nothing skipped.
    expect(run.report.results.length).toBeGreaterThanOrEqual(160);
    const failed = run.report.results.filter((r: any) => r.outcome !== 'passed');
    expect(failed.filter((r: any) => !STATEFUL.includes(r.operationId)).map((r: any) => `${r.operationId}: ${r.failure?.message}`)).toEqual([]);
    for (const r of failed) expect(r.failure?.message, r.operationId).toMatch(/^example request answered 4\d\d/);
    expect(run.exitCode).toBe(failed.length || run.dredd.failed ? 1 : 0);

    const summary = readFileSync(join(dir, 'contract-summary.txt'), 'utf8');
    expect(summary).toContain(`dredd: ${run.dredd.passed} passed, ${run.dredd.failed} failed, ${run.dredd.skipped} skipped, ${run.dredd.total} total`);
  }, 400_000);
});

describe("Dredd's failures", () => {
  it('are counted from its xunit file and named by operationId with the reason, even when every operation fails', async () => {
    const drift = await startDriftServer({ upstream: mock.url, fault: 'html-body' });
    try {
      const dir = reportsDir();
      // As a live target: only the success transactions are sent (the fault changes only those), a quarter of the work.
      const dredd = await runDredd({ endpoint: drift.url, kind: 'live', env: { LAEVITAS_BASE_URL: drift.url, LAEVITAS_V2_BASE_URL: drift.url }, reportsDir: dir });
      expect(dredd.ok).toBe(false);
      const failedIds = [...new Set(dredd.cases.filter((c: any) => c.outcome === 'failed').map((c: any) => c.operationId))].sort();
      // Every operation whose success answer became HTML fails (HEAD ones are skipped: Dredd 14 cannot send them).
      expect(failedIds.filter((id: string) => !STATEFUL.includes(id) && !DREDD_STATEFUL.includes(id))).toEqual(drift.altered().filter((id: string) => !STATEFUL.includes(id) && !DREDD_STATEFUL.includes(id)));
      expect(dredd.failed).toBeGreaterThan(150);
      const xunit = readFileSync(dredd.xunitPath, 'utf8');
      expect(dredd.failed).toBe((xunit.match(/<failure>/g) ?? []).length);
      expect(dredd.total).toBe((xunit.match(/<testcase /g) ?? []).length);
      expect(readFileSync(dredd.junitPath, 'utf8')).toContain(`failures="${dredd.failed}"`);
      const lines = dreddLines(dredd);
      expect(lines[0]).toMatch(new RegExp(`^dredd: \\d+ passed, ${dredd.failed} failed, `));
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^DREDD FAIL getOptionsOhlcvt\s+GET \(200\)\s+.*text\/html/)]));
    } finally {
      await drift.stop();
    }
  }, 400_000);
});
