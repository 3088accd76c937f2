// The pieces of one generated body-validators module (body-validators.mjs decides what they check): unique names,
// constants declared once (an enum's values, a type list, a pattern, a required list), one boolean function per
// distinct union branch, the string formats it reads, and the rendering of it all as indented, readable code. Instance
// paths are written as expressions evaluated only when a check fails.
import { indent, pointer, runtimeFormat, RuntimeHelpers } from './validator-code.mjs';

/**
 * One step of an instance path: a property name known at generation time, or a variable holding an array index or
 * an object key at run time.
 * @typedef {string | { index: string } | { key: string }} PathPart
 */

/**
 * What the generated code calls in runtime/checks.cjs (and rare-checks.cjs), each as a property of the module
 * (`checks.typeError(...)`): one `checks` binding per module instead of a destructuring list of the names it uses, which a bundle carried once per
 * generated module with every name renamed (one operation's browser bundle -97 B min+gzip, pnpm bench). The hot
 * path's checks are inline and call none of them, so a row reads no property more.
 */
const HELPERS = [
  ...['validator', 'isInteger', 'at', 'requiredFirst', 'pointer', 'codePoints', 'typeError', 'constError', 'enumError', 'extraProperty'],
  ...['extraItems', 'numberLimit', 'countLimit', 'patternError', 'formatError', 'unionError', 'notError'],
];

/** @param {PathPart[]} path @param {PathPart} part */
export const withSegment = (path, part) => [...path, part];

/** Names the generated code must not declare: the module's own around it (validators.mjs writes the operation module). */
const RESERVED = new Set(['checks', 'rareChecks', 'formats', 'd', 'lazy', 'exports', 'require', 'module', 'validators', 'meta']);

export class BodyCode {
  /**
   * @param {import('./module-form.mjs').ModuleForm} form the module's form, which imports and exports for it
   * @param {readonly string[]} exported the names of the validators it exports
   */
  constructor(form, exported) {
    this.form = form;
    /** @type {Set<string>} every name declared at module level or as a local */
    this.names = new Set(form.declared(exported));
    /** @type {Map<string, {name: string, init: string}>} constant by its initialiser */
    this.constants = new Map();
    /** @type {Map<string, string>} format name → the local holding its function */
    this.formats = new Map();
    /** @type {Map<string, string>} branch key → function name */
    this.branches = new Map();
    /** @type {string[][]} functions, each as lines */
    this.functions = [];
    /** @type {string[]} */
    this.exports = [];
    /** the runtime check helpers the code calls */
    this.helpers = new RuntimeHelpers(HELPERS);
  }

  /** The expression of a runtime check helper the code calls, by name. @param {string} helper */
  use(helper) {
    return this.helpers.use(helper);
  }

  /**
   * The JavaScript expression of an instance path: `"/data/" + i1 + "/open"`, `""` at the root.
   * @param {PathPart[]} path
   */
  path(path) {
    /** @type {string[]} */
    const terms = [];
    let text = '';
    for (const part of path) {
      if (typeof part === 'string') {
        text += `/${pointer(part)}`;
        continue;
      }
      terms.push(JSON.stringify(`${text}/`), 'index' in part ? part.index : `${this.use('pointer')}(${part.key})`);
      text = '';
    }
    if (text || terms.length === 0) terms.push(JSON.stringify(text));
    return terms.join(' + ');
  }

  /** A fresh name from `base` (a module-level declaration). @param {string} base */
  name(base) {
    const safe = base.replace(/[^A-Za-z0-9_$]/g, '_');
    let name = /^[0-9]/.test(safe) ? `_${safe}` : safe;
    for (let n = 2; this.names.has(name) || RESERVED.has(name); n++) name = `${safe}${n}`;
    this.names.add(name);
    return name;
  }

  /** A fresh local variable name. @param {string} base */
  local(base) {
    return this.name(`${base}${this.names.size}`);
  }

  /**
   * A module-level constant, declared once per distinct value.
   * @param {unknown} value what the constant holds (written as JSON unless `init` is given)
   * @param {string} [init] the initialiser's code
   * @param {string} [base] what to name it after
   */
  constant(value, init = JSON.stringify(value), base = Array.isArray(value) ? 'list' : 'text') {
    let entry = this.constants.get(init);
    if (!entry) this.constants.set(init, (entry = { name: this.name(base), init }));
    return entry.name;
  }

  /** The local holding a string format's function from runtime/formats.mjs. @param {string} format */
  format(format) {
    runtimeFormat(format);
    let name = this.formats.get(format);
    if (!name) this.formats.set(format, (name = this.name(`${format.replace(/-(.)/g, (_, c) => c.toUpperCase())}Format`)));
    return name;
  }

  /**
   * The boolean function of a union (or `not`) branch, one per distinct branch schema.
   * @param {unknown} schema @param {boolean} union @param {() => string[]} body its checks, returning false on failure
   */
  branch(schema, union, body) {
    const key = `${union} ${JSON.stringify(schema)}`;
    let name = this.branches.get(key);
    if (!name) {
      name = this.name(`branch${this.branches.size + 1}`);
      this.branches.set(key, name);
      this.fn(name, body());
    }
    return name;
  }

  /** @param {string} name @param {string[]} body statements returning a failure; the function returns true past them */
  fn(name, body) {
    this.functions.push([`function ${name}(d) {`, ...indent([...body, 'return true;']), '}']);
  }

  /** @param {string} header `if (...)`, `for (...)`, or '' for a bare block @param {string[]} body */
  block(header, body) {
    if (body.length === 0) return [];
    return [`${header ? `${header} ` : ''}{`, ...indent(body), '}'];
  }

  /** @param {string} name @param {{ fn: string, list: string | undefined }} fn the function, and its folded required list */
  export(name, { fn, list }) {
    this.exports.push(this.form.exportValidator(name, `${this.use('validator')}(${fn}${list ? `, ${list}` : ''})`));
  }

  /** The module's code; its imports (the check helpers and formats it calls) go to its form. */
  render() {
    this.helpers.importInto(this.form);
    for (const [format, name] of this.formats) this.form.importName(runtimeFormat(format), name, this.form.runtime('formats'));
    return [
      ...[...this.constants.values()].map(({ name, init }) => `const ${name} = ${init};`),
      ...this.functions.flatMap((lines) => ['', ...lines]),
      '',
      ...this.exports,
    ].join('\n');
  }
}
