// `meta.completeness` of the minute-based families, kept consistent with the rows the mock serves. The service says
// `complete_from` and the exclusive `complete_through` bound a gap-free run of closed, persisted one-minute rows, and
// `complete_through` never moves back. The spec's examples carry a fixed completeness that the synthesised series
// would contradict, so this wraps the synthesis stage and rewrites it per request:
//   - `complete_through` is the mock's clock, floored to the minute, or the minute the test header
//     `x-mock-complete-through: <ISO 8601>` places. With the header, or for a window with `start` and no `end`
//     (through the latest data), the series also ends there: no bucket that starts at or after `complete_through` is
//     served (an open minute is not persisted yet), while a coarser bucket that started before it is served with the
//     minutes it has, as a rollup of the persisted minutes would be. (A series is cut at 10,000 rows, as always.)
//   - `complete_from` is the request's `start` floored to the minute, else the earliest row served.
// A test advances `x-mock-complete-through` between two runs to play a service whose closed minutes move on.
import { badRequest } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { planOf } from './plan.mjs';

export const COMPLETE_THROUGH_HEADER = 'x-mock-complete-through';
const MINUTE = 60_000;
const BUCKET = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** `t` written like `sample` (the example's own shape: `YYYY-MM-DD HH:mm:ss` or ISO 8601).  @param {number} t  @param {unknown} sample */
function writeLike(t, sample) {
  const iso = new Date(t).toISOString();
  return typeof sample === 'string' && BUCKET.test(sample) ? iso.slice(0, 19).replace('T', ' ') : iso;
}

/** @param {unknown} value  @returns {number} epoch ms, NaN when unreadable */
function timeOf(value) {
  if (typeof value !== 'string') return Number.NaN;
  return Date.parse(BUCKET.test(value) ? `${value.replace(' ', 'T')}Z` : value);
}

/**
 * Wraps the synthesis stage (declared in ../pipeline.mjs). A kept (cached) synthesised answer is rewritten once per
 * `complete_through` minute, not once per request: the rewrite depends only on that answer and that minute.
 * @param {import('../stage.mjs').Stage} synth  @param {import('../stage.mjs').OpenApiDocument} document
 * @param {{now?: (() => number) | undefined}} options the mock's clock
 * @returns {import('../stage.mjs').Stage}
 */
export function withCompleteness(synth, document, { now = Date.now }) {
  /** @type {Map<string, unknown>} the example's `complete_through` per minute-based operation, null for the others */
  const samples = new Map();
  /** @param {import('../stage.mjs').OperationModel} op */
  const sampleOf = (op) => {
    if (!samples.has(op.operationId)) samples.set(op.operationId, planOf(document, op)?.example?.meta?.completeness?.complete_through ?? null);
    return samples.get(op.operationId);
  };
  /** @type {WeakMap<import('../stage.mjs').Answer, {through: number, answer: import('../stage.mjs').Answer}>} synthesised answer → its rewrite */
  const rewritten = new WeakMap();
  /** @type {import('../stage.mjs').Stage} */
  const stage = function synthWithCompleteness(ctx) {
    const op = ctx.op;
    const sample = op && !ctx.forcePrism && op.method === 'get' ? sampleOf(op) : null;
    if (!op || sample === null) return synth(ctx);
    const header = ctx.headers[COMPLETE_THROUGH_HEADER];
    let through = Math.floor(now() / MINUTE) * MINUTE;
    if (header !== undefined) {
      const placed = Date.parse(header);
      if (!Number.isFinite(placed)) return badRequest(op.family, [`${COMPLETE_THROUGH_HEADER} must be a valid ISO 8601 date string`]);
      through = Math.floor(placed / MINUTE) * MINUTE;
    }
    // With the header, or a window from `start` through the latest data (no `end`), the series ends where the closed
    // minutes end, so every minute before complete_through that the window asks for is served.
    if (header !== undefined || (ctx.query?.start !== undefined && ctx.query?.end === undefined)) {
      const query = { ...(ctx.query ?? {}) };
      const end = query.end !== undefined ? Date.parse(query.end) : Number.POSITIVE_INFINITY;
      if (!(end < through)) query.end = new Date(through - 1).toISOString();
      ctx.query = query;
    }
    /** @param {import('../stage.mjs').Answer | undefined} answer */
    const rewrite = (answer) => {
      if (!answer || answer.status !== 200 || answer.body === undefined) return answer;
      // The same answer object is the same request's synthesis (the synthesis stage keeps answers by operation and
      // parameters, `start` among them), so its rewrite for the same minute is the same.
      const kept = rewritten.get(answer);
      if (kept?.through === through) return kept.answer;
      const result = withCompletenessOf(answer, ctx.query, through, sample);
      rewritten.set(answer, { through, answer: result });
      return result;
    };
    const answer = synth(ctx);
    return answer instanceof Promise ? answer.then(rewrite) : rewrite(answer);
  };
  // Only the minute-based families carry meta.completeness; the others go straight to synthesis.
  return forOperations(stage, (op) => synth.appliesTo?.(op) ?? true);
}

/**
 * The answer with `meta.completeness` rewritten for `through`; the answer itself when its body carries none.
 * @param {import('../stage.mjs').Answer} answer  @param {Record<string, string> | undefined} query  @param {number} through  @param {unknown} sample
 */
function withCompletenessOf(answer, query, through, sample) {
  const body = JSON.parse(typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body));
  const rows = Array.isArray(body?.data) ? body.data : [];
  if (!body?.meta?.completeness) return answer;
  let earliest = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const t = timeOf(row?.date);
    if (t < earliest) earliest = t;
  }
  const start = query?.start !== undefined ? Math.floor(Date.parse(query.start) / MINUTE) * MINUTE : earliest;
  /** @type {Record<string, unknown>} */
  const completeness = { ...body.meta.completeness, status: 'available', complete_through: writeLike(through, sample) };
  if (Number.isFinite(start)) completeness.complete_from = writeLike(Math.min(start, through), sample);
  else delete completeness.complete_from;
  body.meta = { ...body.meta, completeness };
  return { ...answer, body: JSON.stringify(body) };
}
