// Generates the checks of the client's option settings. The settings are hand-written TypeScript
// (packages/client/src/internal/settings.ts), which is where typescript-json-schema is exact (it is lossy on
// openapi-typescript output, so the API's own validators come from the spec instead). Two outputs:
//   settings-schema.json  the full schema, descriptions included (documentation, editors, the equivalence test)
//   check-settings.ts     the schema compiled into calls of the client's check kit (internal/check-kit.ts), every
//                         message written here. An ajv standalone validator of it was 18 kB minified, more than half
//                         of a one-operation bundle, and the schema plus an interpreter 1 kB gzip;
//                         packages/client/test/check-options.test.ts proves the compiled check accepts exactly what
//                         ajv accepts.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { codeHeader } from './output.mjs';

const require = createRequire(import.meta.url);
const HEADER = codeHeader('packages/client/src/internal/settings.ts');
const OUT = 'packages/client/src/generated';
/** The keywords compileSettings knows; anything else in the schema fails the generation. */
const KEYWORDS = new Set([
  'type',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'anyOf',
  '$ref',
  'enum',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'definitions',
]);
const PROSE = new Set(['description', '$schema', 'defaultProperties']);

/**
 * @param {unknown} node a node of the settings schema
 * @param {string} at its JSON pointer, for the error
 * @returns {unknown}
 */
function lean(node, at) {
  if (Array.isArray(node)) return node.map((n, i) => lean(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key)) continue;
    // `const: x` is `enum: [x]` (typescript-json-schema writes it for literal types such as `false`).
    if (key === 'const') {
      out.enum = [value];
      continue;
    }
    if (!KEYWORDS.has(key)) throw new Error(`codegen: settings schema uses ${key} at ${at}; teach compileSettings (and check-kit.ts) that keyword first`);
    // Under these keys the children are names (properties, definitions) or plain values (enum, required, const).
    if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(/** @type {Record<string, unknown>} */ (value)).map(([k, v]) => [k, lean(v, `${at}/${key}/${k}`)]));
    else if (key === 'enum' || key === 'required') out[key] = value;
    else out[key] = lean(value, `${at}/${key}`);
  }
  return out;
}

/** The JSON types check-kit.ts tests. */
const TYPES = new Set(['string', 'boolean', 'number', 'integer', 'array', 'object']);

/** @typedef {{ type?: string, properties?: Record<string, Node>, additionalProperties?: boolean | Node, required?: string[], items?: Node, anyOf?: Node[], $ref?: string, enum?: unknown[], pattern?: string, minimum?: number, maximum?: number, exclusiveMinimum?: number, definitions?: Record<string, Node> }} Node */

/** A value set as the messages name it: `'off', 'throw', 'warn'`. @param {unknown[]} values */
const allowed = (values) => values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');

/**
 * Compiles the lean settings schema into calls of check-kit.ts, every message text decided here. Definitions become
 * constants, declared before their first use.
 * @param {Node} root
 */
function compileSettings(root) {
  /** @type {Map<string, string>} definition name -> its constant's code ('' while being compiled) */
  const definitions = new Map();
  /** @type {string[]} the definitions' constants, each after those it uses */
  const constants = [];
  /** @type {Set<string>} */
  const used = new Set();
  /** @param {string} name */
  const kit = (name) => (used.add(name), name);
  /** @param {Node} node @returns {Node} */
  const resolve = (node) => {
    if (!node.$ref) return node;
    const name = node.$ref.replace('#/definitions/', '');
    const target = root.definitions?.[name];
    if (!target) throw new Error(`codegen: settings schema refers to ${node.$ref}, which it does not define`);
    return target;
  };
  /** @param {string | undefined} type @param {string} at */
  const typeOf = (type, at) => {
    if (type !== undefined && !TYPES.has(type)) throw new Error(`codegen: settings schema type ${type} at ${at} is not one check-kit.ts tests`);
    return type;
  };
  /** @param {Node} node @param {string} at @returns {string} */
  const compile = (node, at) => {
    if (node.$ref) {
      const name = node.$ref.replace('#/definitions/', '');
      if (definitions.get(name) === '') throw new Error(`codegen: settings definition ${name} refers to itself`);
      if (!definitions.has(name)) {
        definitions.set(name, '');
        const code = compile(resolve(node), `#/definitions/${name}`);
        definitions.set(name, code);
        constants.push(`const ${name} = ${code};\n`);
      }
      return name;
    }
    if (node.anyOf) {
      const branches = node.anyOf.map(resolve);
      const forms = branches.map((b) => (b.enum ? `${b.enum.length > 1 ? 'one of ' : ''}${allowed(b.enum)}` : b.type)).join(' or ');
      const compiled = node.anyOf.map((b, i) => `[${JSON.stringify(typeOf(branches[i]?.type, at))}, ${compile(b, `${at}/anyOf/${i}`)}]`);
      return `${kit('anyOf')}(${JSON.stringify(forms)}, ${compiled.join(', ')})`;
    }
    const type = typeOf(node.type, at);
    // Every value of a value set is of the node's type, so the set is the whole rule (ajv names it whatever the type).
    if (node.enum) return `${kit('oneOf')}(${JSON.stringify(node.enum)}, ${JSON.stringify(allowed(node.enum))})`;
    if (!type) throw new Error(`codegen: settings schema node at ${at} has no type`);
    /** @type {string[]} */
    const rules = [];
    if (node.minimum !== undefined) rules.push(`${kit('min')}(${node.minimum})`);
    if (node.maximum !== undefined) rules.push(`${kit('max')}(${node.maximum})`);
    if (node.exclusiveMinimum !== undefined) rules.push(`${kit('above')}(${node.exclusiveMinimum})`);
    if (node.pattern !== undefined)
      rules.push(`${kit('rule')}((v: string) => ${new RegExp(node.pattern, 'u')}.test(v), ${JSON.stringify(`match pattern "${node.pattern}"`)})`);
    if (node.items) rules.push(`${kit('items')}(${compile(node.items, `${at}/items`)})`);
    if (node.type === 'object') {
      const properties = Object.entries(node.properties ?? {}).map(([name, p]) => `${JSON.stringify(name)}: ${compile(p, `${at}/properties/${name}`)}`);
      const other = node.additionalProperties;
      const otherCode = other === false ? ', false' : other && other !== true ? `, ${compile(other, `${at}/additionalProperties`)}` : '';
      rules.push(`${kit('shape')}({ ${properties.join(', ')} }, ${JSON.stringify(node.required ?? [])}${otherCode})`);
    }
    return `${kit('typed')}(${JSON.stringify(type)}${rules.map((r) => `, ${r}`).join('')})`;
  };
  if (root.type !== 'object' || root.additionalProperties !== false)
    throw new Error('codegen: the settings schema must be a closed object (check-options.ts names unknown options)');
  const settings = Object.entries(root.properties ?? {}).map(([name, node]) => `  ${JSON.stringify(name)}: ${compile(node, `#/properties/${name}`)},`);
  return `${HEADER}import { type Check, ${[...used].sort().join(', ')} } from '../internal/check-kit.js';

${constants.join('')}
/** Each setting's check, by option name: check-options.ts runs the one of each option given. */
export const SETTINGS: Readonly<Record<string, Check>> = {
${settings.join('\n')}
};
`;
}

/**
 * @param {string} root workspace root
 * @param {import('./output.mjs').Output} output
 */
export function generateClientSettingsValidator(root, output) {
  const TJS = require('typescript-json-schema');
  const program = TJS.getProgramFromFiles([join(root, 'packages/client/src/internal/settings.ts')], { strictNullChecks: true, strict: true });
  const schema = TJS.generateSchema(program, 'ClientSettings', { required: true, noExtraProps: true, strictNullChecks: true, ignoreErrors: false });
  if (!schema) throw new Error('codegen: typescript-json-schema produced no schema for ClientSettings');
  output.add(`${OUT}/settings-schema.json`, JSON.stringify(schema, null, 2));
  output.add(`${OUT}/check-settings.ts`, compileSettings(/** @type {Node} */ (lean(schema, '#'))));
}
