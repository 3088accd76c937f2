// One contract run: Dredd and the conformance suite against a target, the reports written, an exit code returned.
// The target is the embedded mock unless a live base URL is given; a live target is reached by Dredd through Prism's
// validating proxy (so schema violations Dredd cannot see still fail it) and by the conformance suite directly.
// The stream contract (./stream/run.mjs) runs beside them: against the mock's gateway on a mock run, against
// `streamUrl` (LAEVITAS_WS_URL) when one is given, and not at all on a live run without one.
// The CLI calls this with its flags and environment; tests call it with URLs and a temporary reports folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrlFor } from '@laevitas-api/client/wire';
import { freePort, startMock } from './mock.mjs';
import { startValidatingProxy } from './proxy.mjs';
import { runDredd } from './dredd.mjs';
import { formatSummary, runConformance, toJUnit } from './conformance.mjs';
import { REPORTS, SPEC_JSON } from './paths.mjs';
import { ensureDredd, findDredd, notInstalled } from './dredd-install.mjs';
import { assertReachable } from './reachable.mjs';
import { UsageError } from './errors.mjs';
import { githubAnnotations, jsonSummary } from './output.mjs';
import { operationsOf } from './spec-model.mjs';
import { versions } from './versions.mjs';
import { readFileSync } from 'node:fs';
import { formatStreamSummary, runStreamContract, streamJUnit } from './stream/run.mjs';
import { describeBudget, paceOf, pacedFetch, planOf, requestGrouper } from './budget.mjs';
import { createRedactor } from './propose/redact.mjs';
import { createObserver } from './propose/observe.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @typedef {Awaited<ReturnType<typeof runDredd>>} DreddRun
 * @typedef {Awaited<ReturnType<typeof runStreamContract>>} StreamRun
 */

/**
 * @param {{legacyBaseUrl?: string | undefined, v1BaseUrl?: string | undefined, apiKey?: string | undefined, dredd?: boolean | 'install' | undefined, only?: Set<string> | undefined,
 *   reportsDir?: string | undefined, mockPort?: number | undefined, concurrency?: number | undefined, verbose?: boolean | undefined, log?: ((line: string) => void) | undefined,
 *   streamUrl?: string | undefined, streamSeconds?: number | undefined, stream?: boolean | undefined, conformance?: boolean | undefined,
 *   selection?: string | undefined, onResult?: ((result: import('./conformance.mjs').OperationResult, done: number, total: number) => void) | undefined,
 *   annotate?: boolean | undefined, rateShare?: number | undefined, observe?: boolean | undefined, now?: (() => Date) | undefined}} options
 *   Give either base URL for a live run (the other defaults to the public service). `only` is the resolved
 *   selection (select.mjs) and `selection` its description for the summary. A live target whose host and port take
 *   no connection rejects with TargetUnreachable (errors.mjs) before anything runs. `streamUrl` is a gateway to check
 *   (ws:// or wss://); `streamSeconds` how long (default 3 against the mock, 10 otherwise); `stream: false` skips it;
 *   `conformance: false` runs the stream check alone (with `dredd: false`). `rateShare` paces the conformance suite's
 *   requests to that share of the spec's rate limits (budget.mjs) and writes `budget.json`; `observe` writes what
 *   differs from the contract, for `laevitas-contract propose`, to `drift-observations.json`. Every report is
 *   written with the API key (and anything shaped like a credential) redacted. `dredd`: true runs an installed Dredd
 *   (the project's optional peer, or the one `--dredd` installed) and says why not when there is none; 'install'
 *   installs it first when missing (dredd-install.mjs; what the CLI's `--dredd` asks for); false leaves it out.
 * @returns {Promise<{exitCode: 0 | 1, kind: 'mock'|'live', report?: import('./conformance.mjs').ConformanceReport | undefined, dredd?: DreddRun | undefined,
 *   stream?: StreamRun | undefined, summary: string, reportsDir: string}>}
 */
export async function runContract(options = {}) {
  const { apiKey, dredd: withDredd = true, only, reportsDir = REPORTS, concurrency = 6, verbose = false, log = console.log } = options;
  const started = Date.now();
  const kind = options.legacyBaseUrl || options.v1BaseUrl ? 'live' : 'mock';
  /** @type {(() => Promise<unknown>)[]} */
  const cleanup = [];
  mkdirSync(reportsDir, { recursive: true });
  // A report of an earlier run must not pass for this one's.
  // Dredd is installed only when asked for (dredd-install.mjs): without it the run goes on and the summary says why.
  const dreddDir = !withDredd ? undefined : withDredd === 'install' ? ensureDredd({ log }) : findDredd();
  const dreddSkipped = !withDredd ? 'not run (--no-dredd)' : !dreddDir ? notInstalled() : undefined;
  if (dreddSkipped) for (const file of ['dredd.junit.xml', 'dredd.xunit.xml']) rmSync(join(reportsDir, file), { force: true });
  const selection = options.selection ?? (only ? `selected ${only.size} operations (--only)` : 'all operations');
  // A run that checks nothing must not pass: callers of this API get the CLI's rule too.
  if (only && !familiesOf(only).length) throw new UsageError(`${selection}: no operation of the spec is selected; nothing to run`);
  rmSync(join(reportsDir, 'stream.junit.xml'), { force: true });
  const { stream: withStream = true, conformance: withConformance = true } = options;
  for (const file of ['drift-observations.json', 'budget.json']) rmSync(join(reportsDir, file), { force: true });
  const redactor = createRedactor(apiKey ? [apiKey] : []);
  /** @param {string} file  @param {string} text */
  const writeReport = (file, text) => writeFileSync(join(reportsDir, file), redactor.text(text));
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  const budget = options.rateShare === undefined ? undefined : budgetFor(document, options.rateShare, only);
  const observer = options.observe ? createObserver({ document, validators: require('@laevitas-api/validators'), redactor }) : undefined;
  try {
    /** @type {string} */
    let legacyBaseUrl;
    /** @type {string} */
    let v1BaseUrl;
    /** @type {string | undefined} */
    let dreddEndpoint;
    /** @type {Record<string, string>} */
    let dreddEnv;
    /** @type {string | undefined} */
    let mockStreamUrl;
    if (kind === 'mock') {
      // A free port: runs on a shared machine never collide. The gateway sends 10 events per second per subscription
      // so a short stream check sees every family several times.
      const mock = await startMock({ port: options.mockPort ?? 0, stream: { eventsPerSecond: 10 } });
      cleanup.push(mock.stop);
      legacyBaseUrl = v1BaseUrl = dreddEndpoint = mock.url;
      mockStreamUrl = mock.streamUrl;
      dreddEnv = {};
    } else {
      legacyBaseUrl = baseUrlFor('legacy', { baseUrl: options.legacyBaseUrl });
      v1BaseUrl = baseUrlFor('v1', { v2BaseUrl: options.v1BaseUrl });
      await Promise.all(familiesOf(only).map((family) => assertReachable(family === 'legacy' ? legacyBaseUrl : v1BaseUrl)));
      dreddEnv = {};
      // The validating proxies exist for Dredd only (the conformance suite validates by itself).
      if (!dreddSkipped) {
        const [legacyProxy, v1Proxy] = await Promise.all([
          freePort().then((port) => startValidatingProxy({ upstream: legacyBaseUrl, port })),
          freePort().then((port) => startValidatingProxy({ upstream: v1BaseUrl, port })),
        ]);
        cleanup.push(legacyProxy.stop, v1Proxy.stop);
        dreddEndpoint = v1Proxy.url;
        dreddEnv = { LAEVITAS_BASE_URL: legacyProxy.url, LAEVITAS_V2_BASE_URL: v1Proxy.url };
      }
    }
    if (apiKey) dreddEnv.LAEVITAS_API_KEY = apiKey;
    if (only) dreddEnv.CONTRACT_SELECTED = [...only].join(',');
    log(redactor.text(`Contract run against ${kind === 'mock' ? `the mock (${legacyBaseUrl})` : `legacy ${legacyBaseUrl}, v1 ${v1BaseUrl}`}: ${selection}`));
    if (budget) log(budget.line);

    // The stream: a given gateway, else the mock's; a live REST run without a gateway URL does not guess one.
    const streamTarget = withStream ? (options.streamUrl ?? mockStreamUrl) : undefined;
    const againstMock = streamTarget !== undefined && streamTarget === mockStreamUrl;
    // Dredd is one sequential child process; the conformance suite and the stream check run beside it.
    const [dredd, report, stream] = await Promise.all([
      !dreddSkipped
        ? runDredd({ dreddDir: /** @type {string} */ (dreddDir), endpoint: /** @type {string} */ (dreddEndpoint), kind, env: dreddEnv, reportsDir, verbose })
        : undefined,
      withConformance
        ? runConformance({
            legacyBaseUrl,
            v1BaseUrl,
            apiKey,
            kind,
            concurrency,
            spec: document,
            onResult: options.onResult,
            ...(only ? { only: (id) => only.has(id) } : {}),
            ...(budget ? { fetch: budget.paced.fetch } : {}),
            ...(observer ? { onAnswer: observer.onAnswer } : {}),
          })
        : undefined,
      streamTarget
        ? runStreamContract({
            url: streamTarget,
            apiKey: againstMock ? 'contract-run' : apiKey,
            seconds: options.streamSeconds ?? (againstMock ? 3 : 10),
            requireEvents: againstMock,
          })
        : undefined,
    ]);
    const summary = [
      selection,
      ...(report ? [formatSummary(report)] : ['conformance: not run']),
      ...dreddLines(dredd, dreddSkipped),
      ...formatStreamSummary(stream),
      `duration: ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join('\n');
    writeReport('contract-summary.txt', summary + '\n');
    if (report) writeReport('conformance.junit.xml', toJUnit(report));
    if (stream) writeReport('stream.junit.xml', streamJUnit(stream));
    if (budget)
      writeReport(
        'budget.json',
        JSON.stringify({ ...budget.json, sent: budget.paced.counts.sent, rateLimited: budget.paced.counts.rateLimited }, null, 2) + '\n',
      );
    if (observer)
      writeReport(
        'drift-observations.json',
        JSON.stringify(
          { tool: '@laevitas-api/contract', ...versions(), observedAt: (options.now?.() ?? new Date()).toISOString(), kind, operations: observer.report() },
          null,
          2,
        ) + '\n',
      );
    log(redactor.text(summary));
    const ok = (!dredd || dredd.ok) && (!report || report.results.every((r) => r.outcome !== 'failed')) && (!stream || stream.ok);
    const exitCode = ok ? 0 : 1;
    const targets = { legacyBaseUrl, v1BaseUrl };
    const json = jsonSummary({
      versions: versions(),
      kind,
      targets,
      selection,
      exitCode,
      report: report ?? { results: [] },
      dredd,
      dreddSkipped,
      durationMs: Date.now() - started,
    });
    writeReport('contract-summary.json', JSON.stringify(json, null, 2) + '\n');
    if (options.annotate ?? process.env.GITHUB_ACTIONS === 'true')
      for (const line of githubAnnotations(report ?? { results: [] }, dredd)) log(redactor.text(line));
    log(
      `reports: ${reportsDir}/{contract-summary.txt,contract-summary.json${report ? ',conformance.junit.xml' : ''}${dredd ? ',dredd.junit.xml,dredd.xunit.xml' : ''}${stream ? ',stream.junit.xml' : ''}}`,
    );
    return { exitCode, kind, report, dredd, stream, summary, reportsDir };
  } finally {
    for (const stop of cleanup) await stop();
  }
}

/**
 * The plan of a paced run and the fetch that keeps it.
 * @param {import('./spec-model.mjs').OpenApiDocument} document  @param {number} share  @param {Set<string> | undefined} only
 */
function budgetFor(document, share, only) {
  const pace = paceOf(document, share);
  const plan = planOf(document, only ? { only: (id) => only.has(id) } : {});
  const paced = pacedFetch(globalThis.fetch, pace, requestGrouper(document, operationsOf(document)));
  return { paced, line: describeBudget(plan, pace), json: { share, total: plan.total, byGroup: plan.byGroup, pace: pace.groups } };
}

/**
 * Dredd's part of the summary: its counts (from its xunit file) and each failed transaction by operationId.
 * @param {(import('./dredd-report.mjs').DreddReport & {problem?: string}) | undefined} dredd  @param {string} [skipped]
 */
export function dreddLines(dredd, skipped = 'not run (--no-dredd)') {
  if (!dredd) return [`dredd: ${skipped}`];
  const lines = [
    `dredd: ${dredd.passed} passed, ${dredd.failed} failed, ${dredd.skipped} skipped, ${dredd.total} total (HEAD transactions are skipped: Dredd 14 cannot send them; against a live target non-2xx are not provoked)`,
  ];
  if (dredd.problem) lines.push(`dredd: ${dredd.problem}`);
  for (const c of dredd.cases.filter((c) => c.outcome === 'failed')) {
    lines.push(`DREDD FAIL ${(c.operationId ?? '(unknown operation)').padEnd(42)} ${c.name.split(' ').slice(1, 3).join(' ')}  ${c.reason}`);
  }
  return lines;
}

/**
 * The families the selected operations belong to (both when nothing narrows the run): only those are probed.
 * @param {Set<string> | undefined} only  @returns {('legacy'|'v1')[]}
 */
function familiesOf(only) {
  if (!only) return ['legacy', 'v1'];
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  return [
    ...new Set(
      operationsOf(document)
        .filter((op) => only.has(op.operationId))
        .map((op) => op.family),
    ),
  ];
}
