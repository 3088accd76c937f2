// The live mode end to end, as another repo's CI would run it: the whole contract run (the conformance suite and
// Dredd through the validating proxy, all operations) against a faithful server, here the mock behind a trivial
// forwarding proxy so the run cannot tell it from a deployment. A faithful server must give exit 0, with only the
// operations that move money skipped (with the reason) rather than paid for. And Dredd's part
// of the reports is read from its own xunit file, so its failures are counted and named even when they are many.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { forward, reply } from '../src/forward.mjs';
import { runContract, dreddLines } from '../src/run.mjs';
import { runDredd } from '../src/dredd.mjs';
import { ensureDredd } from '../src/dredd-install.mjs';
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
 * The operations a live run must not send: they succeed only with a signed x402 payment, so the run skips them with
 * the reason (tools/contract/src/live-skips.cjs) instead of paying or collecting a refusal. Written out by name rather
 * than derived with the same rule, so a change of the rule (or of the spec it reads) fails this test.
 */
const MOVES_MONEY = [
  'postX402CreditToken',
  'postX402SubscriptionsCheckoutsByIdPay',
  'postX402TickDataCheckoutsByIdPay',
  'postX402WsPassDay',
  'postX402WsPassHour',
];

describe('the live run against a faithful pass-through of the mock', () => {
  it('passes every operation, Dredd included, skips only what moves money, and writes every report', async () => {
    const dir = reportsDir();
    // Dredd as the CLI's --dredd asks for it: installed into its cache folder first when missing.
    const run = await runContract({ legacyBaseUrl: target, v1BaseUrl: target, reportsDir: dir, dredd: 'install', log: () => {} });
    expect(run.kind).toBe('live');
    expect(run.exitCode).toBe(0);
    if (!run.dredd || !run.report) throw new Error('a live run with Dredd returns both reports');

    // Dredd: every transaction it sends passes; its counts come from its xunit file.
    expect(run.dredd.problem).toBeUndefined();
    expect(run.dredd.cases.filter((c: any) => c.outcome === 'failed').map((c: any) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(run.dredd.failed).toBe(0);
    expect(run.dredd.passed).toBeGreaterThanOrEqual(150);
    // The money-moving operations are not sent by Dredd either.
    const sent = new Set(run.dredd.cases.filter((c: any) => c.outcome === 'passed').map((c: any) => c.operationId));
    for (const id of MOVES_MONEY) expect(sent.has(id), id).toBe(false);
    // Operations documenting 200 and 202 (and the agent endpoint's two media types) get one transaction that accepts
    // any of them, named after the operation.
    const names = run.dredd.cases.map((c: { name: string }) => c.name);
    expect(names.filter((n: string) => / \(202\) /.test(n))).toEqual([]);
    expect(names.filter((n: string) => n.startsWith('postMcp POST (200|202) ')).length).toBe(1);
    const junit = readFileSync(join(dir, 'dredd.junit.xml'), 'utf8');
    expect(junit).toContain(`tests="${run.dredd.total}" failures="${run.dredd.failed}"`);
    expect(existsSync(join(dir, 'dredd.xunit.xml'))).toBe(true);
    expect(existsSync(join(dir, 'conformance.junit.xml'))).toBe(true);

    // Conformance: every operation passes, cursor scans and the agent endpoint included, except the money-moving
    // ones, skipped with their reason.
    expect(run.report.results.length).toBeGreaterThanOrEqual(160);
    expect(run.report.results.filter((r: any) => r.outcome === 'failed').map((r: any) => `${r.operationId}: ${r.failure?.message}`)).toEqual([]);
    const skipped = run.report.results.filter((r: any) => r.outcome === 'skipped');
    expect(skipped.map((r: any) => r.operationId).sort()).toEqual(MOVES_MONEY);
    for (const r of skipped) expect(r.notes.join(' '), r.operationId).toMatch(/^moves money: succeeds only with a signed x402 payment/);
    expect(run.report.results.find((r: any) => r.operationId === 'postMcp')?.outcome).toBe('passed');

    const summary = readFileSync(join(dir, 'contract-summary.txt'), 'utf8');
    expect(summary).toContain(`dredd: ${run.dredd.passed} passed, 0 failed, ${run.dredd.skipped} skipped, ${run.dredd.total} total`);
    expect(summary).toMatch(/^SKIP postX402WsPassDay .*\(moves money: /m);
  }, 900_000);

  it('sends the money-moving operations to the mock as a mock target, so they stay covered', async () => {
    const run = await runContract({ reportsDir: reportsDir(), dredd: false, only: new Set(MOVES_MONEY), log: () => {} });
    expect(run.kind).toBe('mock');
    expect(run.report!.results.map((r: any) => [r.operationId, r.outcome]).sort()).toEqual(MOVES_MONEY.map((id) => [id, 'passed']));
    expect(run.exitCode).toBe(0);
  }, 120_000);
});

describe("Dredd's failures", () => {
  it('are counted from its xunit file and named by operationId with the reason, even when every operation fails', async () => {
    const drift = await startDriftServer({ upstream: mock.url, fault: 'html-body' });
    try {
      const dir = reportsDir();
      // As a live target: only the success transactions are sent (the fault changes only those), a quarter of the work.
      const dredd = await runDredd({
        dreddDir: ensureDredd({ log: () => {} }),
        endpoint: drift.url,
        kind: 'live',
        env: { LAEVITAS_BASE_URL: drift.url, LAEVITAS_V2_BASE_URL: drift.url },
        reportsDir: dir,
      });
      expect(dredd.ok).toBe(false);
      const failedIds = [...new Set(dredd.cases.filter((c: any) => c.outcome === 'failed').map((c: any) => c.operationId))].sort();
      // Every operation whose success answer became HTML fails (HEAD ones are skipped: Dredd 14 cannot send them).
      // (the money-moving operations are skipped in a live run: never sent, never altered).
      expect(failedIds).toEqual(drift.altered());
      for (const id of MOVES_MONEY) expect(failedIds).not.toContain(id);
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
  }, 900_000);
});
