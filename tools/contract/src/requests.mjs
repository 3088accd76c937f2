// Builds one valid request per operation from the spec's own examples: path parameters and required query/header
// parameters from their `example`, one narrowing filter where the operation requires one, and the first request-body
// example. The spec guarantees these exist and validate (tools/codegen/test/examples.test.ts).
import { routeUrl } from '@laevitas-api/client/wire';
import { deref, operationsOf, requestBodyExampleOf } from './spec-model.mjs';

/**
 * @typedef {import('./spec-model.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('./spec-model.mjs').OperationModel} OperationModel
 * @typedef {{op: OperationModel, path: Record<string, unknown>, query: Record<string, import('@laevitas-api/client/wire').QueryValue>,
 *   headers: Record<string, string>, body: unknown, declaredDefaults: Record<string, unknown>,
 *   invalid: {location: 'path'|'query', name: string} | undefined}} ContractRequest
 */

/** @param {OpenApiDocument} document  @returns {ContractRequest[]} */
export function buildRequests(document) {
  return operationsOf(document).map((op) => {
    /** @param {import('./spec-model.mjs').ParameterModel} p */
    const pick = (p) => p.example !== undefined && (p.in === 'path' || p.required || (op.extensions['x-requires-one-of'] ?? []).slice(0, 1).includes(p.name));
    /** @type {ContractRequest['path']} */
    const path = {};
    /** @type {ContractRequest['query']} */
    const query = {};
    /** @type {ContractRequest['headers']} */
    const headers = {};
    for (const p of op.parameters.filter(pick)) {
      if (p.in === 'path') path[p.name] = p.example;
      else if (p.in === 'query') query[p.name] = p.example;
      else if (p.in === 'header') headers[p.name] = String(p.example);
    }
    // The agent endpoint answers 406 unless the request accepts both of its media types (`x-required-accept`).
    if (op.extensions['x-required-accept']) headers.accept = op.extensions['x-required-accept'];
    const body = requestBodyExampleOf(document, op);
    const declaredDefaults = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, deref(document, p.schema)?.default ?? p.schema?.default]),
    );
    // A deliberately invalid variant: one closed-set parameter set to a non-member. Free and harmless on a live
    // target, it provokes the documented 400 without paying or tripping the rate limit.
    const closed = op.parameters.find((p) => (p.in === 'path' || p.in === 'query') && Array.isArray(enumOf(document, p.schema)));
    const invalid = closed && { location: /** @type {'path'|'query'} */ (closed.in), name: closed.name };
    return { op, path, query, headers, body, declaredDefaults, invalid };
  });
}

/** @param {OpenApiDocument} document  @param {any} schema */
function enumOf(document, schema) {
  const target = deref(document, schema);
  return target?.enum ?? (target?.allOf?.length === 1 ? deref(document, target.allOf[0])?.enum : undefined);
}

/**
 * The URL of a request as built, unchecked (some are wrong on purpose), by the client's wire layer.
 * @param {string} base  @param {OperationModel} op  @param {ContractRequest['path']} path  @param {ContractRequest['query']} query
 */
export function urlFor(base, op, path, query) {
  return routeUrl(base, op.path, path, Object.entries(query));
}
