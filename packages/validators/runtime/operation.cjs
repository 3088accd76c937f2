'use strict';
// Wraps one generated operation module in the stable API: validate a response for a status, validate a request's
// parameters and body. Each returns `{ ok: true, data }` or `{ ok: false, issues }`; the assert* forms throw a
// ValidationError whose message names the operation, the field and the rule.
const { formatErrors } = require('./format.cjs');

class ValidationError extends Error {
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

function fail(operationId, where, issues) {
  return { ok: false, operationId, where, issues };
}

function lowerKeys(headers) {
  if (!headers) return {};
  const entries =
    typeof headers.entries === 'function' && !(headers instanceof Array) && typeof headers.get === 'function'
      ? [...headers.entries()]
      : Object.entries(headers);
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined).map(([k, v]) => [k.toLowerCase(), v]));
}

function decodeBase64Json(text) {
  const json =
    typeof Buffer !== 'undefined'
      ? Buffer.from(text, 'base64').toString('utf8')
      : new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  return JSON.parse(json);
}

/** JSON has no NaN or Infinity; a request body holding one would silently become null when serialised. */
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

/** `data[3]["a-b"].close` → ['data', 3, 'a-b', 'close'] (the issue path as Standard Schema keys). */
function pathKeys(path) {
  const keys = [];
  for (const [, name, index, quoted] of String(path).matchAll(/([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    if (index !== undefined) keys.push(Number(index));
    else if (quoted !== undefined) keys.push(JSON.parse(quoted));
    else keys.push(name);
  }
  return keys;
}

/** A Standard Schema whose `validate` runs `check` (a function returning our ValidationResult). */
function standardSchema(check) {
  return Object.freeze({
    '~standard': Object.freeze({
      version: 1,
      vendor: VENDOR,
      validate(value) {
        const result = check(value);
        if (result.ok) return { value: result.data };
        return { issues: result.issues.map((issue) => ({ message: issue.message, path: pathKeys(issue.path) })) };
      },
    }),
  });
}

function createOperationValidator(mod) {
  const { meta, validators } = mod;
  const id = meta.operationId;

  function run(fn, data, where) {
    if (fn(data)) return { ok: true, data };
    const prefix = where === 'response body' ? '' : where === 'response headers' ? 'headers' : where.split(' ')[0];
    return fail(id, where, formatErrors(fn.errors, prefix));
  }

  function validateResponse(status, body, headers) {
    const documented = meta.responses[status];
    if (!documented) {
      const known = Object.keys(meta.responses).join(', ');
      return fail(id, 'response status', [{ path: 'status', rule: 'status', message: `status ${status} is not documented (documented: ${known})` }]);
    }
    if (documented.body) {
      const result = run(validators[`response${status}`], body, 'response body');
      if (!result.ok) return result;
    }
    if (headers !== undefined && documented.headers) {
      const lowered = lowerKeys(headers);
      const result = run(validators[`headers${status}`], lowered, 'response headers');
      if (!result.ok) return result;
      for (const [header, fnName] of Object.entries(meta.decodedHeaders[status] || {})) {
        if (lowered[header] === undefined) continue;
        let decoded;
        try {
          decoded = decodeBase64Json(String(lowered[header]));
        } catch (error) {
          return fail(id, 'response headers', [{ path: header, rule: 'contentEncoding', message: `${header} must be base64-encoded JSON` }]);
        }
        const inner = run(validators[fnName], decoded, `${header} (decoded)`);
        if (!inner.ok) return inner;
      }
    }
    return { ok: true, data: body };
  }

  /** @param {{path?: object, query?: object, headers?: object, body?: unknown}} request */
  function validateRequest(request = {}) {
    const params = {
      path: { ...(request.path || {}) },
      query: Object.fromEntries(Object.entries(request.query || {}).filter(([, v]) => v !== undefined)),
      header: lowerKeys(request.headers),
    };
    for (const name of meta.caseInsensitive) {
      const [location, key] = name.split('.');
      if (typeof params[location][key] === 'string') params[location][key] = params[location][key].toUpperCase();
    }
    const fn = validators.params;
    if (!fn(params)) {
      return fail(id, 'request parameters', formatErrors(fn.errors, ''));
    }
    if (meta.requestBody) {
      if (request.body === undefined) {
        if (meta.requestBody.required) return fail(id, 'request body', [{ path: 'body', rule: 'required', message: 'body is required' }]);
      } else {
        const nonFinite = nonFiniteNumbers(request.body, 'body', []);
        if (nonFinite.length) return fail(id, 'request body', nonFinite);
        const result = run(validators.requestBody, request.body, 'body');
        if (!result.ok) return result;
      }
    } else if (request.body !== undefined) {
      return fail(id, 'request body', [{ path: 'body', rule: 'body', message: `${meta.method.toUpperCase()} ${meta.path} takes no body` }]);
    }
    return { ok: true, data: { path: params.path, query: params.query, headers: params.header, body: request.body } };
  }

  const assert = (result) => {
    if (!result.ok) throw new ValidationError(id, result.where, result.issues);
    return result.data;
  };

  const statuses = Object.keys(meta.responses).map(Number);
  const success = statuses.find((status) => SUCCESS.includes(status)) ?? statuses[0];
  /** One Standard Schema per documented status, made on first use. */
  const byStatus = new Map();
  const response = (status) => {
    if (!byStatus.has(status))
      byStatus.set(
        status,
        standardSchema((body) => validateResponse(status, body)),
      );
    return byStatus.get(status);
  };

  return Object.freeze({
    operationId: id,
    method: meta.method,
    path: meta.path,
    statuses,
    '~standard': response(success)['~standard'],
    response,
    request: standardSchema((request) => validateRequest(request)),
    validateResponse,
    validateRequest,
    assertResponse: (status, body, headers) => assert(validateResponse(status, body, headers)),
    assertRequest: (request) => assert(validateRequest(request)),
  });
}

module.exports = { createOperationValidator, ValidationError };
