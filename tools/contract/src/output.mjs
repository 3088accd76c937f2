// What a run prints while it runs and leaves behind for CI: a progress line per operation (one line redrawn in place
// on a terminal, one plain line each otherwise, so CI logs stay readable), GitHub Actions annotations when
// GITHUB_ACTIONS=true (one ::error per failed operation, so the failure shows on the pull request), and the JSON
// summary written beside the JUnit files (per operation: status, reason, duration).

/**
 * @typedef {import('./conformance.mjs').OperationResult} OperationResult
 * @typedef {import('./conformance.mjs').ConformanceReport} ConformanceReport
 * @typedef {import('./dredd-report.mjs').DreddReport & {problem?: string}} DreddOutcome
 */

/** `%`, CR and LF must be escaped in an annotation's message, and `:`/`,` too in its properties. @type {(s: unknown) => string} */
export const escapeData = (s) => String(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** @type {(s: unknown) => string} */
export const escapeProperty = (s) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error title=…::message` for GitHub Actions.  @param {string} level  @param {string} title  @param {string} message */
export function annotation(level, title, message) {
  return `::${level} title=${escapeProperty(title)}::${escapeData(message)}`;
}

/** @type {(outcome: OperationResult['outcome']) => string} */
const mark = (outcome) => (outcome === 'passed' ? 'PASS' : outcome === 'failed' ? 'FAIL' : 'SKIP');

/**
 * @param {{tty?: boolean, write?: (text: string) => void}} [options]
 * @returns {{onResult: (result: OperationResult, done: number, total: number) => void, end: () => void}}
 */
export function createProgress({ tty = Boolean(process.stdout.isTTY), write = (t) => process.stdout.write(t) } = {}) {
  let drawn = false;
  return {
    onResult(result, done, total) {
      const line = `[${String(done).padStart(String(total).length)}/${total}] ${mark(result.outcome)} ${result.operationId} (${result.durationMs ?? 0} ms)`;
      if (tty) {
        // Failures stay on screen; the rest is redrawn in place.
        write(`\r\x1b[2K${line}${result.outcome === 'failed' ? `  ${result.failure.message}\n` : ''}`);
        drawn = result.outcome !== 'failed';
      } else write(`${line}\n`);
    },
    end() {
      if (tty && drawn) write('\r\x1b[2K');
      drawn = false;
    },
  };
}

/**
 * One ::error per failed operation (conformance, then Dredd), for GitHub Actions.
 * @param {{results: OperationResult[]}} report  @param {DreddOutcome} [dredd]
 */
export function githubAnnotations(report, dredd) {
  const lines = report.results
    .filter((r) => r.outcome === 'failed')
    .map((r) => annotation('error', `Contract: ${r.operationId}`, `${r.method} ${r.path} [${r.failure.check}] ${r.failure.message}`));
  for (const c of dredd?.cases?.filter((c) => c.outcome === 'failed') ?? []) {
    lines.push(annotation('error', `Contract (Dredd): ${c.operationId ?? 'unknown operation'}`, c.reason ?? c.name));
  }
  if (dredd?.problem) lines.push(annotation('error', 'Contract (Dredd)', dredd.problem));
  return lines;
}

/**
 * The machine-readable summary: what ran, against what, and per operation its status, reason and duration.
 * @param {{versions: {version: string, specVersion: string}, kind: 'mock'|'live', targets: Record<string, string | undefined>,
 *   selection: string, exitCode: number, report: {results: OperationResult[]}, dredd?: DreddOutcome | undefined, dreddSkipped?: string | undefined,
 *   durationMs: number}} summary
 */
export function jsonSummary({ versions, kind, targets, selection, exitCode, report, dredd, dreddSkipped, durationMs }) {
  /** @param {OperationResult['outcome']} o */
  const count = (o) => report.results.filter((r) => r.outcome === o).length;
  return {
    tool: '@laevitas-api/contract',
    ...versions,
    target: { kind, ...targets },
    selection,
    exitCode,
    durationMs,
    conformance: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    dredd: dredd
      ? { passed: dredd.passed, failed: dredd.failed, skipped: dredd.skipped, total: dredd.total, ...(dredd.problem ? { problem: dredd.problem } : {}) }
      : { skipped: true, reason: dreddSkipped },
    operations: report.results.map((r) => ({
      operationId: r.operationId,
      method: r.method,
      path: r.path,
      status: r.outcome,
      reason: r.outcome === 'failed' ? `[${r.failure.check}] ${r.failure.message}` : r.notes.length ? r.notes.join('; ') : null,
      durationMs: r.durationMs ?? null,
      ...(r.notices?.length ? { notices: r.notices } : {}),
    })),
  };
}
