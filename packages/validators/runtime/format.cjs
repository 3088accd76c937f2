'use strict';
// Turns ajv errors into issues a person can act on: the JSON path in JavaScript notation, the rule broken, the
// allowed values, and one sentence that names them all, e.g. `data[3].resolution must be one of 1m, 5m, 15m, 1h, 4h, 1d`.

/** @import { ValidationIssue } from './operation.cjs' */

/**
 * What this module reads of an ajv error (ajv's `ErrorObject`); `params` holds what ajv documents per keyword.
 * @typedef {{ keyword: string, instancePath: string, schemaPath?: string | undefined, params?: Record<string, unknown> | undefined, message?: string | undefined }} AjvError
 */

/**
 * '/data/3/resolution' → 'data[3].resolution' (prefixed with the location, e.g. 'query.limit').
 * @param {string} prefix
 * @param {string} instancePath
 */
function toPath(prefix, instancePath) {
  let out = prefix;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^[0-9]+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(root)';
}

/** @param {string} prefix @param {string} name */
function join(prefix, name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? (prefix && prefix !== '(root)' ? `${prefix}.${name}` : name) : `${prefix}[${JSON.stringify(name)}]`;
}

/** What a min/max count keyword counts. @type {Readonly<Record<string, string>>} */
const COUNTED = {
  minItems: 'items',
  maxItems: 'items',
  minLength: 'characters',
  maxLength: 'characters',
  minProperties: 'properties',
  maxProperties: 'properties',
};

/**
 * @param {AjvError} error
 * @param {string} path
 * @returns {ValidationIssue}
 */
function describe(error, path) {
  const p = error.params || {};
  // ajv's params per keyword: `missingProperty`/`additionalProperty` name a field, `allowedValues` is the enum's list
  // and `limit` a number; a hand-built error (formatErrors is public) may differ, so each is read as what it is.
  const limit = typeof p.limit === 'number' ? { limit: p.limit } : {};
  switch (error.keyword) {
    case 'required':
      return { path: join(path, String(p.missingProperty)), rule: 'required', message: `${join(path, String(p.missingProperty))} is required` };
    case 'additionalProperties':
      return {
        path: join(path, String(p.additionalProperty)),
        rule: 'additionalProperties',
        message: `${join(path, String(p.additionalProperty))} is not a documented field`,
      };
    case 'enum': {
      // A copy: ajv's params hold the validator's own enum array, which an issue must not hand out to be changed.
      const allowedValues = Array.isArray(p.allowedValues) ? [...p.allowedValues] : [p.allowedValues];
      return {
        path,
        rule: 'enum',
        allowedValues,
        message: `${path} must be one of ${allowedValues.map(String).join(', ')}`,
      };
    }
    case 'const':
      return { path, rule: 'const', allowedValues: [p.allowedValue], message: `${path} must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { path, rule: 'type', message: `${path} must be ${Array.isArray(p.type) ? p.type.join(' or ') : p.type}` };
    case 'pattern':
      return { path, rule: 'pattern', message: `${path} must match ${p.pattern}` };
    case 'format':
      return { path, rule: 'format', message: `${path} must be a valid ${p.format}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, rule: error.keyword, ...limit, message: `${path} must be ${p.comparison} ${p.limit}` };
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties':
      // Worded here, as ajv words them: the generated validators carry no message strings (ajv's `messages: false`).
      return {
        path,
        rule: error.keyword,
        ...limit,
        message: `${path} must NOT have ${error.keyword.startsWith('max') ? 'more' : 'fewer'} than ${p.limit} ${COUNTED[error.keyword]}`,
      };
    case 'not':
      return { path, rule: 'not', message: `${path} must NOT be valid` };
    case 'anyOf':
    case 'oneOf':
      return { path, rule: error.keyword, message: `${path} must match ${error.keyword === 'oneOf' ? 'exactly one' : 'one'} of its accepted forms` };
    default:
      return { path, rule: error.keyword, message: `${path} ${error.message || 'is invalid'}` };
  }
}

/**
 * An ajv error, or a TypeError naming the entry that is not one (formatErrors is public: users pass their own).
 * @param {unknown} error
 * @param {number} index
 * @returns {AjvError}
 */
function ajvError(error, index) {
  if (!error || typeof error !== 'object') throw new TypeError(`formatErrors: errors[${index}] is not an ajv error object`);
  const { keyword, instancePath, schemaPath, params, message } = /** @type {Record<string, unknown>} an object, checked above */ (error);
  if (typeof keyword !== 'string') throw new TypeError(`formatErrors: errors[${index}].keyword must be a string`);
  if (typeof instancePath !== 'string') throw new TypeError(`formatErrors: errors[${index}].instancePath must be a string`);
  return {
    keyword,
    instancePath,
    schemaPath: typeof schemaPath === 'string' ? schemaPath : undefined,
    params: params && typeof params === 'object' ? /** @type {Record<string, unknown>} an object, checked here */ (params) : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

/**
 * @param {ReadonlyArray<unknown> | null | undefined} errors ajv errors (a validator's `errors`, null when it passed)
 * @param {string} prefix where the data sits: 'body', 'query', 'response', …
 * @returns {ValidationIssue[]}
 */
function formatErrors(errors, prefix) {
  const list = (errors || []).map(ajvError);
  // Branch failures of an anyOf/oneOf are noise next to the union's own failure ("must match one of its accepted
  // forms"): keep the summary, drop the errors of the branches under it.
  const unions = list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  // An error without schemaPath (a hand-built one: formatErrors is public) is never a branch's.
  const kept = list.filter(({ schemaPath }) => !schemaPath || !unions.some((u) => schemaPath.startsWith(u)));
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {ValidationIssue[]} */
  const issues = [];
  for (const error of kept) {
    const issue = describe(error, toPath(prefix, error.instancePath));
    if (seen.has(issue.message)) continue;
    seen.add(issue.message);
    issues.push(issue);
  }
  return issues;
}

module.exports = { formatErrors, toPath };
