// Layer: each attempt takes its own slot of the client-side rolling-window budget (rate-limiter.ts) before it is
// sent, and holds it until its response has been read. It sits inside the retry loop, so a retry waits for a slot
// like any request; and a 429 pauses the whole budget, so every caller on the key waits it out instead of collecting
// its own 429 (octokit/plugin-throttling.js#629). The group is the operation's x-rate-limit-group, else its family's.
import { APIUserAbortError, parseRetryAfter } from '../../errors.js';
import { FALLBACK_RETRY_AFTER_MS, type RollingWindowLimiter } from '../rate-limiter.js';
import type { Call, Layer, Outcome } from './types.js';

/** The limiter this call's attempts draw on; undefined when the client has no budget or the group no windows. */
export function limiterOf(call: Call): RollingWindowLimiter | undefined {
  const info = call.operation;
  const group = info.rateLimitGroup ?? (info.family === 'v1' ? 'v1' : undefined);
  return group ? call.client.budget?.limiter(group) : undefined;
}

export const rateLimit: Layer = {
  name: 'rate-limit',
  handle(call, next) {
    const limiter = limiterOf(call);
    if (!limiter) return next(call);
    return limiter.acquire(call.options.signal).then(
      (release) =>
        next(call).then(
          (outcome: Outcome) => {
            release();
            if (outcome.response.status === 429)
              limiter.pauseUntil(
                Date.now() + Math.min(parseRetryAfter(outcome.response.headers) ?? FALLBACK_RETRY_AFTER_MS, call.client.retryPolicy.maxRetryAfterMs),
              );
            return outcome;
          },
          (error: unknown) => {
            release();
            throw error;
          },
        ),
      () => {
        throw new APIUserAbortError(call.summary);
      },
    );
  },
};
