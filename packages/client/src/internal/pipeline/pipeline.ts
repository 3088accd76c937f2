// The request pipeline, in order, declared here and nowhere else. A call is one object (call.ts) that goes down
// through each layer once and comes back up as one Outcome; a layer is a module with one job, `handle(call, next)`.
// The full client adds its layers in their slots (trace, billing, observe) and sends through its middleware
// (middleware.ts); the core (createCore, the one-operation bundle; .size-limit.cjs holds its budget) leaves them out
// and bundles none of them, nor the logger (log.ts).
//
//   client.getOptionsOhlcvt(params, options) ─┐
//     check-arguments  → build-request → trace → validate-response → [billing] → retry ⟲ ─┐
//       rate-limit → parse-response → [observe] → http-attempt (middleware → fetch → middleware) ─→ socket
//
import { checkArguments } from './check-arguments.js';
import { buildRequest } from './build-request.js';
import { validateResponse } from './validate-response.js';
import { retry } from './retry.js';
import { rateLimit } from './rate-limit.js';
import { parseResponse } from './parse-response.js';
import { httpAttempt } from './http-attempt.js';
import type { Layer, Next } from './call.js';

/** The layers of a client, outermost first; `full` are the full client's (trace.ts, billing.ts, observe.ts). */
export function pipeline(full?: { trace: Layer; billing: Layer; observe: Layer }): readonly Layer[] {
  const layers: Layer[] = [
    // Parameters first: a mistake is reported before anything is built, waited for or sent.
    checkArguments,
    // Then the request itself (URL, headers with credentials, body, the redacted summary) that every layer below reads.
    buildRequest,
    // The trace goes here (full client): it spans everything that can wait, retry or pay, and carries the redacted
    // URL built just above.
    // Response validation sees the final body the caller gets (after billing has settled a checkout).
    validateResponse,
    // Billing goes here, around the retry loop: its credit token and reservation once per call, its payment once.
    // Retries: each turn is one attempt through the layers below; a paid request is flagged at most once.
    retry,
    // Every attempt, first or retried, takes its own rate-limit slot, held until its response is read.
    rateLimit,
    // Inside the slot: the body parsed, a failure status typed, for the retry rules above to decide on.
    parseResponse,
    // The 1.x observers go here (full client): once per attempt, around the attempt itself.
    // The attempt on the wire: middleware, fetch, same-origin redirects, the whole body, all under one timeout.
    httpAttempt,
  ];
  if (full) {
    layers.splice(6, 0, full.observe);
    layers.splice(3, 0, full.billing);
    layers.splice(2, 0, full.trace);
  }
  return layers;
}

/**
 * The layers as one function: each layer's `next` is the rest of the list (`handle` looked up per call, so a spy sees
 * it). The innermost layer, the attempt on the wire, ends the trip and is given no `next`.
 */
export function compose(layers: readonly Layer[]): Next {
  return layers.reduceRight<Next>((inner, layer) => (call) => layer.handle(call, inner), undefined as never);
}
