// When and how long to wait before another attempt. The rule that matters most: a request that is not idempotent
// (every POST of this API: risk ladders, payments, credit-token redemption) is sent at most once unless the service
// provably did not act on it. So a POST is retried only after a 429 (the service refused it before doing anything)
// or when no connection was ever opened; never after a reset, a timeout or a 5xx, whatever `x-should-retry` says.
import { parseRetryAfter } from '../errors.js';
import type { RetrySettings } from './settings.js';
import { FALLBACK_RETRY_AFTER_MS } from './rate-limiter.js';

export type { RetrySettings as RetryOptions } from './settings.js';

// 408 and 409 are transient by RFC 9110 and Stainless' rule; 5xx are the server's or a proxy's failure.
export const RETRYABLE_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);

/** What went wrong with one attempt, as far as the retry decision needs to know. */
export type Failure =
  | { kind: 'status'; status: number; headers: Headers }
  /** No connection was opened (refused, DNS): nothing reached the service. */
  | { kind: 'connect' }
  /** The connection broke, or the attempt timed out, after the request may have been sent. */
  | { kind: 'exchange' }
  /** A success status whose body is not the documented JSON (truncated, HTML, empty). */
  | { kind: 'parse' };

export const isIdempotent = (method: string): boolean => method === 'GET' || method === 'HEAD';

export function shouldRetry(method: string, failure: Failure): boolean {
  if (failure.kind === 'connect') return true;
  const hint = failure.kind === 'status' ? failure.headers.get('x-should-retry') : null;
  if (!isIdempotent(method)) {
    // 429 is a refusal: the request was not processed, so sending it again cannot do anything twice. The server may
    // still say no; it may never say yes to anything else, because the client cannot prove the first one did not run.
    return failure.kind === 'status' && failure.status === 429 && hint !== 'false';
  }
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  return failure.kind === 'status' ? RETRYABLE_STATUSES.has(failure.status) : true;
}

/**
 * Delay before retry number `attempt` (1-based): Retry-After when given; after a 429 without one, the spec's advised
 * wait (60 s) rather than a short backoff that would only collect another 429; else exponential backoff with jitter.
 * Undefined when the wait would exceed `maxRetryAfterMs` (the error is thrown instead).
 */
export function retryDelay(attempt: number, options: Required<RetrySettings>, failure?: Failure, random = Math.random): number | undefined {
  const retryAfter =
    failure?.kind === 'status' ? (parseRetryAfter(failure.headers) ?? (failure.status === 429 ? FALLBACK_RETRY_AFTER_MS : undefined)) : undefined;
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
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

// Error codes (Node's net/dns and undici) that mean no connection was ever established, so no byte of the request
// left this machine. ECONNRESET, EPIPE and UND_ERR_SOCKET are absent on purpose: they can happen after the request
// was written, including on a reused keep-alive socket.
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** True when every error code found in the cause chain of a fetch failure says the connection never opened. */
export function neverConnected(error: unknown): boolean {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 5) return;
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  return codes.length > 0 && codes.every((code) => NEVER_CONNECTED.has(code));
}
