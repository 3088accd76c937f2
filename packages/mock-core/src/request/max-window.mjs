// The longest start..end window an operation accepts (`x-max-window`, e.g. 7 days for flow and currency-wide trades):
// a longer window gets the operation's documented 400, as the service refuses it, instead of a 200 the service would
// never send. With `unlessParam` the limit applies only when that parameter is absent (a single instrument's trades
// have no window limit). The service's own wording of this refusal is not public; the message is the mock's, in the
// class-validator style of the other 400s, and names both parameters and the limit.
import { forOperations } from '../stage.mjs';
import { refusal } from './request-validation.mjs';

const DAY_MS = 86_400_000;

/**
 * The window a query asks for, with the documented defaults: `end` is now when omitted, `start` 24 hours before `end`.
 * @param {Record<string, string> | undefined} query  @param {number} now  @returns {{start: number, end: number}}
 */
export function windowOf(query = {}, now) {
  const end = query.end !== undefined ? Date.parse(query.end) : now;
  const start = query.start !== undefined ? Date.parse(query.start) : end - DAY_MS;
  return { start, end };
}

/**
 * The refusal message for a window longer than `limit`, or undefined when the window is within it.
 * @param {{days: number, unlessParam?: string} | undefined} limit  @param {Record<string, string> | undefined} query  @param {number} now
 */
export function windowViolation(limit, query = {}, now) {
  if (!limit || (limit.unlessParam && query[limit.unlessParam] !== undefined)) return undefined;
  const { start, end } = windowOf(query, now);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end - start <= limit.days * DAY_MS) return undefined;
  const scope = limit.unlessParam ? ` without ${limit.unlessParam}` : '';
  return `start and end must be at most ${limit.days} days apart${scope}`;
}

/**
 * Stage (after request validation, so start and end are valid date-times): the documented 400 for a window longer
 * than the operation's `x-max-window`.
 * @param {{now?: (() => number) | undefined}} [options] the mock's clock, for a window without `end`
 * @returns {import('../stage.mjs').Stage}
 */
export function maxWindowStage({ now = Date.now } = {}) {
  /** @type {import('../stage.mjs').Stage} */
  const stage = function maxWindow(ctx) {
    const op = ctx.op;
    if (!op || ctx.forcePrism) return undefined;
    const message = windowViolation(op.extensions?.['x-max-window'], ctx.query, now());
    return message ? refusal(op, [message]) : undefined;
  };
  return forOperations(stage, (op) => op?.extensions?.['x-max-window'] !== undefined);
}
