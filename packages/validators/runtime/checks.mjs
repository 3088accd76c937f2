// What the generated validators share: ajv's calling convention (a boolean, and `errors` when it is false), the
// constructors of their errors in ajv's shape ({instancePath, keyword, params}, so runtime/wording.mjs words them as it
// words ajv's), and ajv's type coercion of parameters and headers. Body validators (tools/codegen/src/body-validators.mjs)
// stop at the first broken rule and report ajv's first error; parameter and header validators
// (tools/codegen/src/strings-validators.mjs) coerce each value (coerceTypes: true, strictNumbers: true;
// ajv/dist/compile/validate/dataType.js), write it back into the object it was read from, where the caller sees it,
// and report every broken rule, as ajv's allErrors does. The checks themselves stay inline in the generated code
// (property reads by name, no loop over a schema); only the failure path comes here (and the integer test), so a
// valid 1,000-row page calls nothing else below. What only a few validators call is in runtime/rare-checks.mjs.

/**
 * @typedef {{ instancePath: string, keyword: string, params: Record<string, unknown> }} CheckError
 * @typedef {{ (data: unknown): boolean, errors: CheckError[] | null }} Validator
 * @typedef {'object' | 'string' | 'integer' | 'number' | 'boolean'} SingleType
 */

/**
 * The errors of the validation running now: validation is synchronous, so one list serves every validator. A body
 * validator's error is the last one written (a caller's required check overwrites its property's error: `at`); a
 * parameter validator's are all of them.
 * @type {CheckError[]}
 */
let errors = [];

/** Records a broken rule. @param {string} keyword @param {string} instancePath @param {Record<string, unknown>} params @returns {false} */
function fail(keyword, instancePath, params) {
  errors.push({ instancePath, keyword, params });
  return false;
}

/**
 * A generated check as a validator: true, or false with its errors in `errors` (what runtime/operation.mjs reads).
 * A body check returns its verdict and its error is the last written; a parameter check reads its data as `box[0]`, so
 * the root is coerced as any other value (ajv coerces the root too, but has nowhere to write it back: neither has
 * this), and reports every error.
 * @param {(data: any, key?: 0) => boolean | void} check
 * @param {readonly string[] | true} [mode] a body root object's required list, when the check leaves it to its
 *   caller; `true` for a parameter check
 * @returns {Validator}
 */
function validator(check, mode) {
  const all = mode === true;
  /** @type {(data: unknown) => boolean} */
  const verdict = all ? (data) => (check([data], 0), !errors.length) : (data) => check(data) || at('', data, mode);
  /** @type {Validator} */
  const validate = Object.assign(
    (/** @type {unknown} */ data) => {
      // The list is empty between validations (a failed one hands its errors out and starts a new one), unless a
      // check threw or a union's branch wrote one: a valid call allocates no list.
      if (errors.length) errors = [];
      const valid = verdict(data);
      const found = errors;
      if (!valid) errors = [];
      validate.errors = valid ? null : all ? found : found.slice(-1);
      return valid;
    },
    { errors: null },
  );
  return validate;
}

/** ajv's integer test with strictNumbers off (Infinity passes, as there). @param {unknown} data */
const isInteger = (data) => typeof data == 'number' && !(data % 1) && !isNaN(data);

/** ajv's object test. @param {unknown} data @returns {data is Record<string, unknown>} */
const isObject = (data) => !!data && typeof data == 'object' && !Array.isArray(data);

/**
 * A failed check inside a function the caller reached at `path`: prefixes the failure's path. When the function left
 * its object's required list to its callers (`required`: every required property has a type, so a missing one failed
 * its own check), a missing property is the error instead, as ajv's earlier required check would have reported; one
 * that was not an object failed its type test, which stays the error. Callers further out check their own lists
 * after this one, so the outermost missing property is the one reported, as there.
 * @param {string} path @param {unknown} [data] @param {readonly string[]} [required]
 */
function at(path, data, required) {
  if (required && isObject(data)) requiredFirst(data, '', required);
  for (const error of errors) error.instancePath = path + error.instancePath;
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

/** ajv's comparison wording of each number limit. @type {Readonly<Record<string, string>>} */
const COMPARISON = { maximum: '<=', minimum: '>=', exclusiveMaximum: '<', exclusiveMinimum: '>' };

/** ajv's number test with strictNumbers (NaN and Infinity are not numbers). @param {unknown} data */
const isNumber = (data) => typeof data == 'number' && isFinite(data);

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
    fail('type', path, { type });
    return data;
  }
  parent[key] = coerced;
  return coerced;
}

export { validator, isInteger, isNumber, isObject, at, requiredFirst, typed, fail, currentErrors as errors };

/** The errors of the validation running now (runtime/rare-checks.mjs counts and drops a union branch's). */
const currentErrors = () => errors;

// The error constructors the generated code calls on a broken rule, one per keyword.
export const typeError = (/** @type {string} */ path, /** @type {string | readonly string[]} */ type) => fail('type', path, { type });
export const constError = (/** @type {string} */ path, /** @type {unknown} */ allowedValue) => fail('const', path, { allowedValue });
export const enumError = (/** @type {string} */ path, /** @type {readonly unknown[]} */ allowedValues) => fail('enum', path, { allowedValues });
export const missing = (/** @type {string} */ path, /** @type {string} */ missingProperty) => fail('required', path, { missingProperty });
export const extraProperty = (/** @type {string} */ path, /** @type {string} */ additionalProperty) =>
  fail('additionalProperties', path, { additionalProperty });
export const numberLimit = (/** @type {string} */ path, /** @type {string} */ keyword, /** @type {number} */ limit) =>
  fail(keyword, path, { comparison: COMPARISON[keyword], limit });
export const countLimit = (/** @type {string} */ path, /** @type {string} */ keyword, /** @type {number} */ limit) => fail(keyword, path, { limit });
export const patternError = (/** @type {string} */ path, /** @type {string} */ pattern) => fail('pattern', path, { pattern });
export const formatError = (/** @type {string} */ path, /** @type {string} */ format) => fail('format', path, { format });
export const unionError = (/** @type {string} */ path, /** @type {'anyOf' | 'oneOf'} */ keyword) => fail(keyword, path, {});
