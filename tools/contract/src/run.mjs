// One contract run: Dredd and the conformance suite against a target, the reports written, an exit code returned.
// The target is the embedded mock unless a live base URL is given; a live target is reached by Dredd through Prism's
// validating proxy (so schema violations Dredd cannot see still fail it) and by the conformance suite directly.
// The stream contract (./stream/run.mjs) runs beside them: against the mock's gateway on a mock run, against
// `streamUrl` (LAEVITAS_WS_URL) when one is given, and not at all on a live run without one.
// The CLI calls this with its flags and environment; tests call it with URLs and a temporary reports folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startMock } from './mock.mjs';
import { startValidatingProxy } from './proxy.mjs';
import { runDredd } from './dredd.mjs';
import { formatSummary, runConformance, toJUnit } from './conformance.mjs';
import { REPORTS } from './paths.mjs';
import { formatStreamSummary, runStreamContract, streamJUnit } from './stream/run.mjs';

/**
 * @param {{legacyBaseUrl?: string, v1BaseUrl?: string, apiKey?: string, dredd?: boolean, only?: Set<string>,
 *   reportsDir?: string, mockPort?: number, concurrency?: number, verbose?: boolean, log?: (line: string) => void,
 *   streamUrl?: string, streamSeconds?: number, stream?: boolean, conformance?: boolean}} options
 *   Give either base URL for a live run (the other defaults to the public service). `streamUrl` is a gateway to check
 *   (ws:// or wss://); `streamSeconds` how long (default 3 against the mock, 10 otherwise); `stream: false` skips it;
 *   `conformance: false` runs the stream check alone (with `dredd: false`).
 * @returns {Promise<{exitCode: 0 | 1, kind: 'mock'|'live', report: any, dredd?: any, stream?: any, summary: string, reportsDir: string}>}
 */
export async function runContract(options = {}) {
  const { apiKey, dredd: withDredd = true, only, reportsDir = REPORTS, concurrency = 6, verbose = false, log = console.log } = options;
  const started = Date.now();
  const kind = options.legacyBaseUrl || options.v1BaseUrl ? 'live' : 'mock';
  const cleanup = [];
  mkdirSync(reportsDir, { recursive: true });
  // A report of an earlier run must not pass for this one's.
  if (!withDredd) for (const file of ['dredd.junit.xml', 'dredd.xunit.xml']) rmSync(join(reportsDir, file), { force: true });
  rmSync(join(reportsDir, 'stream.junit.xml'), { force: true });
  const { stream: withStream = true, conformance: withConformance = true } = options;
  try {
    let legacyBaseUrl, v1BaseUrl, dreddEndpoint, dreddEnv, mockStreamUrl;
    if (kind === 'mock') {
      // A free port: runs on a shared machine never collide. The gateway sends 10 events per second per subscription
      // so a short stream check sees every family several times.
      const mock = await startMock({ port: options.mockPort ?? 0, stream: { eventsPerSecond: 10 } });
      cleanup.push(mock.stop);
      legacyBaseUrl = v1BaseUrl = dreddEndpoint = mock.url;
      mockStreamUrl = mock.streamUrl;
      dreddEnv = {};
    } else {
      legacyBaseUrl = options.legacyBaseUrl ?? 'https://api.laevitas.ch';
      v1BaseUrl = options.v1BaseUrl ?? 'https://apiv2.laevitas.ch';
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

    // The stream: a given gateway, else the mock's; a live REST run without a gateway URL does not guess one.
    const streamTarget = withStream ? (options.streamUrl ?? mockStreamUrl) : undefined;
    const againstMock = streamTarget !== undefined && streamTarget === mockStreamUrl;
    // Dredd is one sequential child process; the conformance suite and the stream check run beside it.
    const [dredd, report, stream] = await Promise.all([
      withDredd ? runDredd({ endpoint: dreddEndpoint, kind, env: dreddEnv, reportsDir, verbose }) : undefined,
      withConformance ? runConformance({ legacyBaseUrl, v1BaseUrl, apiKey, kind, concurrency, ...(only ? { only: (id) => only.has(id) } : {}) }) : undefined,
      streamTarget
        ? runStreamContract({ url: streamTarget, apiKey: againstMock ? 'contract-run' : apiKey, seconds: options.streamSeconds ?? (againstMock ? 3 : 10), requireEvents: againstMock })
        : undefined,
    ]);
    const summary = [
      ...(report ? [formatSummary(report)] : ['conformance: not run']),
      ...dreddLines(dredd),
      ...formatStreamSummary(stream),
      `duration: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join('\n');
    writeFileSync(join(reportsDir, 'contract-summary.txt'), summary + '\n');
    if (report) writeFileSync(join(reportsDir, 'conformance.junit.xml'), toJUnit(report));
    if (stream) writeFileSync(join(reportsDir, 'stream.junit.xml'), streamJUnit(stream));
    log(summary);
    log(`reports: ${reportsDir}/{contract-summary.txt${report ? ',conformance.junit.xml' : ''}${dredd ? ',dredd.junit.xml,dredd.xunit.xml' : ''}${stream ? ',stream.junit.xml' : ''}}`);
    const ok = (!dredd || dredd.ok) && (!report || report.results.every((r) => r.outcome !== 'failed')) && (!stream || stream.ok);
    return { exitCode: ok ? 0 : 1, kind, report, dredd, stream, summary, reportsDir };
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
