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

/** What the package's two check modules export, by module: the generated code calls a helper where it lives. */
const CHECK_MODULES = Object.entries({ checks: 'checks.cjs', rareChecks: 'rare-checks.cjs' }).map(([binding, file]) => ({
  binding,
  require: `const ${binding} = require("../../runtime/${file}");`,
  names: Object.keys(createRequire(import.meta.url)(`../../../packages/validators/runtime/${file}`)),
}));

/**
 * The runtime check helpers one generated module calls, each as a property of its module's binding
 * (`checks.typeError`, `rareChecks.pointer`: runtime/rare-checks.cjs says why there are two), and the requires of
 * the modules it called; runtime/checks.cjs is always required (its `validator` wraps every export).
 */
export class RuntimeHelpers {
  /** @param {readonly string[]} allowed the helpers this generator may call */
  constructor(allowed) {
    this.allowed = allowed;
    /** @type {Set<string>} the bindings of the modules called */
    this.bindings = new Set(['checks']);
  }

  /** The expression of a helper, by name, or a generation error naming it. @param {string} helper */
  use(helper) {
    const module = this.allowed.includes(helper) ? CHECK_MODULES.find(({ names }) => names.includes(helper)) : undefined;
    if (!module) throw new Error(`codegen: runtime/checks.cjs has no helper ${helper}`);
    this.bindings.add(module.binding);
    return `${module.binding}.${helper}`;
  }

  /** The requires of the check modules the helpers used live in. */
  requires() {
    return CHECK_MODULES.filter(({ binding }) => this.bindings.has(binding)).map((module) => module.require);
  }
}
