// A generated validator module in one of the package's two forms: CommonJS (generated/**/*.cjs, what require() and
// the lazy index load) or an ES module (generated/**/*.mjs, what an import of one operation loads and a bundler
// tree-shakes: its helpers and formats are imported by name from the ES module runtime, so a browser bundle keeps only
// the ones it calls). The checks are the same text in both forms; only how a module reaches the package runtime and the
// shared validators, and how it exports its own, differ. The generators ask their form for those lines, and the form
// gathers the imports once per module, so two generators' code in one module (each in a scope of its own) share them.

/** Where the validators a module exports go. */
const TARGETS = {
  /** A shared module's own export (`validate`), or a test's loaded code. */
  module: { cjs: (/** @type {string} */ name) => `exports.${name}`, esm: null },
  /** An operation module's `validators` object (CommonJS: on its exports; ES module: a local it hands the runtime). */
  validators: { cjs: (/** @type {string} */ name) => `exports.validators.${name}`, esm: (/** @type {string} */ name) => `validators.${name}` },
};

export class ModuleForm {
  /**
   * @param {'cjs' | 'esm'} format
   * @param {keyof typeof TARGETS} target where the validators are exported
   */
  constructor(format, target) {
    this.format = format;
    this.target = target;
    /** @type {Set<string>} the module's import (or require) lines, in the order first asked for */
    this.imports = new Set();
  }

  /** The file extension of the module and of the runtime modules it reaches. */
  get extension() {
    return this.format === 'cjs' ? 'cjs' : 'mjs';
  }

  /**
   * A runtime module's path from a generated module (generated/ops or generated/shared): the ES module source
   * (runtime/<name>.mjs) or its CommonJS twin (generated/runtime/<name>.cjs, runtime-cjs.mjs).
   * @param {string} name
   */
  runtime(name) {
    return this.format === 'cjs' ? `../runtime/${name}.cjs` : `../../runtime/${name}.mjs`;
  }

  /** Binds a whole module to `binding`. @param {string} binding @param {string} path */
  importAll(binding, path) {
    this.imports.add(this.format === 'cjs' ? `const ${binding} = require(${JSON.stringify(path)});` : `import * as ${binding} from ${JSON.stringify(path)};`);
    return binding;
  }

  /** Binds one export of a module to `local`. @param {string} exported @param {string} local @param {string} path */
  importName(exported, local, path) {
    const specifier = exported === local ? local : `${exported} as ${local}`;
    this.imports.add(
      this.format === 'cjs' ? `const ${local} = require(${JSON.stringify(path)}).${exported};` : `import { ${specifier} } from ${JSON.stringify(path)};`,
    );
    return local;
  }

  /**
   * The statement exporting one validator.
   * @param {string} name the validator's export name @param {string} expression its value
   */
  exportValidator(name, expression) {
    const property = TARGETS[this.target][this.format];
    return property ? `${property(name)} = ${expression};` : `export const ${name} = ${expression};`;
  }

  /**
   * The names the module declares around the generated checks, which they must not declare: the export name of an
   * ES module's own validator (`export const validate`) is a module-level binding.
   * @param {readonly string[]} exported the validators' export names
   */
  declared(exported) {
    return this.format === 'esm' && this.target === 'module' ? [...exported] : [];
  }

  /** The whole module: its imports, then the code. @param {string} code */
  module(code) {
    return [...this.imports, code].join('\n');
  }
}
