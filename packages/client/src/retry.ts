// When and how long to wait before another attempt. GET is idempotent, so by default it is retried on 408, 409,
// 429, 5xx and connection errors; POST is retried only on 429 and connection failures that never reached the
// server's handler, because the risk and payment calls must not run twice.
import { parseRetryAfter } from './errors.js';
import type { RetrySettings } from './settings.js';

export type { RetrySettings as RetryOptions } from './settings.js';

export const RETRYABLE_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);

export function shouldRetry(method: string, status: number | 'network', headers?: Headers): boolean {
  const hint = headers?.get('x-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  if (status === 'network') return true;
  if (method === 'GET' || method === 'HEAD') return RETRYABLE_STATUSES.has(status);
  return status === 429;
}

/** Delay before retry number `attempt` (1-based): Retry-After when given, else exponential backoff with jitter. */
export function retryDelay(attempt: number, options: Required<RetrySettings>, headers?: Headers, random = Math.random): number | undefined {
  const retryAfter = parseRetryAfter(headers);
  if (retryAfter !== undefined) return retryAfter <= options.maxRetryAfterMs ? retryAfter : undefined;
  const base = Math.min(options.initialDelayMs * 2 ** (attempt - 1), options.maxDelayMs);
  return base * (1 - 0.25 * random());
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
