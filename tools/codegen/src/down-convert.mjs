// Writes the OpenAPI 3.0 copy of the bundled 3.1 contract for tools that only read 3.0 (orval, older generators).
// @apiture/openapi-down-convert does the mechanical part (const, examples, two-member nullable type arrays, license
// identifier); `finish30` then maps what it leaves in 3.1 syntax to the 3.0 equivalent, or, where 3.0 cannot say it,
// to the nearest looser form with an `x-oas31` note that keeps the 3.1 wording, so nothing is lost silently.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** Looks a `#/…` reference up in the document being converted. @typedef {(ref: string) => any} Resolve */

/** Keys whose values are data or names, never schemas: the walk must not rewrite example payloads. */
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'default', 'const', 'required', 'x-oas31']);

/** @param {SpecNode} document the bundled 3.1 document @returns {SpecNode} a 3.0.3 document */
export function downConvertDocument(document) {
  const { Converter } = require('@apiture/openapi-down-convert');
  const converted = new Converter(structuredClone(document), { verbose: false, deleteExampleWithId: false }).convert();
  return finish30(converted, document);
}

/**
 * The 3.1 constructs the converter leaves behind, rewritten in place.
 * @param {SpecNode} doc
 * @param {SpecNode} [source] the 3.1 document it came from
 */
export function finish30(doc, source = doc) {
  if (doc.info?.summary !== undefined) {
    // 3.0 has no info.summary; the description carries the same text.
    doc.info.description = `${doc.info.summary}\n\n${doc.info.description ?? ''}`.trimEnd();
    delete doc.info.summary;
  }
  const identifier = source.info?.license?.identifier;
  if (identifier && doc.info.license && !doc.info.license.url) {
    // 3.0 names a license by URL; the SPDX page of the 3.1 identifier is that URL.
    doc.info.license.url = `https://spdx.org/licenses/${identifier}.html`;
  }
  walk(doc, false, (ref) =>
    ref
      .split('/')
      .slice(1)
      .reduce((/** @type {any} */ node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc),
  );
  return doc;
}

/**
 * Rewrites every schema object, found by position (a property named `type` or `items` is not a schema keyword).
 * @param {unknown} node
 * @param {boolean} isSchema
 * @param {Resolve} resolve
 */
function walk(node, isSchema, resolve) {
  if (Array.isArray(node)) {
    node.forEach((n) => walk(n, isSchema, resolve));
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
    if ((key === 'properties' && isSchema) || (key === 'schemas' && !isSchema)) {
      for (const child of Object.values(value ?? {})) walk(child, true, resolve);
    } else if (SUBSCHEMA.has(key)) walk(value, typeof value === 'object' && value !== null, resolve);
    else if (SUBSCHEMA_LISTS.has(key)) walk(value, true, resolve);
    else walk(value, false, resolve);
  }
  if (isSchema) rewriteSchema(/** @type {SpecNode} */ (node), resolve);
}

const SUBSCHEMA = new Set(['schema', 'items', 'additionalProperties', 'not', 'contentSchema']);
const SUBSCHEMA_LISTS = new Set(['oneOf', 'anyOf', 'allOf', 'prefixItems']);

/**
 * One schema object: type arrays, null branches, tuples and content schemas.
 * @param {SpecNode} schema
 * @param {Resolve} [resolve]
 */
export function rewriteSchema(schema, resolve = () => undefined) {
  if (Array.isArray(schema.type)) typeArray(schema);
  for (const key of ['oneOf', 'anyOf']) if (Array.isArray(schema[key])) nullBranches(schema, key, resolve);
  if (Array.isArray(schema.prefixItems)) tuple(schema);
  if ('contentSchema' in schema) contentSchema(schema);
  if (schema.type === 'array' && !('items' in schema)) schema.items = {};
  if ('$ref' in schema && Object.keys(schema).some((k) => k !== '$ref' && !k.startsWith('x-'))) refSiblings(schema);
  exclusiveBounds(schema);
}

/**
 * 3.1 (JSON Schema 2020-12) writes an exclusive bound as a number (`exclusiveMinimum: 0`); 3.0 as a boolean beside
 * `minimum`/`maximum` (`minimum: 0, exclusiveMinimum: true`). Same values accepted either way.
 * @param {SpecNode} schema
 */
function exclusiveBounds(schema) {
  for (const [exclusive, inclusive] of /** @type {[exclusive: string, inclusive: string][]} */ ([
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ])) {
    if (typeof schema[exclusive] !== 'number') continue;
    const bound = schema[exclusive];
    const tighter =
      inclusive === 'minimum' ? schema[inclusive] === undefined || schema[inclusive] <= bound : schema[inclusive] === undefined || schema[inclusive] >= bound;
    if (tighter) {
      schema[inclusive] = bound;
      schema[exclusive] = true;
    } else delete schema[exclusive]; // the inclusive bound is already stricter
  }
}

/** @param {SpecNode} schema */
function typeArray(schema) {
  /** @type {string[]} */
  const types = schema.type.filter((/** @type {string} */ t) => t !== 'null');
  const nullable = types.length < schema.type.length;
  delete schema.type;
  if (types.length === 1) {
    schema.type = types[0];
    if (nullable) schema.nullable = true;
    return;
  }
  // Several types: one branch per type, each taking the keywords that apply to it. Integer is a number too, so a
  // list with both becomes anyOf (oneOf would reject every integer).
  const branches = types.map((type) => {
    /** @type {SpecNode} */
    const branch = { type };
    if (type === 'array') branch.items = schema.items ?? {};
    if (type === 'object') for (const k of ['properties', 'additionalProperties', 'required']) if (k in schema) branch[k] = schema[k];
    if (type === 'string') for (const k of ['pattern', 'format', 'minLength', 'maxLength']) if (k in schema) branch[k] = schema[k];
    if (type === 'number' || type === 'integer')
      for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) if (k in schema) branch[k] = schema[k];
    return branch;
  });
  for (const k of [
    'items',
    'properties',
    'additionalProperties',
    'required',
    'pattern',
    'format',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
  ])
    delete schema[k];
  // 3.0 allows `nullable` only beside `type`: the first branch alone takes null, so oneOf still matches once.
  if (nullable) /** @type {SpecNode} several types, several branches */ (branches[0]).nullable = true;
  const key = types.includes('integer') && types.includes('number') ? 'anyOf' : 'oneOf';
  schema[key] = [...(schema[key] ?? []), ...branches];
}

/** @param {SpecNode} schema @param {string} key `oneOf` or `anyOf` @param {Resolve} resolve */
function nullBranches(schema, key, resolve) {
  const isNull = (/** @type {SpecNode} */ b) => b && (b.type === 'null' || (Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null && !b.type));
  /** @type {SpecNode[]} */
  const rest = schema[key].filter((/** @type {SpecNode} */ b) => !isNull(b));
  if (rest.length === schema[key].length) return;
  const [only] = rest;
  if (rest.length === 1 && !(/** @type {SpecNode} one branch */ (only).$ref)) {
    // `oneOf: [{type: X, ...}, null]`: that schema, nullable.
    delete schema[key];
    Object.assign(schema, only);
    nullable(schema, resolve);
    return;
  }
  // 3.0 allows `nullable` only beside `type`, and `allOf: [$ref]` beside `nullable` still applies the referenced
  // schema to null: an inline typed branch takes null where there is one.
  const index = rest.findIndex((b) => typeof b.type === 'string');
  if (index !== -1) {
    const typed = { ...rest[index] };
    rest[index] = typed;
    nullable(typed, resolve);
    schema[key] = rest;
    return;
  }
  if (rest.length === 1 && only?.$ref) {
    const target = resolve(only.$ref);
    delete schema[key];
    if ((target?.type === 'object' || target?.type === 'array') && !target.enum) {
      // A nullable object or array: `{type, nullable, allOf: [$ref]}`, the form generators read as `X | null`.
      Object.assign(schema, { type: target.type, nullable: true, allOf: [rest[0]] });
      return;
    }
    // An enum or a union cannot take null through a reference: a copy of the target does, with null in its enum or
    // on its first typed branch (3.0 nullable enums list null).
    const copy = structuredClone(target ?? {});
    delete copy.title;
    walk(copy, true, resolve);
    Object.assign(schema, copy, schema.description ? { description: schema.description } : {});
    nullable(schema, resolve);
    return;
  }
  schema[key] = rest;
  nullable(schema, resolve);
}

/**
 * Lets one schema also accept null, the 3.0 way.
 * @param {SpecNode} schema
 * @param {Resolve} resolve
 */
function nullable(schema, resolve) {
  if (typeof schema.type === 'string') {
    schema.nullable = true;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    return;
  }
  for (const key of ['oneOf', 'anyOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const index = branches.findIndex((/** @type {SpecNode} */ b) => typeof b.type === 'string' || (b.$ref && typeof resolve(b.$ref)?.type === 'string'));
    if (index === -1) break;
    const branch = branches[index];
    if (branch.$ref) {
      const target = resolve(branch.$ref);
      branches[index] = target.enum
        ? { ...structuredClone(target), title: undefined, nullable: true, enum: [...target.enum, null] }
        : { type: target.type, nullable: true, allOf: [branch] };
      if (branches[index].title === undefined) delete branches[index].title;
    } else nullable(branch, resolve);
    return;
  }
  noteNull(schema);
}

/**
 * Where no branch has a single type to carry `nullable`, 3.0 cannot say "or null": keep the 3.1 wording as a note.
 * @param {SpecNode} schema
 */
function noteNull(schema) {
  schema['x-oas31'] = { ...(schema['x-oas31'] ?? {}), nullable: true, note: 'The 3.1 bundle also accepts null here.' };
}

/** @param {SpecNode} schema */
function tuple(schema) {
  /** @type {SpecNode[]} */
  const positions = schema.prefixItems;
  delete schema.prefixItems;
  // 3.0 has no per-position items: one items schema every position satisfies (the 3.1 `items`, which already holds
  // for every position of a bounded tuple, or else any of the positions), with the length kept and each position's
  // own schema in the note.
  if (!schema.items || schema.items === true || schema.items === false) {
    const first = /** @type {SpecNode} a tuple has a first position */ (positions[0]);
    const same = positions.every((/** @type {SpecNode} */ p) => JSON.stringify(stripNotes(p)) === JSON.stringify(stripNotes(first)));
    schema.items = same ? stripNotes(first) : { anyOf: positions };
  }
  schema['x-oas31'] = { ...(schema['x-oas31'] ?? {}), prefixItems: positions, note: 'A tuple: item i follows prefixItems[i].' };
  schema.minItems ??= positions.length;
  schema.maxItems ??= positions.length;
}

/** A schema without its prose (description, title), so two positions compare by shape. @type {(schema: SpecNode) => SpecNode} */
const stripNotes = ({ description, title, ...rest }) => rest;

/** @param {SpecNode} schema */
function contentSchema(schema) {
  // 3.0 cannot describe what a string decodes to. The header stays a base64 string; the schema of its decoded
  // content is named in the note, and the component stays reachable through it.
  schema['x-oas31'] = { contentSchema: schema.contentSchema, note: 'Decoded (base64, then JSON), the value follows contentSchema.' };
  delete schema.contentSchema;
}

/** @param {SpecNode} schema */
function refSiblings(schema) {
  // 3.0 ignores everything beside a $ref; wrapping it in allOf keeps the description (and nullable) in force.
  const { $ref, ...rest } = schema;
  for (const k of Object.keys(schema)) delete schema[k];
  Object.assign(schema, { allOf: [{ $ref }], ...rest });
}
