// laevitas-contract export: one list operation's scan written to a CSV, NDJSON or JSON file through the client, so the
// client's rate limiter, window splitting and credentials apply as in any application. It prints the scan's plan
// (client.planScan: windows, requests, cost by each way of paying) before sending anything, asks before a run that
// pays (credits) unless --yes, refuses one whose plan exceeds --max-cost, shows progress, and resumes a killed run
// from its checkpoint (checkpoint.mjs) with no row missing and none twice.
import { createInterface } from 'node:readline/promises';
import { OPERATIONS, createClient, checkScanBudget } from '@laevitas-api/client';
import { UsageError } from '../errors.mjs';
import { beginOf, encodeRows, endOf } from './formats.mjs';
import { PartialFile, resumeFrom } from './checkpoint.mjs';
import { createProgress } from './progress.mjs';

/**
 * @typedef {{ operationId: string, query: Record<string, string>, out: string, format: import('./formats.mjs').Format,
 *   yes?: boolean, maxCost?: string, maxPages?: number, legacyBaseUrl?: string | undefined, v1BaseUrl?: string | undefined,
 *   apiKey?: string | undefined, creditToken?: string | undefined, stdin?: NodeJS.ReadStream, stderr?: NodeJS.WriteStream }} ExportOptions
 */

/** @param {unknown} value  @param {string} path */
const at = (value, path) => path.split('.').reduce((node, key) => (node && typeof node === 'object' ? /** @type {any} */ (node)[key] : undefined), value);

/** The plan as a few lines a person reads before paying. @param {import('@laevitas-api/client').ScanPlan} plan  @param {string} paying */
export function describePlan(plan, paying) {
  const { windows, requests, cost } = plan;
  const upTo = (/** @type {unknown} */ max) => (max === null ? 'no upper bound' : `at most ${max}`);
  const lines = [
    `Plan of ${plan.operationId}: ${windows.length} window${windows.length === 1 ? '' : 's'} (${windows[0]?.start ?? 'the start'} .. ${windows.at(-1)?.end ?? 'now'}), page size ${plan.pageSize ?? 'the service default'}`,
    `  requests: at least ${requests.min}, ${upTo(requests.max)}${plan.rows.max === null ? '' : `; rows: ${upTo(plan.rows.max)}`}`,
  ];
  if (cost.x402) lines.push(`  paid per call (x402): ${cost.x402.min} .. ${cost.x402.max ?? '?'} ${cost.x402.asset} (${cost.x402.perCall} a call)`);
  if (cost.credits) lines.push(`  paid in credits: ${cost.credits.min} .. ${cost.credits.max ?? '?'} credits`);
  lines.push(`  this run pays with: ${paying}`);
  return lines.join('\n');
}

/** Asks on the terminal; a run without one must say --yes. @param {NodeJS.ReadStream} stdin  @param {NodeJS.WriteStream} stderr */
async function confirm(stdin, stderr) {
  if (!stdin.isTTY) throw new UsageError('this export pays (credits) and stdin is not a terminal to ask on: pass --yes to accept the plan above');
  const rl = createInterface({ input: stdin, output: stderr });
  try {
    return /^y(es)?$/i.test((await rl.question('Proceed and pay? [y/N] ')).trim());
  } finally {
    rl.close();
  }
}

/** Runs the export; resolves with the exit code (0 written, 1 the scan failed and can be resumed). @param {ExportOptions} options */
export async function runExport(options) {
  const { operationId, query, out, format, stderr = process.stderr, stdin = process.stdin } = options;
  const info = /** @type {Record<string, import('@laevitas-api/client').OperationInfo>} */ (OPERATIONS)[operationId];
  if (!info) throw new UsageError(`export: unknown operationId "${operationId}"`);
  if (!info.pagination) throw new UsageError(`export: ${operationId} is not a list operation (it has no x-pagination)`);
  const client = createClient({
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.creditToken ? { creditToken: options.creditToken } : {}),
    ...(options.legacyBaseUrl ? { baseUrl: options.legacyBaseUrl } : {}),
    ...(options.v1BaseUrl ? { v2BaseUrl: options.v1BaseUrl } : {}),
  });
  const key = JSON.stringify({ operationId, query, format, maxPages: options.maxPages ?? null });
  const saved = resumeFrom(out, key);
  const plan = client.planScan(/** @type {never} */ (operationId), /** @type {never} */ ({ query }), options.maxPages ? { maxPages: options.maxPages } : {});
  const paying = options.creditToken
    ? 'credits (X-Credit-Token)'
    : options.apiKey
      ? 'the API key (no per-call charge)'
      : 'nothing: no key or credit token is set';
  stderr.write(`${describePlan(plan, paying)}\n`);
  if (options.maxCost !== undefined) {
    try {
      checkScanBudget(plan, { usdc: options.maxCost });
    } catch (error) {
      // Nothing was sent: a usage error (exit 2), the budget and the plan in its message.
      throw new UsageError(`--max-cost: ${/** @type {Error} */ (error).message}`);
    }
  }
  if (options.creditToken && !options.yes && !(await confirm(stdin, stderr))) {
    stderr.write('Not started: nothing was sent.\n');
    return 0;
  }
  const windows =
    saved?.windows ?? plan.windows.map(({ start, end }) => ({ ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) }));
  const state = saved?.format ?? { rows: 0 };
  let position = saved?.position ?? { window: 0 };
  let requests = saved?.requests ?? 0;
  const file = new PartialFile(out, saved?.bytes ?? 0);
  if (saved)
    stderr.write(
      `Resuming from ${out}.checkpoint.json: ${state.rows} rows and ${requests} requests done, window ${position.window + 1} of ${windows.length}\n`,
    );
  else file.append(beginOf(format));
  const save = () => file.checkpoint({ key, windows, position, requests, format: state });
  save();
  const progress = createProgress({ stream: stderr, maxRequests: plan.requests.max });
  const pagination = info.pagination;
  try {
    while (position.window < windows.length && (options.maxPages === undefined || requests < options.maxPages)) {
      const window = windows[position.window];
      const resume =
        pagination.style === 'cursor'
          ? position.cursor
            ? { [pagination.cursorParam]: position.cursor }
            : {}
          : position.page
            ? { [pagination.pageParam]: String(position.page) }
            : {};
      const scan = client.paginate(/** @type {never} */ (operationId), /** @type {never} */ ({ query: { ...query, ...window, ...resume } }), {
        windows: 'off',
      });
      const left = options.maxPages === undefined ? undefined : options.maxPages - requests;
      for await (const page of scan.pages(left === undefined ? {} : { maxPages: left })) {
        const rows = /** @type {Record<string, unknown>[]} */ (at(page, pagination.itemsPath));
        file.append(encodeRows(format, rows, state));
        requests++;
        let next;
        if (pagination.style === 'cursor') next = scan.lastCursor ? { window: position.window, cursor: scan.lastCursor } : { window: position.window + 1 };
        else {
          const current = position.page ?? 1;
          next = current < Number(at(page, pagination.totalPagesPath)) ? { window: position.window, page: current + 1 } : { window: position.window + 1 };
        }
        position = next;
        save();
        progress.page({ rows: state.rows, requests }, !('cursor' in next || 'page' in next));
      }
    }
  } catch (error) {
    file.close();
    stderr.write(`\nStopped: ${/** @type {Error} */ (error).message}\n${state.rows} rows are kept in ${out}.partial; run the same command again to resume.\n`);
    return 1;
  }
  file.append(endOf(format, state));
  file.finish();
  progress.done({ rows: state.rows, requests }, `Wrote ${state.rows} rows to ${out} (${format}).`);
  return 0;
}
