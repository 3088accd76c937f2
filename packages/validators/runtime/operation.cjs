'use strict';
// Wraps one generated operation module in the stable API: validate a response for a status, validate a request's
// parameters and body. Each returns `{ ok: true, data }` or `{ ok: false, issues }`; the assert* forms throw a
// ValidationError whose message names the operation, the field and the rule.
const { wordErrors } = require('./wording.cjs');

/** @import { StandardSchemaV1 } from '@standard-schema/spec' */
/** @import { ValidationFailure, ValidationIssue, ValidationResult } from './operation.cjs' */
/** @import { WordedError } from './wording.cjs' */

/**
 * The generated module of one operation (tools/codegen, validators.mjs): what it documents, and its ajv validators by
 * name (`params`, `requestBody`, `response200`, `headers402`, `decoded402_payment_required`, …).
 * @typedef {{
 *   operationId: string,
 *   method: string,
 *   path: string,
 *   responses: Readonly<Record<string, { body: boolean, headers: boolean }>>,
 *   decodedHeaders: Readonly<Record<string, Readonly<Record<string, string>>>>,
 *   caseInsensitive: readonly string[],
 *   requestBody: { required: boolean } | null,
 * }} OperationMeta
 * @typedef {{ (data: unknown): boolean, errors?: readonly WordedError[] | null }} AjvValidate
 * @typedef {{ meta: OperationMeta, validators: Readonly<Record<string, AjvValidate>> }} OperationModule
 * @typedef {Headers | Record<string, unknown>} HeadersInput
 * @typedef {{ entries(): Iterable<[string, unknown]>, get(name: string): unknown }} HeadersLike a Headers (or a Map)
 * @typedef {{ path?: object | undefined, query?: object | undefined, headers?: HeadersInput | undefined, body?: unknown }} RequestInput
 */

class ValidationError extends Error {
  /** @param {string} operationId @param {string} where @param {readonly ValidationIssue[]} issues */
  constructor(operationId, where, issues) {
    const head = issues
      .slice(0, 5)
      .map((i) => i.message)
      .join('; ');
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    super(`${operationId}: invalid ${where}: ${head}${more}`);
    this.name = 'ValidationError';
    this.operationId = operationId;
    this.where = where;
    this.issues = issues;
  }
}

/** @param {string} operationId @param {string} where @param {readonly ValidationIssue[]} issues @returns {ValidationFailure} */
function fail(operationId, where, issues) {
  return { ok: false, operationId, where, issues };
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

/**
 * JSON has no NaN or Infinity; a request body holding one would silently become null when serialised.
 * @param {unknown} value @param {string} path @param {ValidationIssue[]} out @returns {ValidationIssue[]}
 */
function nonFiniteNumbers(value, path, out) {
  if (typeof value === 'number' && !Number.isFinite(value))
    out.push({ path, rule: 'finite', message: `${path} must be a finite number (${value} is not JSON)` });
  else if (Array.isArray(value)) value.forEach((item, i) => nonFiniteNumbers(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) nonFiniteNumbers(item, `${path}.${key}`, out);
  return out;
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

  /** The validator of that name, or a TypeError naming it (a module generated for another spec lacks it). @param {string} name */
  function validator(name) {
    const fn = validators[name];
    if (typeof fn !== 'function') throw new TypeError(`${id}: the generated module has no validator ${name}`);
    return fn;
  }

  /** @param {AjvValidate} fn @param {unknown} data @param {string} where @returns {ValidationResult<unknown>} */
  function run(fn, data, where) {
    if (fn(data)) return { ok: true, data };
    const prefix =
      where === 'response body' ? '' : where === 'response headers' ? 'headers' : /** @type {string} split gives one part at least */ (where.split(' ')[0]);
    return fail(id, where, wordErrors(fn.errors, prefix));
  }

  /** @param {number} status @param {unknown} body @param {HeadersInput} [headers] @returns {ValidationResult<unknown>} */
  function validateResponse(status, body, headers) {
    const documented = meta.responses[status];
    if (!documented) {
      const known = Object.keys(meta.responses).join(', ');
      return fail(id, 'response status', [{ path: 'status', rule: 'status', message: `status ${status} is not documented (documented: ${known})` }]);
    }
    if (documented.body) {
      const result = run(validator(`response${status}`), body, 'response body');
      if (!result.ok) return result;
    }
    if (headers !== undefined && documented.headers) {
      const lowered = lowerKeys(headers);
      const result = run(validator(`headers${status}`), lowered, 'response headers');
      if (!result.ok) return result;
      for (const [header, fnName] of Object.entries(meta.decodedHeaders[status] || {})) {
        if (lowered[header] === undefined) continue;
        let decoded;
        try {
          decoded = decodeBase64Json(String(lowered[header]));
        } catch (error) {
          return fail(id, 'response headers', [{ path: header, rule: 'contentEncoding', message: `${header} must be base64-encoded JSON` }]);
        }
        const inner = run(validator(fnName), decoded, `${header} (decoded)`);
        if (!inner.ok) return inner;
      }
    }
    return { ok: true, data: body };
  }

  /** @param {RequestInput} [request] @returns {ValidationResult<unknown>} */
  function validateRequest(request = {}) {
    /** @type {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }} */
    const params = {
      path: { ...(request.path || {}) },
      query: Object.fromEntries(Object.entries(request.query || {}).filter(([, v]) => v !== undefined)),
      header: lowerKeys(request.headers),
    };
    for (const name of meta.caseInsensitive) {
      const [location, key] = /** @type {[keyof typeof params, string]} codegen writes '<location>.<name>' */ (name.split('.'));
      const value = params[location][key];
      if (typeof value === 'string') params[location][key] = value.toUpperCase();
    }
    const fn = validator('params');
    if (!fn(params)) {
      return fail(id, 'request parameters', wordErrors(fn.errors, ''));
    }
    if (meta.requestBody) {
      if (request.body === undefined) {
        if (meta.requestBody.required) return fail(id, 'request body', [{ path: 'body', rule: 'required', message: 'body is required' }]);
      } else {
        const nonFinite = nonFiniteNumbers(request.body, 'body', []);
        if (nonFinite.length) return fail(id, 'request body', nonFinite);
        const result = run(validator('requestBody'), request.body, 'body');
        if (!result.ok) return result;
      }
    } else if (request.body !== undefined) {
      return fail(id, 'request body', [{ path: 'body', rule: 'body', message: `${meta.method.toUpperCase()} ${meta.path} takes no body` }]);
    }
    return { ok: true, data: { path: params.path, query: params.query, headers: params.header, body: request.body } };
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

module.exports = { createOperationValidator, ValidationError };
