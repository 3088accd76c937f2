// The discovery routes with real content: `/openapi.json` and `/.well-known/openapi.json` serve our bundle (the
// document the mock itself is built from), `/.well-known/x402` describes the paid resources from `info.x-x402`, and
// health answers its documented example. Prism would answer the `{}` placeholder examples.
import { responseExampleOf } from '@laevitas-api/spec-model';

/**
 * @typedef {import('../stage.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 */

/**
 * The x402 description: the fields of `info.x-x402` as the spec states them, plus the operations that charge per call (those documenting a 402).
 * @param {OpenApiDocument} document  @param {OperationModel[]} operations
 */
export function x402Document(document, operations) {
  const x402 = document.info?.['x-x402'] ?? {};
  return {
    ...x402,
    resources: operations
      .filter((op) => op.family === 'v1' && op.responses.some((r) => r.status === 402))
      .map((op) => ({ method: op.method.toUpperCase(), path: op.path, operationId: op.operationId })),
  };
}

/**
 * Stage. Answers before route validation: these routes take no parameters and must answer even when the request
 * carries odd ones. `bundleText` is the bundle as served (spec/dist/openapi.json), byte for byte.
 * @param {OpenApiDocument} document  @param {OperationModel[]} operations  @param {string} bundleText
 * @returns {import('../stage.mjs').Stage}
 */
export function discoveryStage(document, operations, bundleText) {
  const x402 = JSON.stringify(x402Document(document, operations));
  // Health's documented 200 example, or `{}` where the spec shows none.
  const health = JSON.stringify(responseExampleOf(document, { path: '/api/v1/health', method: 'get' }, 200) ?? {});
  const type = { 'content-type': 'application/json' }; // the declared media type, literally (Dredd compares it)
  /** @type {Map<string, {body: string, length: string}>} path → body and its length in bytes (UTF-8), computed once */
  const routes = new Map(
    Object.entries({
      '/openapi.json': bundleText,
      '/.well-known/openapi.json': bundleText,
      '/.well-known/x402': x402,
      '/api/v1/health': health,
    }).map(([path, body]) => [path, { body, length: String(new TextEncoder().encode(body).length) }]),
  );
  return function discovery(ctx) {
    const route = routes.get(ctx.url.pathname);
    if (route === undefined || !(ctx.method === 'GET' || ctx.method === 'HEAD')) return undefined;
    // A forced outcome (Prefer: code=429) is the Prefer stage's and Prism's to answer.
    if (/code=/.test(ctx.headers.prefer ?? '') && !/code=2\d\d/.test(/** @type {string} */ (ctx.headers.prefer))) return undefined;
    return { status: 200, headers: { ...type, 'content-length': route.length }, body: route.body };
  };
}
