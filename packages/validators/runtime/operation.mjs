// Wraps one generated operation module in the stable API: validate a response for a status, validate a request's
// parameters and body. Each returns `{ ok: true, data }` or `{ ok: false, issues }`; the assert* forms throw a
// ValidationError whose message names the operation, the field and the rule.
import { wordErrors } from './wording.mjs';

/** @import { StandardSchemaV1 } from '@standard-schema/spec' */
/** @import { ValidationFailure, ValidationIssue, ValidationResult } from './operation.cjs' */
/** @import { WordedError } from './wording.mjs' */

/**
 * The generated module of one operation (tools/codegen, validators.mjs): what it documents, its ajv validators by
 * name (`params`, `requestBody`, `response200`, `headers402`, `decoded402_payment_required`, …), and the checks only
 * some operations need, which their modules alone bring: a request body's non-finite numbers
 * (runtime/finite-numbers.mjs) and the upper-casing of case-insensitive parameters (runtime/case-insensitive.mjs).
 * @typedef {{
 *   operationId: string,
 *   method: string,
 *   path: string,
 *   responses: Readonly<Record<string, { body: boolean, headers: boolean }>>,
 *   decodedHeaders: Readonly<Record<string, Readonly<Record<string, string>>>>,
 *   requestBody: { required: boolean } | null,
 * }} OperationMeta
 * @typedef {{ (data: unknown): boolean, errors?: readonly WordedError[] | null }} AjvValidate
 * @typedef {{
 *   meta: OperationMeta,
 *   validators: Readonly<Record<string, AjvValidate>>,
 *   nonFiniteNumbers?: (value: unknown, path: string, out: ValidationIssue[]) => ValidationIssue[],
 *   caseInsensitive?: (params: Record<string, Record<string, unknown>>) => void,
 * }} OperationModule
 * @typedef {Headers | Record<string, unknown>} HeadersInput
 * @typedef {{ entries(): Iterable<[string, unknown]>, get(name: string): unknown }} HeadersLike a Headers (or a Map)
 * @typedef {{ path?: object | undefined, query?: object | undefined, headers?: HeadersInput | undefined, body?: unknown }} RequestInput
 */

/**
 * Marks a ValidationError of either module system: the package has an ES module runtime (this file) and a CommonJS one
 * built from it (runtime/operation.mjs), so an error thrown by `@laevitas-api/validators/ops/<id>` (ESM) and the class
 * a CommonJS caller imports are two classes. `instanceof` reads this registered symbol instead of the prototype chain.
 */
const BRAND = Symbol.for('@laevitas-api/validators.ValidationError');

class ValidationError extends Error {
  /**
   * True for a ValidationError made by either module system's class; a subclass keeps the prototype chain's answer.
   * @override
   * @param {unknown} value
   */
  static [Symbol.hasInstance](value) {
    if (this !== ValidationError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && /** @type {Record<symbol, unknown>} */ (value)[BRAND] === true;
  }

  /** @param {string} operationId @param {string} where @param {readonly ValidationIssue[]} issues */
  constructor(operationId, where, issues) {
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(
      `${operationId}: invalid ${where}: ${issues
        .slice(0, 5)
        .map((i) => i.message)
        .join('; ')}${more}`,
    );
    this.name = 'ValidationError';
    this.operationId = operationId;
    this.where = where;
    this.issues = issues;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** @param {HeadersInput} headers @returns {headers is HeadersLike} */
function isHeadersLike(headers) {
  return typeof headers.entries === 'function' && !(headers instanceof Array) && typeof headers.get === 'function';
}

/** @param {HeadersInput | undefined} headers @returns {Record<string, unknown>} */
function lowerKeys(headers) {
  if (!headers) return {};
  const entries = isHeadersLike(headers) ? [...headers.entries()] : Object.entries(headers);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined).map(([k, v]) => [k.toLowerCase(), v]));
}

/** @param {string} text @returns {unknown} */
function decodeBase64Json(text) {
  const json =
    typeof Buffer !== 'undefined'
      ? Buffer.from(text, 'base64').toString('utf8')
      : new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  return JSON.parse(json);
}

// Standard Schema (https://standardschema.dev, @standard-schema/spec 1.x): the operation validator is itself a
// Standard Schema of its success response body, `response(status)` one of any documented response, and `request` one
// of a request, so libraries that accept Standard Schema (tRPC, TanStack Form, Hono, …) take them as they are.
const VENDOR = 'laevitas-api';
const SUCCESS = [200, 201, 202, 204];

/**
 * `data[3]["a-b"].close` → ['data', 3, 'a-b', 'close'] (the issue path as Standard Schema keys).
 * @param {string} path @returns {(string | number)[]}
 */
function pathKeys(path) {
  /** @type {(string | number)[]} */
  const keys = [];
  for (const [, name, index, quoted] of String(path).matchAll(/([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    if (index !== undefined) keys.push(Number(index));
    else if (quoted !== undefined) keys.push(/** @type {string} the group is a JSON string literal */ (JSON.parse(quoted)));
    else keys.push(/** @type {string} one of the three alternatives matched, and it is not the other two */ (name));
  }
  return keys;
}

/**
 * A Standard Schema whose `validate` runs `check` (a function returning our ValidationResult).
 * @param {(value: unknown) => ValidationResult<unknown>} check @returns {StandardSchemaV1<unknown, unknown>}
 */
function standardSchema(check) {
  return Object.freeze({
    '~standard': Object.freeze({
      version: 1,
      vendor: VENDOR,
      /** @param {unknown} value */
      validate(value) {
        const result = check(value);
        if (result.ok) return { value: result.data };
        return { issues: result.issues.map((issue) => ({ message: issue.message, path: pathKeys(issue.path) })) };
      },
    }),
  });
}

/**
 * The module a generated loader gives, or a TypeError naming what it lacks (the declared parameter is `unknown`).
 * @param {unknown} mod @returns {OperationModule}
 */
function operationModule(mod) {
  const { meta, validators } = /** @type {{ meta?: unknown, validators?: unknown }} */ (mod ?? {});
  if (!meta || typeof meta !== 'object' || typeof (/** @type {{ operationId?: unknown }} */ (meta).operationId) !== 'string')
    throw new TypeError('createOperationValidator: expected a generated operation module, whose meta.operationId is a string');
  if (!validators || typeof validators !== 'object')
    throw new TypeError('createOperationValidator: expected a generated operation module, whose validators is an object');
  // tools/codegen writes meta whole (validators.mjs); what the two checks above cannot see is its contract.
  return /** @type {OperationModule} */ (mod);
}

/** @param {unknown} mod a generated operation module */
function createOperationValidator(mod) {
  const { meta, validators } = operationModule(mod);
  const id = meta.operationId;
  /** @param {string} where @param {ValidationIssue[]} issues @returns {ValidationFailure} */
  const fail = (where, issues) => ({ ok: false, operationId: id, where, issues });
  /** A failure of one issue the runtime words itself. @param {string} where @param {string} path @param {string} rule @param {string} message */
  const failOne = (where, path, rule, message) => fail(where, [{ path, rule, message }]);

  /**
   * Runs the validator of that name (a TypeError names it when the module lacks it: one generated for another spec).
   * @param {string} name @param {unknown} data @param {string} where @param {string} prefix the issues' path prefix
   * @returns {ValidationResult<unknown>}
   */
  function run(name, data, where, prefix) {
    const fn = validators[name];
    if (typeof fn !== 'function') throw new TypeError(`${id}: the generated module has no validator ${name}`);
    return fn(data) ? { ok: true, data } : fail(where, wordErrors(fn.errors, prefix));
  }

  /** @param {number} status @param {unknown} body @param {HeadersInput} [headers] @returns {ValidationResult<unknown>} */
  function validateResponse(status, body, headers) {
    const documented = meta.responses[status];
    if (!documented)
      return failOne('response status', 'status', 'status', `status ${status} is not documented (documented: ${Object.keys(meta.responses).join(', ')})`);
    /** @type {ValidationResult<unknown>} */
    const result = documented.body ? run(`response${status}`, body, 'response body', '') : { ok: true, data: body };
    if (!result.ok || headers === undefined || !documented.headers) return result;
    const lowered = lowerKeys(headers);
    const checked = run(`headers${status}`, lowered, 'response headers', 'headers');
    if (!checked.ok) return checked;
    for (const [header, name] of Object.entries(meta.decodedHeaders[status] || {})) {
      if (lowered[header] === undefined) continue;
      let decoded;
      try {
        decoded = decodeBase64Json(String(lowered[header]));
      } catch {
        return failOne('response headers', header, 'contentEncoding', `${header} must be base64-encoded JSON`);
      }
      const inner = run(name, decoded, `${header} (decoded)`, header);
      if (!inner.ok) return inner;
    }
    return result;
  }

  /** @param {RequestInput} [request] @returns {ValidationResult<unknown>} */
  function validateRequest(request = {}) {
    const { body } = request;
    /** @type {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }} */
    const params = {
      path: { ...request.path },
      query: Object.fromEntries(Object.entries(request.query || {}).filter(([, v]) => v !== undefined)),
      header: lowerKeys(request.headers),
    };
    // The module of an operation with case-insensitive parameters brings their upper-casing, run before validation.
    /** @type {OperationModule} */ (mod).caseInsensitive?.(params);
    const checked = run('params', params, 'request parameters', '');
    if (!checked.ok) return checked;
    if (!meta.requestBody) {
      if (body !== undefined) return failOne('request body', 'body', 'body', `${meta.method.toUpperCase()} ${meta.path} takes no body`);
    } else if (body === undefined) {
      if (meta.requestBody.required) return failOne('request body', 'body', 'required', 'body is required');
    } else {
      // The module of an operation that takes a body brings the check (validators.mjs): one without needs none.
      const { nonFiniteNumbers } = /** @type {OperationModule} */ (mod);
      if (typeof nonFiniteNumbers !== 'function') throw new TypeError(`${id}: the generated module has no nonFiniteNumbers`);
      const nonFinite = nonFiniteNumbers(body, 'body', []);
      if (nonFinite.length) return fail('request body', nonFinite);
      const result = run('requestBody', body, 'body', 'body');
      if (!result.ok) return result;
    }
    return { ok: true, data: { path: params.path, query: params.query, headers: params.header, body } };
  }

  /** @template T @param {ValidationResult<T>} result @returns {T} */
  const assert = (result) => {
    if (!result.ok) throw new ValidationError(id, result.where, result.issues);
    return result.data;
  };

  const statuses = Object.keys(meta.responses).map(Number);
  const success = statuses.find((status) => SUCCESS.includes(status)) ?? statuses[0];
  if (success === undefined) throw new TypeError(`${id}: the generated module documents no response`);
  /** One Standard Schema per documented status, made on first use. @type {Map<number, StandardSchemaV1<unknown, unknown>>} */
  const byStatus = new Map();
  /** @param {number} status */
  const response = (status) => {
    let schema = byStatus.get(status);
    if (!schema) byStatus.set(status, (schema = standardSchema((body) => validateResponse(status, body))));
    return schema;
  };

  return Object.freeze({
    operationId: id,
    method: meta.method,
    path: meta.path,
    statuses,
    '~standard': response(success)['~standard'],
    response,
    // A Standard Schema's input is unknown; validateRequest reads it as the request it documents.
    request: standardSchema((request) => validateRequest(/** @type {RequestInput | undefined} */ (request))),
    validateResponse,
    validateRequest,
    assertResponse: (/** @type {number} */ status, /** @type {unknown} */ body, /** @type {HeadersInput | undefined} */ headers) =>
      assert(validateResponse(status, body, headers)),
    assertRequest: (/** @type {RequestInput | undefined} */ request) => assert(validateRequest(request)),
  });
}

export { createOperationValidator, ValidationError };
