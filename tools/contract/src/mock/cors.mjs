// CORS for browsers: a page on another origin (a trading dashboard, the hosted reference's "try it") calls the mock
// through the client. Two jobs, one module:
//   - the preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered 204 before routing, on any path, as
//     a CORS middleware in front of the service's router does (NestJS `enableCors` answers it before the 404);
//   - every answer, whichever stage (or the front's own guard) ends the request, carries `Access-Control-Allow-Origin`
//     and `Access-Control-Expose-Headers`: without the latter a browser's fetch hides `Retry-After`,
//     `payment-required`, the credit headers and the rest from the client, which reads them.
// Which headers are exposed and allowed comes from the spec (response headers, header parameters, the security
// schemes' header names), plus the ones the client reads or sends that the spec does not list (below, each with why).
// The real service's CORS policy is not published; the mock allows any origin, as a public API for browsers must.
import { operationsOf } from '@laevitas-api/spec-model';

/** Response headers the client reads that no response in the spec documents (checked against the client's source). */
export const CLIENT_READS = Object.freeze([
  'retry-after-ms', // finer Retry-After (Stainless convention), read by the retry rules
  'x-should-retry', // the server's override of the retry rule
  'x-request-id', // carried on typed errors
  'x-payment-response', // the x402 v1 receipt, read beside PAYMENT-RESPONSE
  'warning', // the mock's `Warning: 299` for an ignored unknown query parameter
  'location', // a redirect (read for the RedirectError; browsers hide it on opaque redirects anyway)
]);

/** Request headers the client or a browser page sends that are neither a header parameter nor a security scheme. */
export const CLIENT_SENDS = Object.freeze([
  'content-type', // application/json is not CORS-safelisted
  'authorization', // `user:password@` in a base URL, the agent endpoint's bearer
  'prefer', // the mock's forced outcomes (`Prefer: code=N`)
]);

const METHODS = 'GET, HEAD, POST, OPTIONS';
/** What only a preflight answer carries (ours, from the stage below); on any other answer such a header is Prism's. */
const PREFLIGHT_ONLY = new Set(['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age']);
/** How long a browser may cache a preflight (seconds): Chromium caps it at 7200. */
export const MAX_AGE = 600;

/**
 * The header names a spec documents on requests (parameters, security schemes) and responses, lower-cased.
 * @param {any} document  @returns {{request: string[], response: string[]}}
 */
export function documentedHeaders(document) {
  const request = new Set(CLIENT_SENDS);
  const response = new Set(CLIENT_READS);
  for (const scheme of Object.values(document.components?.securitySchemes ?? {})) {
    if (/** @type {any} */ (scheme).in === 'header') request.add(/** @type {any} */ (scheme).name.toLowerCase());
  }
  for (const op of operationsOf(document)) {
    for (const p of op.parameters) if (p.in === 'header') request.add(p.name.toLowerCase());
    for (const r of op.responses) for (const name of Object.keys(r.headers)) response.add(name);
  }
  return { request: [...request].sort(), response: [...response].sort() };
}

/**
 * The headers every answer carries. The Origin is echoed (with `Vary: Origin`) rather than `*`, so a page that sends
 * credentials (`fetchOptions: { credentials: 'include' }`) is not refused either; a request without Origin (not a
 * browser's cross-origin request) gets `*`.
 * @param {Record<string, string | string[] | undefined>} requestHeaders lower-case names  @param {string[] | string} exposed the names, or their list already joined
 * @returns {Record<string, string>}
 */
export function corsHeaders(requestHeaders, exposed) {
  const origin = requestHeaders.origin;
  const headers = /** @type {Record<string, string>} */ ({ 'access-control-expose-headers': typeof exposed === 'string' ? exposed : exposed.join(', ') });
  if (typeof origin === 'string' && origin) {
    headers['access-control-allow-origin'] = origin;
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  } else headers['access-control-allow-origin'] = '*';
  return headers;
}

/**
 * The preflight stage and the marker of every answer. The marker runs on the answer the front is about to send,
 * whichever stage (or the front itself: an over-long body, a crash) produced it, and replaces any `access-control-*`
 * header already there: Prism adds its own (echoing the Origin of the request it saw), and its answers are cached
 * across requests, so one page's origin must never be served to another.
 * A preflight asking for a header outside the documented set still gets it allowed (after the documented ones): a
 * client's `defaultHeaders` or a tracing header must not turn into an opaque CORS failure against a mock.
 * @param {any} document the bundled spec
 */
export function createCors(document) {
  const { request, response } = documentedHeaders(document);
  const exposed = response.join(', ');
  /** @param {import('@laevitas-api/mock-core/stage').Context} ctx  @returns {import('@laevitas-api/mock-core/stage').Answer | undefined} */
  function cors(ctx) {
    const asked = ctx.headers['access-control-request-method'];
    if (ctx.method !== 'OPTIONS' || !asked) return undefined; // a plain OPTIONS is the router's (405 / Allow)
    const requested = (ctx.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    return {
      status: 204,
      headers: {
        'access-control-allow-methods': METHODS,
        'access-control-allow-headers': [...new Set([...request, ...requested])].join(', '),
        'access-control-max-age': String(MAX_AGE),
        vary: 'Access-Control-Request-Method, Access-Control-Request-Headers',
      },
    };
  }
  /**
   * @param {import('@laevitas-api/mock-core/stage').Answer} answer  @param {string} method  @param {Record<string, string | string[] | undefined>} requestHeaders lower-case names
   * @returns {import('@laevitas-api/mock-core/stage').Answer} a new answer (cached answers stay untouched)
   */
  function mark(answer, method, requestHeaders) {
    const preflight = method.toUpperCase() === 'OPTIONS' && Boolean(requestHeaders['access-control-request-method']);
    /** @type {Record<string, string>} */
    const headers = {};
    /** @type {string[] | undefined} */
    let vary;
    const own = answer.headers;
    // Runs on every answer: a plain loop, and the exposed list joined once (createCors), not per request.
    if (own)
      for (const name in own) {
        const value = /** @type {string} */ (own[name]);
        const lower = name.toLowerCase();
        if (lower === 'vary') (vary ??= []).push(...value.split(',').map((v) => v.trim()));
        else if (!lower.startsWith('access-control-') || (preflight && PREFLIGHT_ONLY.has(lower))) headers[name] = value;
      }
    const { vary: ourVary, ...ours } = corsHeaders(requestHeaders, exposed);
    Object.assign(headers, ours);
    if (ourVary) (vary ??= []).push(ourVary);
    if (vary) {
      const varies = [...new Set(vary.filter(Boolean))];
      if (varies.length) headers.vary = varies.join(', ');
    }
    return { ...answer, headers };
  }
  return { stage: cors, mark, exposed: response, allowed: request };
}
