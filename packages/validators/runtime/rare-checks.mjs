// The check helpers only a few generated validators use (the current spec: an escaped property name's path in nine
// modules, a parameter union in one; none uses a code-point length, a closed tuple or `not`). An ES module bundle drops
// the ones it does not import wherever they live, but a bundle of the CommonJS twins cannot drop an unused property of
// a module's exports: kept apart, they cost only a bundle whose validators require this module (-119 B min+gzip when
// it was measured, pnpm bench). They share runtime/checks.mjs's error list, so they behave as they would there.
import { errors as currentErrors, fail } from './checks.mjs';

/** A property name as a JSON Pointer segment (ajv's instancePath escaping). @param {string} key */
const pointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** String length in code points, as ajv counts for a length limit above 1 (a surrogate pair is one). @param {string} s */
function codePoints(s) {
  let length = 0;
  for (const _ of s) length++;
  return length;
}

/**
 * ajv's anyOf over parameters: the branches in order until one passes (each may coerce the value, as there); their
 * own errors are dropped either way, as ajv's are not worded (only the union's own error is).
 * @param {(() => void)[]} branches
 */
function anyOf(...branches) {
  const errors = currentErrors();
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

export { pointer, codePoints, anyOf };
export const extraItems = (/** @type {string} */ path, /** @type {number} */ limit) => fail('additionalItems', path, { limit });
export const notError = (/** @type {string} */ path) => fail('not', path, {});
