// Generates packages/validators/generated: one module per operation with its validators compiled ahead of time (so
// users pay no schema compilation at run time), plus an index that loads them all. Body validators come from
// body-validators.mjs (inline checks that stop at the first error); parameters and headers, which need coercion and
// every error, from strings-validators.mjs. A validator two or more operations need alike is compiled once, into
// generated/shared/<name>, which those operations' modules load (validator-plan.mjs decides which).
// Every module is written twice from the same checks (module-form.mjs): as CommonJS (ops/<id>.cjs, behind the lazy
// index and `require('@laevitas-api/validators/ops/<id>')` through its wrapper), whose shared validators are required on
// first use; and as an ES module (ops/<id>.mjs, the per-operation import), which imports its shared validators and the
// ES module runtime by name, so a bundler keeps only what the operation calls. operation-modules.mjs renders both
// forms of an operation's module.
import { ModuleForm } from './module-form.mjs';
import { Ajv, _ } from 'ajv';
import { bodyValidatorsCode } from './body-validators.mjs';
import { stringsValidatorsCode } from './strings-validators.mjs';
import { planOperation, sharedValidators } from './validator-plan.mjs';
import { COMPONENTS_ID, countsCharacters, keywordsOf, rewriteRefs, withLeanLiteral } from './validator-schemas.mjs';
import { codeHeader } from './output.mjs';
import { indent } from './validator-code.mjs';
import { commonJsOperation, esOperation } from './operation-modules.mjs';

/** @import { SpecDocument } from '@laevitas-api/spec-model' */

/**
 * The string formats the spec uses (date-time, date, uri), from the package's own runtime module: ajv checks with
 * them at generation time and the generated code imports the same functions, where ajv-formats would make every bundle
 * carry all of its formats. A format the module lacks fails generation (ajv strict mode).
 */
const { byFormat: FORMATS } = await import('../../../packages/validators/runtime/formats.mjs');
/** The runtime's issue wording (runtime/format.mjs): the generated code carries no ajv messages, so it must word all. */
const { formatErrors } = /** @type {{formatErrors: (errors: object[], prefix: string) => {message: string}[]}} */ (
  await import('../../../packages/validators/runtime/format.mjs')
);
/** Params every keyword's wording can read, so the probe below sees the wording, not a missing param. */
const PROBE_PARAMS = {
  missingProperty: 'a',
  additionalProperty: 'a',
  allowedValues: ['a'],
  allowedValue: 'a',
  type: 'string',
  pattern: '.',
  format: 'uri',
  limit: 1,
  comparison: '>=',
};

/** Whether runtime/format.mjs words a keyword's issue itself rather than falling back on ajv's message. */
function wordedByRuntime(/** @type {string} */ keyword) {
  const [issue] = formatErrors([{ keyword, instancePath: '/a', schemaPath: '#', params: PROBE_PARAMS, message: '\u0000' }], '');
  return issue !== undefined && !issue.message.includes('\u0000');
}

/**
 * The keywords whose failure is an error of their own (ajv's error `keyword`); the others only apply subschemas or
 * annotate. Every one the spec uses must be worded by the runtime, since the generated code carries no messages.
 */
const ASSERTING = new Set([
  ...['type', 'enum', 'const', 'required', 'additionalProperties', 'additionalItems', 'pattern', 'format', 'not', 'anyOf', 'oneOf'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems'],
  ...['minProperties', 'maxProperties', 'uniqueItems', 'contains', 'propertyNames', 'dependentRequired', 'dependencies', 'if'],
]);

const HEADER = codeHeader();
const OUT = 'packages/validators/generated';

/**
 * Where an operation's validator lives: the import a user writes, and the ES module file behind it (the per-operation
 * index, api-index.mjs, names both).
 * @param {string} operationId
 */
export const validatorModuleOf = (operationId) => ({
  specifier: `@laevitas-api/validators/ops/${operationId}`,
  file: `${OUT}/ops/${operationId}.mjs`,
});

/**
 * The ajv instance of the parameter and header validators (`coerce`, `allErrors`), and, with neither, the reference
 * the body validators are tested against (tools/codegen/test/body-validators.test.ts): the options ajv compiled bodies
 * with before body-validators.mjs did.
 * @param {SpecDocument} document
 * @param {{coerce: boolean, allErrors: boolean}} options
 */
export function createAjv(document, { coerce, allErrors }) {
  // Draft-07 engine: the spec uses no 2020-only keyword ajv cannot express in draft-07 (prefixItems is rewritten to
  // the tuple form of `items`), and its generated code skips the dynamic-scope bookkeeping of the 2020 engine, which
  // costs a third of the time on a 1,000-row page (pnpm bench).
  const ajv = new Ajv({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    allErrors,
    // No message strings in the generated code: runtime/format.mjs words every issue from the keyword and its
    // params, so ajv's own wording would only make every module larger (pnpm bench, validator size).
    messages: false,
    // The spec's patterns are ASCII; without the u flag V8 runs them faster.
    unicodeRegExp: false,
    // String lengths in code points (ajv's ucs2length helper, bundled into every module) only matter for a length
    // limit above 1: `minLength: 1` holds for the same strings counted in UTF-16 units. While the spec has no other,
    // the generated code compares `.length`; a spec adding one turns the helper back on.
    unicode: countsCharacters(document),
    // ajv marks `unicode` deprecated (it warns on every instance); only that warning is silenced.
    logger: {
      log: console.log,
      warn: (/** @type {unknown[]} */ ...args) => void (/option unicode\./.test(String(args[0])) || console.warn(...args)),
      error: console.error,
    },
    coerceTypes: coerce,
    // Bodies are JSON, which cannot carry NaN or Infinity, so ajv's isFinite half of every number check never fails
    // on a parsed response, yet it is a third of the cost of a 1,000-row page (pnpm bench). Request bodies built in
    // JavaScript can hold NaN: the runtime rejects non-finite numbers in them before validating
    // (runtime/operation.cjs). Parameters arrive as strings and are coerced, so they keep the check.
    strictNumbers: coerce,
    // A required list is checked property by property, never in ajv's loop form, which reads the list from the
    // schema literal (withLeanLiteral leaves it out).
    loopRequired: Infinity,
    // Component refs are resolved before ajv sees them (rewriteRefs); one that recurses stays a function call.
    inlineRefs: false,
    code: { source: true, esm: false, lines: false, optimize: true, formats: _`require(${new ModuleForm('cjs', 'module').runtime('formats')}).byFormat` },
  });
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, validate);
  ajv.addSchema(withLeanLiteral(rewriteRefs({ $id: COMPONENTS_ID, $defs: document.components?.schemas ?? {} })));
  return ajv;
}

/**
 * @param {import('./model.mjs').CodegenModel} model
 * @param {import('./output.mjs').Output} output
 */
export function generateValidators({ document, operations }, output) {
  output.own(OUT);
  const components = document.components?.schemas ?? {};
  // Bodies are validated on the hot path (every response, when enabled): body-validators.mjs compiles them to inline
  // checks that stop at the first broken rule, as ajv with allErrors:false would, and report ajv's first error. That
  // keeps a 1,000-row page well under the cost of parsing it and one operation's bundle small (pnpm bench).
  /** @param {{ name: string, schema: unknown }[]} list @param {ModuleForm} form */
  const bodies = (list, form) => bodyValidatorsCode(list, components, (schema, name) => rewriteRefs(schema, components, [name]), form);
  // Parameters and headers arrive as strings on the wire: strings-validators.mjs coerces '100' to 100 before checking,
  // and reports every broken rule, as ajv did with createAjv(document, { coerce: true, allErrors: true }).
  /** @type {string[]} */
  const index = [];
  /** @type {Set<string>} */
  const keywords = new Set();
  // First the validators every operation needs, as prepared schemas; then the ones two or more operations need
  // alike (the error bodies, the rate-limit and payment headers, x402 payloads: 143 distinct schemas behind 1,594
  // validators) are compiled once each, into a module of their own the operation modules require. Loading every
  // operation then compiles and parses each shared definition once, and a bundle holding two operations carries
  // their shared validators once.
  const planned = operations.map((op) => planOperation(op, components));
  const shared = sharedValidators(planned);
  for (const { name, entry, users } of shared.values()) {
    keywordsOf(entry.schema, keywords);
    for (const form of [new ModuleForm('cjs', 'module'), new ModuleForm('esm', 'module')]) {
      const code = (entry.strings ? stringsValidatorsCode : bodies)([{ name: 'validate', schema: entry.schema }], form);
      output.add(
        `${OUT}/shared/${name}.${form.extension}`,
        [
          HEADER,
          `// One validator shared by ${users.length} operations (${users.slice(0, 3).join(', ')}${users.length > 3 ? ', …' : ''}), compiled once.`,
          ...(form.format === 'cjs' ? ["'use strict';"] : []),
          form.module(code),
        ].join('\n'),
      );
    }
  }

  for (const { op, meta, entries, caseInsensitive } of planned) {
    /** @type {{ name: string, schema: unknown }[]} */
    const bodyExports = [];
    /** @type {{ name: string, schema: unknown }[]} */
    const stringExports = [];
    /** @type {{ name: string, module: string }[]} the validators this operation takes from shared modules */
    const sharedExports = [];
    for (const entry of entries) {
      const reused = shared.get(entry.key);
      if (reused) {
        sharedExports.push({ name: entry.name, module: reused.name });
        continue;
      }
      keywordsOf(entry.schema, keywords);
      if (!entry.strings) {
        bodyExports.push({ name: entry.name, schema: entry.schema });
        continue;
      }
      stringExports.push({ name: entry.name, schema: entry.schema });
    }

    // The operation's own validators; when it has both kinds, each kind's code gets a scope of its own, as their names
    // may clash (one kind alone needs none: a scope is bytes in every bundle). Their imports go to the module's top.
    const own = (/** @type {ModuleForm} */ form) => {
      const code = [...(bodyExports.length ? [bodies(bodyExports, form)] : []), ...(stringExports.length ? [stringsValidatorsCode(stringExports, form)] : [])];
      return code.length > 1 ? code.map(scoped) : code;
    };
    const forms = { cjs: new ModuleForm('cjs', 'validators'), esm: new ModuleForm('esm', 'validators') };
    output.add(`${OUT}/ops/${op.operationId}.cjs`, commonJsOperation(forms.cjs, { op, meta, caseInsensitive }, own(forms.cjs), sharedExports));
    output.add(validatorModuleOf(op.operationId).file, esOperation(forms.esm, { op, meta, caseInsensitive }, own(forms.esm), sharedExports));
    /** The per-operation entry's declarations: ESM (with a default export) and CommonJS (the named export only). */
    const declarations = (/** @type {'js' | 'cjs'} */ runtime) =>
      `${HEADER}import type { OperationValidator } from '../../runtime/operation.${runtime}';\n\n/** Validators of \`${op.method.toUpperCase()} ${op.path}\`. */\nexport declare const ${op.operationId}: OperationValidator<'${op.operationId}'>;\n`;
    output.add(`${OUT}/ops/${op.operationId}.d.mts`, `${declarations('js')}export default ${op.operationId};`);
    output.add(`${OUT}/ops/${op.operationId}.d.cts`, declarations('cjs'));
    output.add(
      `${OUT}/ops/${op.operationId}.wrapper.cjs`,
      `${HEADER}'use strict';\nconst { createOperationValidator } = require('${forms.cjs.runtime('operation')}');\nexports.${op.operationId} = createOperationValidator(require('./${op.operationId}.cjs'));`,
    );
    index.push(op.operationId);
  }

  const unworded = [...keywords].filter((keyword) => ASSERTING.has(keyword) && !wordedByRuntime(keyword));
  if (unworded.length) throw new Error(`codegen: the spec uses ${unworded.join(', ')}, which packages/validators/runtime/format.mjs does not word yet`);

  output.add(
    `${OUT}/registry.cjs`,
    `${HEADER}'use strict';\n// Loads every operation module; per-operation imports (\`@laevitas-api/validators/ops/<operationId>\`) load one.\nmodule.exports = {\n${index
      .map((name) => `  ${JSON.stringify(name)}: () => require('./ops/${name}.cjs'),`)
      .join('\n')}\n};`,
  );
  // Declared as what it is to index.cjs: a loader per operation id, whose module runtime/operation.cjs checks (the
  // ops/*.d.cts beside each module describe its wrapper, the per-operation entry point, not the module itself).
  output.add(
    `${OUT}/registry.d.cts`,
    `${HEADER}/** Loads the generated module (\`{ meta, validators }\`) of an operation, by operation id. */\ndeclare const registry: Readonly<Record<string, (() => unknown) | undefined>>;\nexport = registry;\n`,
  );
  output.add(`${OUT}/operation-ids.json`, JSON.stringify(index, null, 2));
}

/** Scopes generated code so two modules' code can share a file without clashing names. */
const scoped = (/** @type {string} */ code) => ['{', ...indent(code.split('\n')), '}'].join('\n');
