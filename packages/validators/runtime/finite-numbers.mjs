// The request body's own check before its validator: JSON has no NaN or Infinity, and a body holding one would
// silently become null when serialised. Only an operation that takes a body needs it, so its generated module brings it
// (`nonFiniteNumbers`, tools/codegen/src/validators.mjs) and runtime/operation.mjs calls it from there: the
// bundle of an operation without a body leaves it out (one operation's browser bundle -84 B min+gzip, pnpm bench).

/** @import { ValidationIssue } from './operation.cjs' */

/**
 * Every non-finite number in `value`, as an issue at its path.
 * @param {unknown} value @param {string} path @param {ValidationIssue[]} out @returns {ValidationIssue[]}
 */
function nonFiniteNumbers(value, path, out) {
  if (typeof value === 'number' && !Number.isFinite(value))
    out.push({ path, rule: 'finite', message: `${path} must be a finite number (${value} is not JSON)` });
  else if (Array.isArray(value)) value.forEach((item, i) => nonFiniteNumbers(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) nonFiniteNumbers(item, `${path}.${key}`, out);
  return out;
}

export { nonFiniteNumbers };
