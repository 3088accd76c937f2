// Prepares the spec's schemas for ajv (tools/codegen/src/validators.mjs): the documenting keywords dropped, component
// refs inlined where ajv would otherwise call a function per array row or lose a union's error paths, 2020 tuples in
// their draft-07 spelling, the parameter and header objects of an operation, and what ajv's standalone code may
// declare of each schema (withLeanLiteral).
import { ANNOTATION_KEYWORDS } from '@laevitas-api/spec-model';

/** @import { OperationModel, SpecNode } from '@laevitas-api/spec-model' */

export const COMPONENTS_ID = 'urn:laevitas:components';

// Left out of the validators' schemas: the documenting keywords, and `discriminator` (a hint for generators; the
// oneOf beside it decides what is valid).
const ANNOTATIONS = new Set([...ANNOTATION_KEYWORDS, 'discriminator']);
const SUBSCHEMA = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * Prepares a spec schema for ajv: drops annotations (descriptions, examples, x- extensions), which only make the
 * generated code larger, and resolves component refs. With `components`, a ref is inlined (copied in place): ajv
 * then compiles a row schema into the loop over the rows instead of a function call per row that builds an error
 * path string and an options object even when the row is valid; that halves the cost of a 1,000-row page (pnpm
 * bench). A ref that would recurse stays a ref to the components ajv also knows. The walk follows schema keywords,
 * so a property named `description` survives.
 * @param {any} schema
 * @param {Record<string, SpecNode>} [components] the component schemas to inline; without, refs point to ajv's copy
 * @param {string[]} [stack] the components being inlined around this schema
 * @returns {any}
 */
export function rewriteRefs(schema, components, stack = []) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const walk = (/** @type {unknown} */ sub) => rewriteRefs(sub, components, stack);
  /** @type {SpecNode} */
  const out = {};
  /** @type {SpecNode | undefined} */
  let inlined;
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref') {
      if (typeof value !== 'string' || !value.startsWith('#/components/schemas/')) throw new Error(`codegen: unsupported $ref in schema: ${value}`);
      const name = value.slice('#/components/schemas/'.length);
      if (components && !stack.includes(name)) {
        if (!(name in components)) throw new Error(`codegen: unresolved $ref ${value}`);
        inlined = rewriteRefs(components[name], components, [...stack, name]);
      } else out.$ref = `${COMPONENTS_ID}#/$defs/${name}`;
    } else if (key === 'items' && 'prefixItems' in schema)
      continue; // folded into the draft-07 tuple below
    else if (SUBSCHEMA.has(key)) out[key] = walk(value);
    else if (key === 'prefixItems') {
      // Draft-07 spelling of a 2020 tuple: `items` as a list, the rest under `additionalItems`.
      out.items = value.map(walk);
      out.additionalItems = 'items' in schema ? walk(schema.items) : true;
    } else if (SUBSCHEMA_LISTS.has(key)) out[key] = value.map(walk);
    else if (SUBSCHEMA_MAPS.has(key)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    else out[key] = value;
  }
  if (!inlined) return out;
  if (Object.keys(out).length === 0) return inlined;
  return { ...out, allOf: [...(out.allOf ?? []), inlined] };
}

/**
 * What ajv's standalone code declares of each schema it compiled (`const schema12 = ...`, written with JSON.stringify
 * and kept whether or not the code reads it). The code reads that literal only for values ajv cannot write inline: an
 * enum's values and a union type (an error's params), a `const` object, and the property map of an object with more
 * than eight properties (an own-property test for additionalProperties); a scalar (pattern, limit, type name) is written
 * into the code, and a required list only read in ajv's loop form, which `loopRequired: Infinity` turns off. So the
 * literal keeps those values on their paths and nothing else, through JSON.stringify's own toJSON hook; ajv compiles
 * from the whole schema. The equivalence corpus (packages/validators/test) proves every error's params unchanged.
 * @template {object} T
 * @param {T} schema
 * @returns {T}
 */
export function withLeanLiteral(schema) {
  Object.defineProperty(schema, 'toJSON', { value: () => lean(schema) ?? {}, enumerable: false });
  return schema;
}

/** The values of a schema its generated code reads by reference (see withLeanLiteral), or undefined for none. */
function lean(/** @type {unknown} */ schema) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || (key === 'type' && Array.isArray(value)) || (key === 'const' && value && typeof value === 'object')) out[key] = value;
    else if (SUBSCHEMA_LISTS.has(key) || (key === 'items' && Array.isArray(value))) {
      const list = /** @type {unknown[]} */ (value).map(lean);
      if (list.some((entry) => entry !== undefined)) out[key] = list.map((entry) => entry ?? {});
    } else if (SUBSCHEMA.has(key)) out[key] = lean(value);
    else if (SUBSCHEMA_MAPS.has(key)) {
      const entries = Object.entries(value).map(([name, sub]) => [name, lean(sub)]);
      if (key === 'properties' && entries.length > 8) out[key] = Object.fromEntries(entries.map(([name, sub]) => [name, sub ?? {}]));
      else if (entries.some(([, sub]) => sub !== undefined)) out[key] = Object.fromEntries(entries.filter(([, sub]) => sub !== undefined));
    }
    if (out[key] === undefined) delete out[key];
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Whether a string length limit in the document tells a string of code points from one of UTF-16 units.
 * @param {unknown} node
 * @returns {boolean}
 */
export function countsCharacters(node) {
  if (!node || typeof node !== 'object') return false;
  if (!Array.isArray(node) && ('maxLength' in node || ('minLength' in node && Number(node.minLength) > 1))) return true;
  return Object.values(node).some(countsCharacters);
}

/**
 * @param {OperationModel} op
 * @param {'path' | 'query' | 'header'} location
 * @param {Record<string, SpecNode>} components
 */
export function parameterSchema(op, location, components) {
  const params = op.parameters.filter((p) => p.in === location);
  const key = (/** @type {string} */ name) => (location === 'header' ? name.toLowerCase() : name);
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [key(p.name), rewriteRefs(p.schema, components)])),
    required: params.filter((p) => p.required).map((p) => key(p.name)),
    // Unknown path and query parameters are an error, not silently dropped; headers are an open set.
    additionalProperties: location === 'header',
  };
}

/**
 * @param {OperationModel['responses'][number]} response
 * @param {Record<string, SpecNode>} components
 */
export function headerSchema(response, components) {
  const entries = Object.entries(response.headers);
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, h]) => [name, rewriteRefs(stripContentSchema(h.schema ?? {}), components)])),
    required: entries.filter(([, h]) => h.required).map(([name]) => name),
    additionalProperties: true,
  };
}

/**
 * contentSchema is validated by the runtime after decoding (ajv treats it as an annotation anyway).
 * @param {SpecNode} schema
 */
function stripContentSchema(schema) {
  const { contentSchema, ...rest } = schema;
  return rest;
}

/**
 * Every keyword the prepared schema uses, so generation fails on one whose issue the runtime cannot word.
 * @param {unknown} schema
 * @param {Set<string>} [out]
 */
export function keywordsOf(schema, out = new Set()) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return out;
  for (const [key, value] of Object.entries(schema)) {
    // additionalItems and additionalProperties fail as themselves only when false; as a schema, its keywords fail.
    const asserts = key === 'additionalItems' || key === 'additionalProperties' ? value === false : value !== true;
    if (asserts) out.add(key);
    if (SUBSCHEMA_LISTS.has(key) || (key === 'items' && Array.isArray(value))) for (const sub of value) keywordsOf(sub, out);
    else if (SUBSCHEMA.has(key)) keywordsOf(value, out);
    else if (SUBSCHEMA_MAPS.has(key)) for (const sub of Object.values(value)) keywordsOf(sub, out);
  }
  return out;
}
