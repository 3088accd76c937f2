// What the two validator generators (body-validators.mjs for bodies, strings-validators.mjs for parameters and
// headers) write alike: JSON Pointer segments of instance paths, property reads, indentation, the schemas that accept
// every value, the string formats the package's runtime defines, and where its check helpers live. Both are read from
// the runtime's ES module sources (the CommonJS twins are generated from them in the same run: runtime-cjs.mjs).
import * as formats from '../../../packages/validators/runtime/formats.mjs';

/** @typedef {import('./module-form.mjs').ModuleForm} ModuleForm */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The name packages/validators/runtime/formats.mjs exports a string format's function under (`dateTime` for
 * `date-time`, found as the export that is the function its `byFormat` lists), or a generation error naming a format
 * the runtime lacks (ajv's strict mode refused unknown formats too).
 * @param {unknown} format
 */
export function runtimeFormat(format) {
  const check =
    typeof format === 'string' && Object.hasOwn(formats.byFormat, format) ? formats.byFormat[/** @type {keyof typeof formats.byFormat} */ (format)] : undefined;
  const name = check && Object.entries(formats).find(([name, value]) => name !== 'byFormat' && value === check)?.[0];
  if (!name) throw new Error(`codegen: format ${JSON.stringify(format)} is not in packages/validators/runtime/formats.mjs`);
  return name;
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
const CHECK_MODULES = await Promise.all(
  Object.entries({ checks: 'checks', rareChecks: 'rare-checks' }).map(async ([binding, file]) => ({
    binding,
    file,
    names: Object.keys(await import(`../../../packages/validators/runtime/${file}.mjs`)),
  })),
);

/**
 * The runtime check helpers one generated module calls, each as a property of its module's binding
 * (`checks.typeError`, `rareChecks.pointer`: runtime/rare-checks.mjs says why there are two), and the imports of
 * the modules it called; runtime/checks.mjs is always imported (its `validator` wraps every export).
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
    if (!module) throw new Error(`codegen: runtime/checks.mjs has no helper ${helper}`);
    this.bindings.add(module.binding);
    return `${module.binding}.${helper}`;
  }

  /** Imports, in the module's form, the check modules the helpers used live in. @param {ModuleForm} form */
  importInto(form) {
    for (const { binding, file } of CHECK_MODULES) if (this.bindings.has(binding)) form.importAll(binding, form.runtime(file));
  }
}
