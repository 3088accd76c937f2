// The request budget of a live run, derived from the contract's own rate limits (`info.x-rate-limits`): a run paced
// with a share of the allowance never trips the limit, and leaves the rest of it to the key's real traffic. The plan
// counts, from the spec, the requests a full run sends (per operation: the example request, the second page of a
// cursor-paged one, the invalid-value probe of one that documents 400; nothing for an operation a live run skips),
// and the pacer holds every rolling window of the operation's limit group to `share × limit`.
//
// The legacy family publishes no limit; it is paced in the same windows as the versioned family (one limiter for
// both), so the run's total rate stays within the share of the one published allowance.
import { createRequire } from 'node:module';
import { buildRequests } from './requests.mjs';
import { deref } from './spec-model.mjs';

const require = createRequire(import.meta.url);
const { liveSkipReason } = require('./live-skips.cjs');

/** The drift watch's share of the allowance unless told otherwise: a quarter leaves three quarters to real traffic. */
export const DEFAULT_SHARE = 0.25;

/**
 * @typedef {{limit: number, windowSeconds: number}} Window
 * @typedef {{share: number, groups: Record<string, {allowance: Window[], paced: Window[]}>, retryAfterSeconds: number}} Pace
 * @typedef {{operationId: string, group: string, requests: number, skipped?: string | undefined}} PlannedOperation
 */

/** @param {Record<string, any>} document  @param {number} share  @returns {Pace} */
export function paceOf(document, share = DEFAULT_SHARE) {
  if (!(share > 0 && share <= 1)) throw new RangeError(`the share of the rate limit must be in (0, 1], got ${share}`);
  const limits = document.info?.['x-rate-limits'];
  if (!limits?.v1?.length) throw new Error('the spec publishes no info.x-rate-limits.v1: no budget can be derived');
  /** @type {Pace['groups']} */
  const groups = {};
  for (const [group, windows] of Object.entries(limits)) {
    if (!Array.isArray(windows)) continue;
    groups[group] = {
      allowance: windows.map((w) => ({ limit: w.limit, windowSeconds: w.windowSeconds })),
      // At least one request per window, or nothing could ever be sent.
      paced: windows.map((w) => ({ limit: Math.max(1, Math.floor(w.limit * share)), windowSeconds: w.windowSeconds })),
    };
  }
  return { share, groups, retryAfterSeconds: limits.retryAfterSeconds ?? 60 };
}

/** @param {Record<string, any>} document  @param {{path: string, method: string}} op */
export function groupOf(document, op) {
  return deref(document, document.paths[op.path])?.[op.method]?.['x-rate-limit-group'] ?? 'v1';
}

/**
 * The requests a live run sends, per operation, counted from the spec.
 * @param {import('./spec-model.mjs').OpenApiDocument} document  @param {{only?: ((id: string) => boolean) | undefined}} [options]
 * @returns {{operations: PlannedOperation[], total: number, byGroup: Record<string, number>}}
 */
export function planOf(document, { only = () => true } = {}) {
  const operations = buildRequests(document)
    .filter((req) => only(req.op.operationId))
    .map((req) => {
      const { op } = req;
      const skipped = liveSkipReason(op.method, deref(document, document.paths[op.path])[op.method], document, req.body);
      const cursor = op.extensions['x-pagination']?.style === 'cursor' ? 1 : 0;
      const probe = req.invalid && op.responses.some((r) => r.status === 400) ? 1 : 0;
      return { operationId: op.operationId, group: groupOf(document, op), requests: skipped ? 0 : 1 + cursor + probe, ...(skipped ? { skipped } : {}) };
    });
  /** @type {Record<string, number>} */
  const byGroup = {};
  for (const o of operations) byGroup[o.group] = (byGroup[o.group] ?? 0) + o.requests;
  return { operations, total: operations.reduce((sum, o) => sum + o.requests, 0), byGroup };
}

/** The shortest time a paced run can take: each group's count spread over its tightest paced window.  @param {ReturnType<typeof planOf>} plan  @param {Pace} pace */
export function minimumSeconds(plan, pace) {
  let seconds = 0;
  for (const [group, count] of Object.entries(plan.byGroup)) {
    const windows = (pace.groups[group] ?? pace.groups.v1)?.paced ?? [];
    for (const w of windows) seconds = Math.max(seconds, Math.max(0, Math.ceil(count / w.limit) - 1) * w.windowSeconds);
  }
  return seconds;
}

/** One line for the log and the pull request.  @param {ReturnType<typeof planOf>} plan  @param {Pace} pace */
export function describeBudget(plan, pace) {
  const percent = `${Math.round(pace.share * 1000) / 10}%`;
  const windows = (/** @type {Window[]} */ list) => list.map((w) => `${w.limit} per ${w.windowSeconds} s`).join(' and ');
  const groups = Object.entries(pace.groups)
    .filter(([group]) => plan.byGroup[group] || group === 'v1')
    .map(([group, { allowance, paced }]) => `${group}: ${windows(paced)} (${percent} of ${windows(allowance)})`)
    .join('; ');
  const skipped = plan.operations.filter((o) => o.skipped).length;
  return `budget: ${plan.total} requests for ${plan.operations.length - skipped} operations (${skipped} skipped: they pay or spend credits), paced at ${groups}; the legacy family publishes no limit and shares the v1 windows; at least ${minimumSeconds(plan, pace)} s`;
}

/**
 * A rolling-window limiter per group: `acquire(group)` resolves when one more request keeps every paced window of
 * the group within its limit. A 429 (which a paced run should never see) pauses the group for the advised wait.
 * @param {Pace} pace  @param {{now?: () => number, sleep?: (ms: number) => Promise<void>}} [clock]
 */
export function createPacer(pace, { now = Date.now, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) } = {}) {
  /** @type {Map<string, number[]>} */
  const sent = new Map();
  /** @type {Map<string, number>} */
  const pausedUntil = new Map();
  let queue = Promise.resolve();
  /** @param {string} group */
  async function take(group) {
    const windows = (pace.groups[group] ?? pace.groups.v1)?.paced ?? [];
    const times = sent.get(group) ?? [];
    sent.set(group, times);
    for (;;) {
      const t = now();
      let wait = Math.max(0, (pausedUntil.get(group) ?? 0) - t);
      for (const w of windows) {
        const inWindow = times.filter((s) => s > t - w.windowSeconds * 1000);
        if (inWindow.length >= w.limit) wait = Math.max(wait, /** @type {number} */ (inWindow[inWindow.length - w.limit]) + w.windowSeconds * 1000 - t + 1);
      }
      if (wait <= 0) break;
      await sleep(wait);
    }
    times.push(now());
    // Only the longest window's history is ever read.
    const longest = Math.max(...windows.map((w) => w.windowSeconds), 0) * 1000;
    while (times.length && /** @type {number} */ (times[0]) <= now() - longest) times.shift();
  }
  return {
    /** @param {string} group */
    acquire(group) {
      const turn = queue.then(() => take(group));
      queue = turn.catch(() => {});
      return turn;
    },
    /** @param {string} group  @param {number} seconds */
    pause(group, seconds) {
      pausedUntil.set(group, now() + seconds * 1000);
    },
  };
}

/**
 * `fetch` paced by the budget, counting what it sent and every 429 it met.
 * @param {typeof fetch} fetchImpl  @param {Pace} pace  @param {(url: URL, method: string) => string} groupOfRequest
 */
export function pacedFetch(fetchImpl, pace, groupOfRequest, clock = {}) {
  const pacer = createPacer(pace, clock);
  const counts = { sent: 0, rateLimited: 0 };
  /** @type {typeof fetch} */
  const paced = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const group = groupOfRequest(url, (init?.method ?? 'GET').toLowerCase());
    await pacer.acquire(group);
    counts.sent++;
    const response = await fetchImpl(input, init);
    if (response.status === 429) {
      counts.rateLimited++;
      pacer.pause(group, Number(response.headers.get('retry-after')) || pace.retryAfterSeconds);
    }
    return response;
  };
  return { fetch: paced, counts };
}

/**
 * Which limit group a request draws on, by its path (the operations that name a group in `x-rate-limit-group`; every
 * other request is `v1`). The path is matched at its end, so a base URL with a path prefix still matches.
 * @param {import('./spec-model.mjs').OpenApiDocument} document  @param {{path: string, method: string}[]} operations
 */
export function requestGrouper(document, operations) {
  const grouped = operations
    .map((op) => ({ op, group: groupOf(document, op) }))
    .filter(({ group }) => group !== 'v1')
    .map(({ op, group }) => ({
      method: op.method,
      group,
      pattern: new RegExp(`${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }));
  /** @type {(url: URL, method: string) => string} */
  return (url, method) => grouped.find((g) => g.method === method && g.pattern.test(url.pathname))?.group ?? 'v1';
}
