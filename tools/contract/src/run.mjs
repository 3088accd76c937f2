// One contract run: Dredd and the conformance suite against a target, the reports written, an exit code returned.
// The target is the embedded mock unless a live base URL is given; a live target is reached by Dredd through Prism's
// validating proxy (so schema violations Dredd cannot see still fail it) and by the conformance suite directly.
// The CLI calls this with its flags and environment; tests call it with URLs and a temporary reports folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrlFor } from '@laevitas-api/client/wire';
import { freePort, startMock } from './mock.mjs';
import { startValidatingProxy } from './proxy.mjs';
import { runDredd } from './dredd.mjs';
import { formatSummary, runConformance, toJUnit } from './conformance.mjs';
import { REPORTS } from './paths.mjs';

/**
 * @param {{legacyBaseUrl?: string, v1BaseUrl?: string, apiKey?: string, dredd?: boolean, only?: Set<string>,
 *   reportsDir?: string, mockPort?: number, concurrency?: number, verbose?: boolean, log?: (line: string) => void}} options
 *   Give either base URL for a live run (the other defaults to the public service).
 * @returns {Promise<{exitCode: 0 | 1, kind: 'mock'|'live', report: any, dredd?: any, summary: string, reportsDir: string}>}
 */
export async function runContract(options = {}) {
  const { apiKey, dredd: withDredd = true, only, reportsDir = REPORTS, concurrency = 6, verbose = false, log = console.log } = options;
  const started = Date.now();
  const kind = options.legacyBaseUrl || options.v1BaseUrl ? 'live' : 'mock';
  const cleanup = [];
  mkdirSync(reportsDir, { recursive: true });
  // A report of an earlier run must not pass for this one's.
  if (!withDredd) for (const file of ['dredd.junit.xml', 'dredd.xunit.xml']) rmSync(join(reportsDir, file), { force: true });
  try {
    let legacyBaseUrl, v1BaseUrl, dreddEndpoint, dreddEnv;
    if (kind === 'mock') {
      const mock = await startMock({ port: options.mockPort ?? 0 }); // a free port: runs on a shared machine never collide
      cleanup.push(mock.stop);
      legacyBaseUrl = v1BaseUrl = dreddEndpoint = mock.url;
      dreddEnv = {};
    } else {
      legacyBaseUrl = baseUrlFor('legacy', { baseUrl: options.legacyBaseUrl });
      v1BaseUrl = baseUrlFor('v1', { v2BaseUrl: options.v1BaseUrl });
      const [legacyProxy, v1Proxy] = await Promise.all([
        freePort().then((port) => startValidatingProxy({ upstream: legacyBaseUrl, port })),
        freePort().then((port) => startValidatingProxy({ upstream: v1BaseUrl, port })),
      ]);
      cleanup.push(legacyProxy.stop, v1Proxy.stop);
      dreddEndpoint = v1Proxy.url;
      dreddEnv = { LAEVITAS_BASE_URL: legacyProxy.url, LAEVITAS_V2_BASE_URL: v1Proxy.url };
    }
    if (apiKey) dreddEnv.LAEVITAS_API_KEY = apiKey;
    log(`Contract run against ${kind === 'mock' ? `the mock (${legacyBaseUrl})` : `legacy ${legacyBaseUrl}, v1 ${v1BaseUrl}`}`);

    // Dredd is one sequential child process; the conformance suite runs beside it rather than after it.
    const [dredd, report] = await Promise.all([
      withDredd ? runDredd({ endpoint: dreddEndpoint, kind, env: dreddEnv, reportsDir, verbose }) : undefined,
      runConformance({ legacyBaseUrl, v1BaseUrl, apiKey, kind, concurrency, ...(only ? { only: (id) => only.has(id) } : {}) }),
    ]);
    const summary = [formatSummary(report), ...dreddLines(dredd), `duration: ${((Date.now() - started) / 1000).toFixed(1)} s`].join('\n');
    writeFileSync(join(reportsDir, 'contract-summary.txt'), summary + '\n');
    writeFileSync(join(reportsDir, 'conformance.junit.xml'), toJUnit(report));
    log(summary);
    log(`reports: ${reportsDir}/{contract-summary.txt,conformance.junit.xml${dredd ? ',dredd.junit.xml,dredd.xunit.xml' : ''}}`);
    const ok = (!dredd || dredd.ok) && report.results.every((r) => r.outcome !== 'failed');
    return { exitCode: ok ? 0 : 1, kind, report, dredd, summary, reportsDir };
  } finally {
    for (const stop of cleanup) await stop();
  }
}

/** Dredd's part of the summary: its counts (from its xunit file) and each failed transaction by operationId. */
export function dreddLines(dredd) {
  if (!dredd) return ['dredd: not run (--no-dredd)'];
  const lines = [
    `dredd: ${dredd.passed} passed, ${dredd.failed} failed, ${dredd.skipped} skipped, ${dredd.total} total (HEAD transactions are skipped: Dredd 14 cannot send them; against a live target non-2xx are not provoked)`,
  ];
  if (dredd.problem) lines.push(`dredd: ${dredd.problem}`);
  for (const c of dredd.cases.filter((c) => c.outcome === 'failed')) {
    lines.push(`DREDD FAIL ${(c.operationId ?? '(unknown operation)').padEnd(42)} ${c.name.split(' ').slice(1, 3).join(' ')}  ${c.reason}`);
  }
  return lines;
}
