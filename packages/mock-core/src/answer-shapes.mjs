// The mock's answers in the API's own shapes, in one place, so every stage of the mock (hostile-input guard,
// request validation, rate limit, payment state, data synthesis) answers errors exactly as the spec documents them:
// v1 400 `{statusCode: 400, message: [...], error: 'Bad Request'}`, v1 401 `{error: 'unauthorized', message}`, 429
// `{statusCode: 429, message, error: 'Too Many Requests'}` with `Retry-After`, and the legacy NestJS shape
// `{statusCode, message, error}`.
/**
 * @typedef {import('./stage.mjs').Answer} Answer
 * @typedef {import('./stage.mjs').Family} Family
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
