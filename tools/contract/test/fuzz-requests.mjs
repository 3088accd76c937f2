// Hostile and valid requests for every operation of the bundled spec, as fast-check arbitraries, and the check every
// answer of the mock must pass: a status the operation documents, or one the spec's `x-gateway-responses` documents
// for requests no operation handles (the guard's 405, 413, 414, 415, 431), with a body valid against its schema.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { validateResponse } from '@laevitas-api/validators';
import { deref, operationsOf } from '@laevitas-api/spec-model';
import { SPEC_JSON } from '../src/paths.mjs';
import { GATEWAY_STATUSES, checkGatewayAnswer } from './gateway-responses.mjs';

/**
 * @typedef {import('../src/spec-model.mjs').OperationModel} OperationModel
 * @typedef {import('../src/spec-model.mjs').ParameterModel} ParameterModel
 * @typedef {{raw: boolean, value: string}} Piece a value and whether it is sent as is (not percent-encoded)
 * @typedef {{operationId: string, method: string, target: string, headers: Record<string, string>, body?: string | undefined}} FuzzRequest
 */

/** The validators, called with the spec's operation ids and statuses as plain strings and numbers. */
const checkResponse = /** @type {import('../src/conformance.mjs').ResponseValidators['validateResponse']} */ (validateResponse);

export const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
export const operations = operationsOf(document);

/** Raw (not re-encoded) escapes that are malformed or decode to invalid UTF-8: what killed Prism. */
export const MALFORMED = ['%', '%E0%A4%A', '%zz', '%FF', '%C0%AF', 'abc%2', '%%', '%ED%A0%80', '%u0041'];
const CONTROL = ['\u0000', '\n', '\r\n', '\t', '\u001b[31m', '\u007f', '\u2028', '\ufeff'];
const WRONG_TYPES = ['abc', '1.5', '-1', 'true', '[]', '{}', 'null', ' ', '0x10', '1e3', 'NaN', 'Infinity'];
const IMPOSSIBLE_DATES = ['2024-02-30', '2023-13-01', '2024-00-10', '2024-02-29T25:00:00Z', '2024-04-31T00:00:00Z', '0000-00-00', '99999-01-01'];

/** @type {(s: string) => Piece} */
const enc = (s) => ({ raw: false, value: s });
/** @type {(s: string) => Piece} */
const raw = (s) => ({ raw: true, value: s });

/** @param {ParameterModel} parameter  @returns {any} its JSON Schema, resolved */
function schemaOf(parameter) {
  let schema = deref(document, parameter.schema);
  if (schema.allOf?.length === 1) schema = { ...deref(document, schema.allOf[0]), ...schema, allOf: undefined };
  if (schema.anyOf) schema = deref(document, schema.anyOf.find((/** @type {unknown} */ s) => deref(document, s).type !== 'null') ?? schema.anyOf[0]);
  return schema;
}

/** Values the spec accepts (or very nearly: a pattern-constrained string falls back to its example).  @param {ParameterModel} parameter  @returns {fc.Arbitrary<Piece>} */
function validValue(parameter) {
  const schema = schemaOf(parameter);
  const examples = [parameter.example, schema.example, ...(schema.examples ?? []), schema.default].filter((v) => v !== undefined && v !== null).map(String);
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String)).map(enc);
  if (schema.type === 'integer') return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1e9) }).map((n) => enc(String(n)));
  if (schema.type === 'number')
    return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => enc(String(n)));
  if (schema.type === 'boolean') return fc.constantFrom('true', 'false').map(enc);
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2020-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }).map((d) => enc(d.toISOString()));
  if (schema.format === 'date')
    return fc.date({ min: new Date('2020-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }).map((d) => enc(d.toISOString().slice(0, 10)));
  if (examples.length) return fc.constantFrom(...examples).map(enc);
  return fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'ABCXYZ0123456789-_') }).map(enc);
}

/** Values chosen to break a parser: escapes, unicode, control characters, long strings, wrong types, boundaries.  @param {ParameterModel} parameter */
function hostileValue(parameter) {
  const schema = schemaOf(parameter);
  const bounds = [schema.minimum, schema.maximum].filter((n) => typeof n === 'number').flatMap((n) => [n - 1, n, n + 1]);
  return fc.oneof(
    fc.constantFrom(...MALFORMED).map(raw),
    fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).map(enc),
    fc.string({ minLength: 1, maxLength: 8, unit: 'binary' }).map(enc),
    fc.constantFrom(...CONTROL).map(enc),
    fc.integer({ min: 300, max: 2500 }).map((n) => enc('A'.repeat(n))),
    fc.constantFrom(...WRONG_TYPES).map(enc),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e309, 5e-324, ...bounds).map((n) => enc(String(n))),
    fc.constantFrom(...IMPOSSIBLE_DATES).map(enc),
  );
}

/** @param {ParameterModel} parameter */
const valueOf = (parameter) => fc.oneof({ weight: 2, arbitrary: validValue(parameter) }, { weight: 3, arbitrary: hostileValue(parameter) });
/** @param {Piece} piece */
const encode = ({ raw: isRaw, value }) => (isRaw ? value : encodeURIComponent(value));

/**
 * A request for one operation: every path parameter filled, each query parameter omitted, sent once or twice.
 * @param {OperationModel} op  @returns {fc.Arbitrary<FuzzRequest>}
 */
export function requestFor(op) {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const bodyExamples = Object.values(
    deref(document, deref(document, document.paths[op.path])[op.method].requestBody ?? {})?.content?.['application/json']?.examples ?? {},
  ).map((e) => deref(document, e).value);
  // A path value of '.' or '..' is resolved away by the URL itself (another route, not this operation's input).
  /** @param {ParameterModel} p */
  const pathValue = (p) => valueOf(p).filter((v) => v.value !== '' && v.value !== '.' && v.value !== '..');
  return fc
    .record({
      path: fc.tuple(...pathParams.map(pathValue)),
      query: fc.tuple(
        ...queryParams.map((p) =>
          fc.oneof(
            { weight: p.required ? 1 : 3, arbitrary: fc.constant([]) },
            { weight: 4, arbitrary: valueOf(p).map((v) => [v]) },
            { weight: 1, arbitrary: fc.tuple(valueOf(p), valueOf(p)) },
          ),
        ),
      ),
      unknown: fc.option(fc.constantFrom('limt', 'curency', 'x', 'page_size'), { freq: 4 }),
      headers: fc.tuple(...headerParams.map((p) => fc.option(fc.constantFrom(String(p.example ?? 'token-1'), 'ab c', 'x'.repeat(600)), { freq: 3 }))),
      credential: fc.constantFrom('apiKey', 'apiKey', 'apiKey', 'none'),
      body: bodyExamples.length ? fc.oneof(fc.constantFrom(...bodyExamples), fc.constant({}), fc.constant([])) : fc.constant(undefined),
    })
    .map(({ path, query, unknown, headers, credential, body }) => {
      let target = op.path;
      // One generated piece per path parameter, and one list of values per query parameter, in order.
      const pieces = /** @type {Piece[]} */ (path);
      pathParams.forEach((p, i) => {
        const piece = pieces[i];
        if (piece) target = target.replace(`{${p.name}}`, encode(piece));
      });
      const lists = /** @type {Piece[][]} */ (query);
      const pairs = queryParams.flatMap((p, i) => (lists[i] ?? []).map((v) => `${encodeURIComponent(p.name)}=${encode(v)}`));
      if (unknown) pairs.push(`${unknown}=1`);
      if (pairs.length) target += `?${pairs.join('&')}`;
      /** @type {Record<string, string>} */
      const sent = {};
      const headerValues = /** @type {(string | null)[]} */ (headers);
      headerParams.forEach((p, i) => headerValues[i] !== null && (sent[p.name] = /** @type {string} */ (headerValues[i])));
      if (credential === 'apiKey') sent.apiKey = 'fuzz-key';
      if (body !== undefined) sent['content-type'] = 'application/json';
      return {
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        target,
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
      };
    });
}

/**
 * Sends one request and checks its answer. Resolves a problem description, or undefined when the answer is one the
 * contract allows. A request that does not answer within `timeoutMs` is a failure (a hang).
 * @param {string} baseUrl  @param {FuzzRequest} request  @param {{timeoutMs?: number}} [options]
 */
export async function sendAndCheck(baseUrl, request, { timeoutMs = 20_000 } = {}) {
  // Requests come from requestFor over these same operations.
  const op = /** @type {OperationModel} */ (operations.find((o) => o.operationId === request.operationId));
  const where = `${request.method} ${request.target.slice(0, 200)}`;
  let response;
  try {
    response = await fetch(baseUrl + request.target, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const e = /** @type {Error & {cause?: {message?: string}}} */ (error);
    return `${where}: no answer (${e.name}: ${e.cause?.message ?? e.message})`;
  }
  const text = await response.text();
  const status = response.status;
  const documented = op.responses.some((r) => r.status === status);
  if (!documented && !GATEWAY_STATUSES.includes(status)) return `${where}: status ${status} is not documented for ${op.operationId} (${text.slice(0, 200)})`;
  if (request.method === 'HEAD') return undefined;
  /** @type {unknown} */
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return `${where}: ${status} body is not JSON: ${text.slice(0, 200)}`;
  }
  if (documented) {
    const result = checkResponse(op.operationId, status, body, response.headers);
    if (!result.ok) return `${where}: ${status} body invalid for ${op.operationId}: ${JSON.stringify(result.issues).slice(0, 300)} in ${text.slice(0, 200)}`;
  } else {
    const problem = checkGatewayAnswer(status, body, response.headers);
    if (problem) return `${where}: guard answer ${problem}: ${text.slice(0, 200)}`;
  }
  return undefined;
}
