// An operation's two generated modules, ops/<id>.cjs and ops/<id>.mjs (validators.mjs writes them): its meta, its own
// validators, the ones it takes from generated/shared/, and the runtime extras it hands runtime/operation beside them.
// Both forms are rendered from the same parts, and the extras from one list, so a new extra cannot reach one form only.
import { codeHeader } from './output.mjs';

/** @import { ModuleForm } from './module-form.mjs' */
/**
 * @typedef {Omit<ReturnType<typeof import('./validator-plan.mjs').planOperation>, 'entries'>} OperationParts
 * @typedef {{ name: string, module: string }} SharedExport a validator the operation takes from generated/shared/<module>
 * @typedef {object} Extra a runtime function an operation hands runtime/operation when it needs it
 * @property {string} name the property of the operation module (CommonJS exports, ES module parts) that holds it
 * @property {string} module the runtime module exporting it (ModuleForm.runtime)
 * @property {string} exported the runtime module's export
 * @property {(parts: OperationParts) => boolean} needed whether the operation needs it
 * @property {(parts: OperationParts) => unknown} [argument] when the export is a factory: what it is called with
 */

/** @type {Extra[]} */
const EXTRAS = [
  // runtime/operation checks a request body for NaN and Infinity before its validator, with this function: written
  // only in the modules of an operation that takes a body, it is in that operation's bundle and in no other.
  { name: 'nonFiniteNumbers', module: 'finite-numbers', exported: 'nonFiniteNumbers', needed: ({ meta }) => !!meta.requestBody },
  // The parameters the spec marks case-insensitive, upper-cased before their validator (runtime/case-insensitive.mjs).
  {
    name: 'caseInsensitive',
    module: 'case-insensitive',
    exported: 'upperCaseParameters',
    needed: ({ caseInsensitive }) => caseInsensitive.length > 0,
    argument: ({ caseInsensitive }) => caseInsensitive,
  },
];

/**
 * The extras an operation needs, each with its value as an expression of the runtime export's binding.
 * @param {OperationParts} parts
 */
const extrasOf = (parts) =>
  EXTRAS.filter((extra) => extra.needed(parts)).map(({ name, module, exported, argument }) => ({
    name,
    module,
    exported,
    /** @param {string} binding */
    value: (binding) => (argument ? `${binding}(${JSON.stringify(argument(parts))})` : binding),
  }));

const HEADER = codeHeader();
// The CommonJS module's getter for a shared validator (commonJsOperation says why they load on first read).
const LAZY = `/** A validator property whose module is required on first read, then kept. */
const lazy = (load) => { let validate; return { enumerable: true, get: () => (validate ??= load()) }; };`;

/**
 * The CommonJS operation module (`{ meta, validators }`, what runtime/operation.cjs wraps), whose shared validators are
 * required on first read: requiring one operation parses its own module only, and its error bodies load when a
 * response needs them. The require stays a literal, so a bundler still sees (and bundles) every shared module.
 * @param {ModuleForm} form @param {OperationParts} parts @param {string[]} own @param {SharedExport[]} sharedExports
 */
export function commonJsOperation(form, parts, own, sharedExports) {
  const body = [
    `exports.meta = ${JSON.stringify(parts.meta)};`,
    'exports.validators = {};',
    ...own,
    // Required in the assignment itself: the module exports the extra and needs no binding of its own for it.
    ...extrasOf(parts).map(
      ({ name, module, exported, value }) => `exports.${name} = ${value(`require(${JSON.stringify(form.runtime(module))}).${exported}`)};`,
    ),
    ...(sharedExports.length
      ? [
          LAZY,
          `Object.defineProperties(exports.validators, {\n${sharedExports.map(({ name, module }) => `  ${name}: lazy(() => require('../shared/${module}.cjs').validate),`).join('\n')}\n});`,
        ]
      : []),
  ];
  return [HEADER, "'use strict';", form.module(body.join('\n'))].join('\n');
}

/**
 * The ES module of an operation: its validator (`export const <operationId>`, and the default export), made from the
 * same parts as the CommonJS module, with every shared validator and runtime piece imported by name.
 * @param {ModuleForm} form @param {OperationParts} parts @param {string[]} own @param {SharedExport[]} sharedExports
 */
export function esOperation(form, parts, own, sharedExports) {
  const { op, meta } = parts;
  const handed = ['meta', 'validators'];
  for (const { name, module, exported, value } of extrasOf(parts)) {
    const expression = value(form.importName(exported, exported, form.runtime(module)));
    handed.push(expression === name ? name : `${name}: ${expression}`);
  }
  const shared = sharedExports.map(({ name, module }, i) => `  ${name}: ${form.importName('validate', `shared${i + 1}`, `../shared/${module}.mjs`)},`);
  const create = form.importName('createOperationValidator', 'createOperationValidator', form.runtime('operation'));
  const body = [
    `const meta = ${JSON.stringify(meta)};`,
    'const validators = {};',
    ...own,
    ...(shared.length ? [`Object.assign(validators, {\n${shared.join('\n')}\n});`] : []),
    '',
    `/** Validators of \`${op.method.toUpperCase()} ${op.path}\`. */`,
    `export const ${op.operationId} = ${create}({ ${handed.join(', ')} });`,
    `export default ${op.operationId};`,
  ];
  return [HEADER, form.module(body.join('\n'))].join('\n');
}
