// One attempt of one request: send it, follow same-origin redirects by hand, read the whole body, all under one
// timeout, and turn every way this can fail into a typed error that says how far the exchange got.
//
// Redirects are followed manually (`redirect: 'manual'`) because fetch's own following re-sends every header,
// credentials included, to whatever origin the Location names, and re-sends a POST body on 307/308. The policy:
// a GET or HEAD follows up to five redirects within the same origin (same scheme, host and port) with its headers;
// a redirect to another origin, or any redirect of a POST, is refused with a RedirectError. Nothing is stripped
// and sent on: the API documents no redirect, so one to elsewhere is a misconfiguration or an attack, and a loud
// error is the useful answer.
//
// Timeouts: an AbortSignal on fetch costs about 5-10% of a loopback request in Node's fetch (undici links and
// tracks every signal), which is most of the client's overhead budget (pnpm bench: <= 1.1x raw fetch). So a signal
// is passed only when the caller gave one (it must be able to abort the request); otherwise the timeout races the
// exchange, and an exchange that loses the race is let go: its body is cancelled as soon as its headers arrive, so
// the connection is released then (or at the runtime's own header/body timeout, 300 s in Node, for a server that
// never answers). Either way the caller gets the same APIConnectionTimeoutError at the same moment.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RedirectError, type RequestSummary } from './errors.js';
import { neverConnected } from './retry.js';
import { redactUrl } from './url.js';

export interface AttemptInit {
  readonly url: URL;
  readonly method: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  readonly fetch: typeof fetch;
  readonly summary: RequestSummary;
}

export interface Exchanged {
  readonly response: Response;
  /** The whole body, read within the attempt's timeout. */
  readonly text: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_HOPS = 5;

export async function exchange(attempt: AttemptInit): Promise<Exchanged> {
  const { summary, signal: userSignal } = attempt;
  if (userSignal?.aborted) throw new APIUserAbortError(summary);
  // Only with a caller's signal is there a controller (see above); the timer then aborts through it.
  const controller = userSignal ? new AbortController() : undefined;
  let timedOut = false;
  let expire!: (error: unknown) => void;
  const expired = new Promise<never>((_, reject) => (expire = reject));
  // Handled here once: with a caller's signal nothing races it, and an unhandled rejection would stop Node.
  expired.catch(() => undefined);
  // setTimeout rather than AbortSignal.timeout: the same clock as every other wait of the client (fake timers in tests).
  const timer = setTimeout(() => {
    timedOut = true;
    const reason = new DOMException(`timed out after ${attempt.timeoutMs} ms`, 'TimeoutError');
    controller?.abort(reason);
    expire(reason);
  }, attempt.timeoutMs);
  const forwardAbort = () => controller!.abort(userSignal!.reason);
  userSignal?.addEventListener('abort', forwardAbort, { once: true });
  let phase: 'headers' | 'body' = 'headers';
  try {
    let url = attempt.url;
    for (let hops = 0; ; hops++) {
      const init: RequestInit = { method: attempt.method, headers: attempt.headers, redirect: 'manual' };
      if (controller) init.signal = controller.signal;
      if (attempt.body !== undefined) init.body = attempt.body;
      const response = await within(attempt.fetch(url, init), expired, controller);
      if (response.type === 'opaqueredirect') {
        throw new RedirectError(response.status, undefined, summary, undefined, 'the runtime hides its target, so it cannot be checked to stay on the API origin');
      }
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (location === null) {
        phase = 'body';
        return { response, text: await within(response.text(), expired, controller) };
      }
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      const shown = redactUrl(next);
      if (attempt.method !== 'GET' && attempt.method !== 'HEAD') {
        throw new RedirectError(response.status, response.headers, summary, shown, `a ${attempt.method} is never re-sent (it may already have been processed)`);
      }
      if (next.origin !== url.origin) {
        throw new RedirectError(response.status, response.headers, summary, shown, `it leaves ${url.origin}; the API key and tokens are only sent to the API's origin`);
      }
      if (hops + 1 > MAX_HOPS) throw new RedirectError(response.status, response.headers, summary, shown, `more than ${MAX_HOPS} redirects`);
      url = next;
    }
  } catch (error) {
    if (error instanceof APIError) throw error;
    if (userSignal?.aborted) throw new APIUserAbortError(summary);
    if (timedOut) throw new APIConnectionTimeoutError(summary, attempt.timeoutMs, phase);
    throw new APIConnectionError(summary, error, phase === 'headers' && neverConnected(error) ? 'connect' : 'exchange');
  } finally {
    clearTimeout(timer);
    userSignal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * A step of the exchange, unless the timeout comes first. With a controller the step itself fails on abort; without
 * one it is raced, and a response that arrives after losing the race has its body cancelled (the connection freed).
 */
function within<T>(step: Promise<T>, expired: Promise<never>, controller: AbortController | undefined): Promise<T> {
  if (controller) return step;
  expired.catch(() => {
    step.then((late) => (late instanceof Response ? late.body?.cancel() : undefined)).catch(() => undefined);
  });
  return Promise.race([step, expired]);
}
