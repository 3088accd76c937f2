'use strict';
// What the generated body validators (tools/codegen/src/body-validators.mjs) share: the wrapper that gives each one
// ajv's calling convention (a boolean, and `errors` when it is false), and the constructors of the one error a failed
// check reports, in ajv's shape ({instancePath, keyword, params}) so runtime/format.cjs words it as it words ajv's.
// The checks themselves stay inline in the generated code (property reads by name, no loop over a schema); only the
// failure path comes here (and the integer test), so a valid 1,000-row page calls nothing else below.

/**
 * @typedef {{ instancePath: string, keyword: string, params: Record<string, unknown> }} CheckError
 * @typedef {{ (data: unknown): boolean, errors: CheckError[] | null }} BodyValidator
 */

/**
 * The error of the check that failed, its instance path relative to the generated function that found it; callers
 * prepend their own part (`at`) on the way up. Validation is synchronous, so one slot serves every validator.
 * @type {CheckError[] | null}
 */
let failure = null;

/** @param {string} keyword @param {string} instancePath @param {Record<string, unknown>} params @returns {false} */
function fail(keyword, instancePath, params) {
  failure = [{ instancePath, keyword, params }];
  return false;
}

/**
 * A generated check as a validator: true, or false with the failure in `errors` (what runtime/operation.cjs reads).
 * @param {(data: unknown) => boolean} check
 * @param {readonly string[]} [required] the root object's required list, when the check leaves it to its caller
 * @returns {BodyValidator}
 */
function validator(check, required) {
  /** @type {BodyValidator} */
  const validate = Object.assign(
    (/** @type {unknown} */ data) => {
      failure = null;
      const valid = check(data) || at('', data, required);
      validate.errors = valid ? null : failure;
      failure = null;
      return valid;
    },
    { errors: null },
  );
  return validate;
}

/** ajv's integer test with strictNumbers off (Infinity passes, as there). @param {unknown} data */
const isInteger = (data) => typeof data == 'number' && !(data % 1) && !isNaN(data);

/**
 * A failed check inside a function the caller reached at `path`: prefixes the failure's path. When the function left
 * its object's required list to its callers (`required`: every required property has a type, so a missing one failed
 * its own check), a missing property is the error instead, as ajv's earlier required check would have reported; one
 * that was not an object failed its type test, which stays the error. Callers further out check their own lists
 * after this one, so the outermost missing property is the one reported, as there.
 * @param {string} path @param {unknown} [data] @param {readonly string[]} [required]
 */
function at(path, data, required) {
  if (required && typeof data == 'object' && data !== null && !Array.isArray(data)) requiredFirst(/** @type {Record<string, unknown>} */ (data), '', required);
  if (failure) for (const error of failure) error.instancePath = path + error.instancePath;
  return false;
}

/**
 * ajv's required check, run only on a failure: after the one expression that tests every required property found one
 * missing, or (from `at`) where a function's required list is folded into its properties' checks. False with the
 * error of the first missing property, or true when none is missing.
 * @param {Record<string, unknown>} data @param {string} path @param {readonly string[]} names
 */
function requiredFirst(data, path, names) {
  for (const name of names) if (data[name] === undefined) return fail('required', path, { missingProperty: name });
  return true;
}

/** A property name as a JSON Pointer segment (ajv's instancePath escaping). @param {string} key */
const pointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** ajv's comparison wording of each number limit. @type {Readonly<Record<string, string>>} */
const COMPARISON = { maximum: '<=', minimum: '>=', exclusiveMaximum: '<', exclusiveMinimum: '>' };

/** String length in code points, as ajv counts for a length limit above 1 (a surrogate pair is one). @param {string} s */
function codePoints(s) {
  let length = 0;
  for (const _ of s) length++;
  return length;
}

module.exports = {
  validator,
  isInteger,
  at,
  requiredFirst,
  pointer,
  codePoints,
  typeError: (/** @type {string} */ path, /** @type {string | readonly string[]} */ type) => fail('type', path, { type }),
  constError: (/** @type {string} */ path, /** @type {unknown} */ allowedValue) => fail('const', path, { allowedValue }),
  enumError: (/** @type {string} */ path, /** @type {readonly unknown[]} */ allowedValues) => fail('enum', path, { allowedValues }),
  extraProperty: (/** @type {string} */ path, /** @type {string} */ additionalProperty) => fail('additionalProperties', path, { additionalProperty }),
  extraItems: (/** @type {string} */ path, /** @type {number} */ limit) => fail('additionalItems', path, { limit }),
  numberLimit: (/** @type {string} */ path, /** @type {string} */ keyword, /** @type {number} */ limit) =>
    fail(keyword, path, { comparison: COMPARISON[keyword], limit }),
  countLimit: (/** @type {string} */ path, /** @type {string} */ keyword, /** @type {number} */ limit) => fail(keyword, path, { limit }),
  patternError: (/** @type {string} */ path, /** @type {string} */ pattern) => fail('pattern', path, { pattern }),
  formatError: (/** @type {string} */ path, /** @type {string} */ format) => fail('format', path, { format }),
  unionError: (/** @type {string} */ path, /** @type {'anyOf' | 'oneOf'} */ keyword) => fail(keyword, path, {}),
  notError: (/** @type {string} */ path) => fail('not', path, {}),
};
