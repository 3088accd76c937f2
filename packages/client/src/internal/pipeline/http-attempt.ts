// Layer (the innermost): one attempt of one request on the wire: the middleware's onRequest, fetch, the middleware's
// onResponse, then: send it, follow same-origin redirects by hand, read the whole body, all under one
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
// The full client's middleware (middleware.ts) runs here, inside the attempt and its timeout, as its transport: an
// onRequest may replace the Request (a refreshed token for this attempt), an onResponse the Response before its body
// is read.
// `fetch` is called as a plain function, never as a method of an options object: workerd and Chromium throw
// `Illegal invocation` when their fetch gets any `this` but the global one (issue #26).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, RedirectError } from '../../errors.js';
import { isIdempotent, neverConnected } from '../retry-rules.js';
import { redactUrl } from '../url.js';
import { HookError } from './hook-error.js';
import type { Layer, Outcome } from './types.js';

export const httpAttempt: Layer = {
  name: 'http-attempt',
  handle(call) {
    const { client, summary } = call;
    const userSignal = call.options.signal;
    const timeoutMs = call.options.timeout ?? client.settings.timeout ?? 60_000;
    const method = call.operation.method;
    if (userSignal?.aborted) return Promise.reject(new APIUserAbortError(summary));
    // Only with a caller's signal is there a controller (see above); the timer then aborts through it.
    const controller = userSignal ? new AbortController() : undefined;
    let timedOut = false;
    let phase: 'headers' | 'body' = 'headers';
    let timer: ReturnType<typeof setTimeout>;
    const forwardAbort = () => controller!.abort(userSignal!.reason);
    // The exchange itself. Without a controller a timeout does not stop it: the caller has had its error, and a
    // response that arrives after that has its body cancelled here, so the connection is freed.
    const run = async (): Promise<Outcome> => {
      try {
        let url: URL | string = call.url;
        for (let hops = 0; ; hops++) {
          // fetchOptions first, so the client's own fields (method, headers, body, redirect, signal) win.
          const init: RequestInit = { ...client.fetchOptions, method, headers: call.headers, redirect: 'manual' };
          if (controller) init.signal = controller.signal;
          if (call.body !== undefined) init.body = call.body;
          // The full client sends through its middleware (middleware.ts); the core straight to fetch.
          const response = await client.transport(call, url, init);
          if (timedOut) {
            await response.body?.cancel().catch(() => undefined);
            throw new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError');
          }
          if (response.type === 'opaqueredirect') {
            throw new RedirectError(response.status, undefined, summary, undefined, 'the runtime hides its target, which must stay on the API origin');
          }
          // 301, 302, 303, 307 and 308 carry a Location to follow (or refuse); 300 and 304 do not.
          const location = /^30[12378]$/.test(`${response.status}`) ? response.headers.get('location') : null;
          if (location === null) {
            phase = 'body';
            return { response, text: await response.text(), data: undefined, error: undefined };
          }
          await response.body?.cancel().catch(() => undefined);
          const next: URL = new URL(location, url);
          const origin = new URL(url).origin;
          const refusal = !isIdempotent(method)
            ? `a ${method} is never re-sent (it may already have been processed)`
            : next.origin !== origin
              ? `it leaves ${origin}; the API key and tokens are only sent to the API's origin`
              : hops >= 5 // at most five hops
                ? 'more than 5 redirects'
                : undefined;
          if (refusal) throw new RedirectError(response.status, response.headers, summary, redactUrl(next), refusal);
          url = next;
        }
      } catch (error) {
        if (error instanceof APIError) throw error;
        // A middleware's own error ends the call as it is, not as a connection error.
        if (error instanceof HookError) throw error.cause;
        if (userSignal?.aborted) throw new APIUserAbortError(summary);
        if (timedOut) throw new APIConnectionTimeoutError(summary, timeoutMs, phase);
        throw new APIConnectionError(summary, error, phase === 'headers' && neverConnected(error) ? 'connect' : 'exchange');
      } finally {
        clearTimeout(timer);
        userSignal?.removeEventListener('abort', forwardAbort);
      }
    };
    // One promise per attempt that the timer can settle first: cheaper than racing each step against a timeout promise.
    return new Promise<Outcome>((resolve, reject) => {
      // setTimeout rather than AbortSignal.timeout: the same clock as every other wait of the client (fake timers in tests).
      timer = setTimeout(() => {
        timedOut = true;
        if (controller) controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
        else reject(new APIConnectionTimeoutError(summary, timeoutMs, phase));
      }, timeoutMs);
      userSignal?.addEventListener('abort', forwardAbort, { once: true });
      run().then(resolve, reject);
    });
  },
};
