'use strict';
// What the generated parameter and header validators (tools/codegen/src/strings-validators.mjs) share: ajv's calling
// convention (a boolean, and `errors` when it is false), the error list they fill (every broken rule, as ajv's
// allErrors does, in ajv's shape {instancePath, keyword, params} so runtime/format.cjs words them alike), and ajv's
// type coercion (coerceTypes: true, strictNumbers: true; ajv/dist/compile/validate/dataType.js), which writes the
// coerced value back into the object it was read from, where the caller sees it.

/**
 * @typedef {{ instancePath: string, keyword: string, params: Record<string, unknown> }} CheckError
 * @typedef {{ (data: unknown): boolean, errors: CheckError[] | null }} StringsValidator
 * @typedef {'object' | 'string' | 'integer' | 'number' | 'boolean'} SingleType
 */

/** The errors of the validation running now: validation is synchronous, so one list serves every validator. */
/** @type {CheckError[]} */
let errors = [];

/** Records a broken rule. @param {string} keyword @param {string} instancePath @param {Record<string, unknown>} params */
function report(keyword, instancePath, params) {
  errors.push({ instancePath, keyword, params });
}

/**
 * A generated check as a validator. The check reads its data as `box[0]`, so the root is coerced as any other value
 * (ajv coerces the root too, but has nowhere to write it back: neither has this).
 * @param {(box: unknown[], key: 0) => void} check
 * @returns {StringsValidator}
 */
function validator(check) {
  /** @type {StringsValidator} */
  const validate = Object.assign(
    (/** @type {unknown} */ data) => {
      // The list is empty between validations (a failed one hands its list out and starts a new one), unless a check
      // threw: a valid call allocates no list.
      if (errors.length) errors = [];
      check([data], 0);
      const found = errors;
      if (found.length) errors = [];
      validate.errors = found.length ? found : null;
      return !found.length;
    },
    { errors: null },
  );
  return validate;
}

/** ajv's number test with strictNumbers (NaN and Infinity are not numbers). @param {unknown} data */
const isNumber = (data) => typeof data == 'number' && isFinite(data);

/** ajv's object test. @param {unknown} data @returns {data is Record<string, unknown>} */
const isObject = (data) => !!data && typeof data == 'object' && !Array.isArray(data);

/** @param {unknown} data @param {SingleType} type */
function isType(data, type) {
  if (type === 'string' || type === 'boolean') return typeof data == type;
  if (type === 'number') return isNumber(data);
  if (type === 'integer') return isNumber(data) && !(/** @type {number} */ (data) % 1);
  return isObject(data);
}

/**
 * ajv's coerceData for one type: the coerced value, or undefined when the data cannot be coerced. Like ajv it does not
 * check the result again: '1e999' becomes Infinity, which then fails no number keyword (they only run on finite numbers).
 * @param {unknown} data @param {SingleType} type
 */
function coerce(data, type) {
  const dataType = typeof data;
  switch (type) {
    case 'string':
      return dataType == 'number' || dataType == 'boolean' ? '' + data : data === null ? '' : undefined;
    case 'number':
    case 'integer':
      return dataType == 'boolean' ||
        data === null ||
        // `data == +data` is ajv's test: ' 1', '1e3' and '0x10' are numbers, '' and 'abc' are not.
        (dataType == 'string' && data && data == +data && (type === 'number' || !(/** @type {any} */ (data) % 1)))
        ? +(/** @type {any} */ (data))
        : undefined;
    case 'boolean':
      return data === 'false' || data === 0 || data === null ? false : data === 'true' || data === 1 ? true : undefined;
    default:
      return undefined;
  }
}

/**
 * `parent[key]` as `type`: itself, or coerced (and written back), or, when neither, itself with a type error.
 * @param {Record<string | number, unknown>} parent @param {string | number} key @param {string} path @param {SingleType} type
 */
function typed(parent, key, path, type) {
  const data = parent[key];
  if (isType(data, type)) return data;
  const coerced = coerce(data, type);
  if (coerced === undefined) {
    report('type', path, { type });
    return data;
  }
  parent[key] = coerced;
  return coerced;
}

/**
 * ajv's anyOf: the branches in order until one passes (each may coerce the value, as there); their own errors are
 * dropped either way, as runtime/format.cjs drops ajv's (only the union's own error is worded).
 * @param {(() => void)[]} branches
 */
function anyOf(...branches) {
  const before = errors.length;
  let valid = false;
  for (const branch of branches) {
    branch();
    valid = errors.length === before;
    errors.length = before;
    if (valid) break;
  }
  return valid;
}

// A length limit above 1 counts code points, as ajv does; the body validators' helper counts them for both.
const { codePoints } = require('./body-checks.cjs');

module.exports = { validator, report, isNumber, isObject, typed, anyOf, codePoints };
