// The mock's answers in the API's own shapes, in one place, so every stage of the mock front (hostile-input guard,
// request validation, rate limit, payment state, data synthesis) answers errors exactly as the spec documents them:
// v1 400 `{statusCode: 400, message: [...], error: 'Bad Request'}`, v1 401 `{error: 'unauthorized', message}`, 429
// `{statusCode: 429, message, error: 'Too Many Requests'}` with `Retry-After`, and the legacy NestJS shape
// `{statusCode, message, error}`.
//
// The stage contract of the mock front (tools/contract/src/mock/*.mjs):
//   a stage is `(ctx) => Answer | undefined | Promise<Answer | undefined>`; `undefined` hands the request on to the
//   next stage, an Answer ends it. Stages run in this order: guard (hostile input) → route and request validation →
//   rate limit → payment and credit state → data synthesis → Prism (supervised) for everything else.
//   A stage that lets a request through but must mark the answer (the balance in `x-credits-remaining`, a rotated
//   `x-credit-token`, a `PAYMENT-RESPONSE` receipt, a warning about an unknown parameter) adds to
//   `ctx.extraHeaders`; the front merges them into whatever answer ends the request.
//
/**
 * @typedef {{status: number, headers?: Record<string, string>, body?: string | Buffer}} Answer
 * @typedef {'legacy' | 'v1'} Family
 * @typedef {{
 *   method: string,              // upper case
 *   rawTarget?: string | undefined,          // the request target as sent (before any decoding), when the front has it
 *   rawHeaders?: string[] | undefined,       // the headers as sent, name and value alternating, when the front has them
 *   url: URL,                    // the request URL, already safely decoded and case-normalised
 *   headers: Record<string, string>, // lower-case names, one value each
 *   body?: Buffer | undefined,               // the raw request body, if any
 *   remoteAddress?: string | undefined,
 *   family?: Family | undefined,             // set once the route is matched
 *   op?: import('../spec-model.mjs').OperationModel | undefined, // the matched operation
 *   pathParams?: Record<string, string> | undefined,
 *   query?: Record<string, string> | undefined, // the documented query parameters (route stage)
 *   unknownQuery?: string[],     // the undocumented ones, ignored and named in a Warning
 *   preferred?: number,          // the status forced with `Prefer: code=N`
 *   forcePrism?: boolean,        // a forced non-success status: Prism answers with its documented example
 *   json?: unknown,              // the parsed JSON body (request validation)
 *   params?: unknown,            // the validated, coerced parameters (request validation)
 *   extraHeaders: Record<string, string>, // merged into the final answer
 * }} Context
 * @typedef {(ctx: Context) => Answer | undefined | Promise<Answer | undefined>} Stage
 */

/** The family a path belongs to, by its prefix: the client's wire layer decides it for every tool. */
export { familyOfPath as familyOf } from '@laevitas-api/client/wire';

/** @param {number} status  @param {unknown} body  @param {Record<string, string>} [headers]  @returns {Answer} */
export function json(status, body, headers = {}) {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

/**
 * The documented 400: one message per violated rule, in the service's class-validator wording.
 * @param {Family | undefined} family  @param {string | string[]} messages  @param {Record<string, string>} [headers]  @returns {Answer}
 */
export function badRequest(family, messages, headers = {}) {
  return json(400, { statusCode: 400, message: /** @type {string[]} */ ([]).concat(messages), error: 'Bad Request' }, headers);
}

/** @param {Family | undefined} family  @param {string} [message]  @returns {Answer} */
export function unauthorized(family, message = 'Missing or invalid API key') {
  return family === 'legacy' ? json(401, { statusCode: 401, message, error: 'Unauthorized' }) : json(401, { error: 'unauthorized', message });
}

/** The documented 429 with `Retry-After` (whole seconds, at least 1).  @param {Family | undefined} family  @param {number} [retryAfterSeconds]  @returns {Answer} */
export function tooManyRequests(family, retryAfterSeconds = 60) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return json(
    429,
    { statusCode: 429, message: `Rate limit exceeded. Retry after ${seconds} seconds.`, error: 'Too Many Requests' },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Any other status in the NestJS shape `{statusCode, message, error}` (404, 405, 413, 414, 415, 431, 503, …).
 * @param {number} status  @param {string} error  @param {unknown} message  @param {Record<string, string>} [headers]  @returns {Answer}
 */
export function problem(status, error, message, headers = {}) {
  return json(status, { statusCode: status, message, error }, headers);
}
