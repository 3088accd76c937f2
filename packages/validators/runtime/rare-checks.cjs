'use strict';
// The check helpers only a few generated validators use (the current spec: an escaped property name's path in nine
// modules, a parameter union in one; none uses a code-point length, a closed tuple or `not`). A bundler cannot drop an
// unused property of a CommonJS module's exports, so every operation's bundle carried them in runtime/checks.cjs; here
// they cost only a bundle whose validators require this module (one operation's browser bundle -119 B min+gzip,
// pnpm bench). They share runtime/checks.cjs's error list, so they behave as they did there.
const checks = require('./checks.cjs');

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
  const errors = checks.errors();
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

module.exports = {
  pointer,
  codePoints,
  anyOf,
  extraItems: (/** @type {string} */ path, /** @type {number} */ limit) => checks.fail('additionalItems', path, { limit }),
  notError: (/** @type {string} */ path) => checks.fail('not', path, {}),
};
