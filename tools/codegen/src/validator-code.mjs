// What the two validator generators (body-validators.mjs for bodies, strings-validators.mjs for parameters and
// headers) write alike: JSON Pointer segments of instance paths, property reads, indentation, the schemas that accept
// every value, and the string formats the package's runtime defines.
import { createRequire } from 'node:module';

/** The string formats packages/validators/runtime/formats.cjs defines, which the generated code reads from there. */
const FORMATS = Object.keys(createRequire(import.meta.url)('../../../packages/validators/runtime/formats.cjs'));
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A format the runtime defines, or a generation error naming it (ajv's strict mode refused unknown formats too). */
export function runtimeFormat(/** @type {unknown} */ format) {
  if (typeof format !== 'string' || !FORMATS.includes(format))
    throw new Error(`codegen: format ${JSON.stringify(format)} is not in packages/validators/runtime/formats.cjs`);
  return format;
}

/** A property name as a JSON Pointer segment, as ajv writes instance paths. */
export const pointer = (/** @type {string} */ name) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** `data.name`, or `data["a-b"]` for a name that is not an identifier. */
export const member = (/** @type {string} */ data, /** @type {string} */ name) =>
  IDENTIFIER.test(name) ? `${data}.${name}` : `${data}[${JSON.stringify(name)}]`;

/** Whether a name can be written as a JavaScript identifier. */
export const isIdentifier = (/** @type {string} */ name) => IDENTIFIER.test(name);

/** @param {unknown} value @returns {value is Record<string, any>} */
export const isPlainObject = (value) => !!value && typeof value === 'object' && !Array.isArray(value);

/** A schema whose every value is valid (ajv's alwaysValidSchema, given annotations are already dropped). */
export const alwaysValid = (/** @type {unknown} */ schema) => schema === true || (isPlainObject(schema) && Object.keys(schema).length === 0);

/** Lines indented one level; blank lines stay blank. @param {string[]} lines */
export const indent = (lines) => lines.map((line) => (line ? `  ${line}` : line));

/**
 * The runtime helpers only a few generated validators call, which live in runtime/rare-checks.cjs instead of
 * runtime/checks.cjs (that module says why); the generated code requires that module only when it calls one.
 */
const RARE_HELPERS = new Set(['pointer', 'codePoints', 'anyOf', 'extraItems', 'notError']);

/** The expression of a runtime check helper, by name: `checks.typeError`, `rareChecks.pointer`. */
export const helperExpression = (/** @type {string} */ helper) => `${RARE_HELPERS.has(helper) ? 'rareChecks' : 'checks'}.${helper}`;

/** Whether a helper lives in runtime/rare-checks.cjs. */
export const isRareHelper = (/** @type {string} */ helper) => RARE_HELPERS.has(helper);

/** The requires of the runtime's check modules: checks.cjs always, rare-checks.cjs when a rare helper is called. */
export const checksRequires = (/** @type {boolean} */ rare) => [
  'const checks = require("../../runtime/checks.cjs");',
  ...(rare ? ['const rareChecks = require("../../runtime/rare-checks.cjs");'] : []),
];
