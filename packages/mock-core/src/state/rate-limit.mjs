// Optional rate limiting (MOCK_RATE_LIMIT=on) of the v1 family by the spec's `info.x-rate-limits`: every window of
// an operation's group (`x-rate-limit-group`, default `v1`: 240 per 60 s and 20 per 5 s; `creditToken`: 10 per 60 s)
// is a rolling log of the accepted requests of one client (its API key, else its credit token, else its address).
// A request that would overflow any window gets the documented 429 with `Retry-After`: the whole seconds until
// the oldest request of the fullest window leaves it, i.e. until a slot frees. Refused requests take no slot.
// Legacy routes are not limited: the legacy document publishes no limits.
import { tooManyRequests } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';

/**
 * @param {{limits: Record<string, {limit: number, windowSeconds: number}[]>, now?: (() => number) | undefined}} options
 */
export function createRateLimiter({ limits, now = Date.now }) {
  for (const [group, windows] of Object.entries(limits)) {
    if (!Array.isArray(windows)) continue;
    for (const w of windows) {
      if (!(Number.isInteger(w?.limit) && w.limit > 0 && w.windowSeconds > 0)) {
        throw new Error(`mock rate limit: info.x-rate-limits.${group} needs positive integer limit and windowSeconds, got ${JSON.stringify(w)}`);
      }
    }
  }
  /** @type {Map<string, number[]>} `${group} ${client}` → times of accepted requests, oldest first */
  const logs = new Map();
  /** @param {{windowSeconds: number}[]} windows */
  const longest = (windows) => Math.max(...windows.map((w) => w.windowSeconds * 1000));
  return {
    groups: Object.keys(limits).filter((group) => Array.isArray(limits[group])),
    /** @param {string} group  @param {string} client  @returns {{ok: true} | {ok: false, retryAfterSeconds: number}} */
    take(group, client) {
      const windows = limits[group];
      if (!Array.isArray(windows)) throw new Error(`mock rate limit: no group ${group} in info.x-rate-limits`);
      const at = now();
      const key = `${group} ${client}`;
      const log = (logs.get(key) ?? []).filter((t) => t > at - longest(windows));
      let waitMs = 0;
      for (const { limit, windowSeconds } of windows) {
        const inWindow = log.filter((t) => t > at - windowSeconds * 1000);
        // The request that must leave the window before another fits (the log is in time order).
        const oldestCounted = inWindow[inWindow.length - limit];
        if (oldestCounted !== undefined) waitMs = Math.max(waitMs, oldestCounted + windowSeconds * 1000 - at);
      }
      if (waitMs > 0) {
        logs.set(key, log);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      log.push(at);
      logs.set(key, log);
      return { ok: true };
    },
    reset() {
      logs.clear();
    },
  };
}

/** The client a request counts against: its API key, else its credit token, else its network address.  @param {import('../stage.mjs').Context} ctx */
export function clientOf(ctx) {
  const key = ctx.headers['x-api-key'] || ctx.headers.apikey;
  if (key) return `key:${key}`;
  if (ctx.headers['x-credit-token']) return `token:${ctx.headers['x-credit-token']}`;
  return `addr:${ctx.remoteAddress ?? 'unknown'}`;
}

/** @param {{limiter: ReturnType<typeof createRateLimiter>}} deps  @returns {import('../stage.mjs').Stage} */
export function createRateLimitStage({ limiter }) {
  return forOperations(
    function rateLimit(/** @type {import('../stage.mjs').Context} */ ctx) {
      const { op } = ctx;
      if (!op || op.family !== 'v1' || !op.responses.some((r) => r.status === 429)) return undefined;
      const group = op.extensions['x-rate-limit-group'] ?? 'v1';
      const taken = limiter.take(group, clientOf(ctx));
      return taken.ok ? undefined : tooManyRequests('v1', taken.retryAfterSeconds);
    },
    (op) => op !== undefined && op.family === 'v1' && op.responses.some((r) => r.status === 429),
  );
}
