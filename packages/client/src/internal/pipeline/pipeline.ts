// The request pipeline, in order, declared here and nowhere else. A call is one object (types.ts) that goes down
// through each layer once and comes back up as one Outcome; a layer is a module with one job, `handle(call, next)`.
// The full client fills the slots named for its layers (trace, billing, observe) and sends through its middleware
// (middleware.ts); the core (createCore, the one-operation bundle; .size-limit.cjs holds its budget) leaves them out
// and bundles none of them, nor the logger (log.ts).
//
//   client.getOptionsOhlcvt(params, options) ─┐
//     check-arguments  → build-request → [trace] → validate-response → [billing] → retry ⟲ ─┐
//       rate-limit → parse-response → [observe] → http-attempt (middleware → fetch → middleware) ─→ socket
//
import { checkArguments } from './check-arguments.js';
import { buildRequest } from './build-request.js';
import { validateResponse } from './validate-response.js';
import { retry } from './retry.js';
import { rateLimit } from './rate-limit.js';
import { parseResponse } from './parse-response.js';
import { httpAttempt } from './http-attempt.js';
import type { Layer, Next } from './types.js';

/**
 * The full client's own layers (trace.ts, billing.ts, observe.ts), each put in the slot named after it below; a
 * layer's `name` must be its slot's (a compile error otherwise), so none can land in another's place.
 */
export interface FullLayers {
  trace: Layer<'trace'>;
  billing: Layer<'billing'>;
  observe: Layer<'observe'>;
}

/**
 * Every layer, outermost first: a core layer itself, or the name of a slot the full client fills with its layer of
 * that name (the core leaves the slot out). The place of each layer is declared here by name, once.
 */
export const LAYERS: readonly (Layer | keyof FullLayers)[] = [
  // Parameters first: a mistake is reported before anything is built, waited for or sent.
  checkArguments,
  // Then the request itself (URL, headers with credentials, body, the redacted summary) that every layer below reads.
  buildRequest,
  // The trace spans everything that can wait, retry or pay, and carries the redacted URL built just above.
  'trace',
  // Response validation sees the final body the caller gets (after billing has settled a checkout).
  validateResponse,
  // Billing sits around the retry loop: its credit token and reservation once per call, its payment once.
  'billing',
  // Retries: each turn is one attempt through the layers below; a paid request is flagged at most once.
  retry,
  // Every attempt, first or retried, takes its own rate-limit slot, held until its response is read.
  rateLimit,
  // Inside the slot: the body parsed, a failure status typed, for the retry rules above to decide on.
  parseResponse,
  // The 1.x observers: once per attempt, around the attempt itself.
  'observe',
  // The attempt on the wire: middleware, fetch, same-origin redirects, the whole body, all under one timeout.
  httpAttempt,
];

/** The layers of a client, outermost first: the core's, or with `full` the full client's in their named slots. */
export function pipeline(full?: FullLayers): readonly Layer[] {
  return LAYERS.flatMap((entry) => (typeof entry !== 'string' ? [entry] : full ? [full[entry]] : []));
}

/**
 * The layers as one function: each layer's `next` is the rest of the list (`handle` looked up per call, so a spy sees
 * it). The innermost layer, the attempt on the wire, ends the trip and is given no `next`.
 */
export function compose(layers: readonly Layer[]): Next {
  return layers.reduceRight<Next>((inner, layer) => (call) => layer.handle(call, inner), undefined as never);
}
