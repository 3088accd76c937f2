// Fields a response carries that its schema does not name. The wire is additive (a new field from the service is
// not an error, and the validators accept it), so the contract run lists these as notices, never failures: on a
// documented shape a notice is drift to document; on an `x-unpublished-shape` schema it is a field of the part the
// service has not published yet (spec/EXTENSIONS.md promises the run reports them).
//
// The walk is driven by the value and reads the OpenAPI 3.1 bundle: `$ref`, `allOf`, `anyOf`/`oneOf` (their branches'
// fields are pooled, so a field any branch documents is documented), `properties`, `patternProperties`,
// `additionalProperties` (a schema there makes the object a map whose keys are data, never notices), `items` and
// `prefixItems`. An object schema without `properties` is free-form: nothing in it is reported.
import { deref } from './spec-model.mjs';

/** How many elements of one array are walked: rows share a schema, and a live page can hold thousands. */
const ROWS_WALKED = 50;

/**
 * @typedef {{path: string, field: string, schema?: string | undefined, unpublished: boolean, owner?: string | undefined,
 *   types: string[], values: unknown[]}} UndocumentedField `owner` is the JSON pointer (in the bundle) of the schema whose
 *   `properties` the field would join, when the walk was given the root's pointer; `types` are the JSON types seen
 *   (`null` included) and `values` the first few values, over the rows walked: what a proposed declaration is
 *   inferred from.
 * @typedef {Record<string, any>} OpenApiDocument the bundle (only what `$ref`s point to is read)
 * @typedef {{node: any, pointer?: string | undefined}} Located a schema node and where it sits in the bundle (when known)
 * @typedef {{properties: Map<string, Located[]>, items: Located[], map: Located[], patterns: [RegExp, Located][], hasProperties: boolean,
 *   unpublished: boolean, names: string[], owner?: string | undefined}} Shape what the schemas met at one place of the value document, pooled (the
 *   schemas are raw JSON Schema nodes, walked loosely)
 */

/** @returns {Shape} */
const emptyShape = () => ({ properties: new Map(), items: [], map: [], patterns: [], hasProperties: false, unpublished: false, names: [] });

/** How many values of one undocumented field are kept as samples. */
const VALUES_KEPT = 3;

/** `a/b` → `a~1b`: one key as a JSON pointer token.  @param {string} key */
const token = (key) => key.replaceAll('~', '~0').replaceAll('/', '~1');
/** @type {(pointer: string | undefined, ...keys: (string | number)[]) => string | undefined} */
const under = (pointer, ...keys) => (pointer === undefined ? undefined : [pointer, ...keys.map((k) => token(String(k)))].join('/'));
/** The JSON type of a value, `null` and `array` included.  @param {unknown} value */
export const jsonType = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** @param {OpenApiDocument} document  @param {Located} located  @param {Shape} [shape]  @param {Set<unknown>} [seen]  @returns {Shape} */
function shapeOf(document, { node: schema, pointer }, shape = emptyShape(), seen = new Set()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return shape;
  seen.add(schema);
  if (typeof schema.$ref === 'string') {
    shape.names.push(schema.$ref.split('/').at(-1));
    return shapeOf(document, { node: deref(document, schema), pointer: schema.$ref.startsWith('#/') ? schema.$ref.slice(1) : undefined }, shape, seen);
  }
  if (schema['x-unpublished-shape'] === true) shape.unpublished = true;
  if (schema.properties) {
    shape.hasProperties = true;
    // The most specific schema that names fields here (the last met, e.g. an allOf's own branch after the envelope it
    // extends) is where a field seen on the wire would be declared.
    shape.owner = pointer;
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (!shape.properties.has(name)) shape.properties.set(name, []);
      /** @type {Located[]} */ (shape.properties.get(name)).push({ node: sub, pointer: under(pointer, 'properties', name) });
    }
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    shape.map.push({ node: schema.additionalProperties, pointer: under(pointer, 'additionalProperties') });
  for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {}))
    shape.patterns.push([new RegExp(pattern, 'u'), { node: sub, pointer: under(pointer, 'patternProperties', pattern) }]);
  if (schema.items && typeof schema.items === 'object') shape.items.push({ node: schema.items, pointer: under(pointer, 'items') });
  (schema.prefixItems ?? []).forEach((/** @type {any} */ sub, /** @type {number} */ i) =>
    shape.items.push({ node: sub, pointer: under(pointer, 'prefixItems', i) }),
  );
  for (const keyword of ['allOf', 'anyOf', 'oneOf'])
    (schema[keyword] ?? []).forEach((/** @type {any} */ sub, /** @type {number} */ i) =>
      shapeOf(document, { node: sub, pointer: under(pointer, keyword, i) }, shape, seen),
    );
  return shape;
}

/**
 * @param {OpenApiDocument} document  @param {any} schema  @param {unknown} value
 * @param {string} [pointer] where `schema` sits in the bundle: with it, each field names the schema it would join (`owner`)
 * @returns {UndocumentedField[]} one entry per distinct path (`data[].foo`), in the order met.
 */
export function undocumentedFields(document, schema, value, pointer) {
  /** @type {Map<string, UndocumentedField>} */
  const out = new Map();
  walk(document, [{ node: schema, pointer }], value, '', out);
  return [...out.values()];
}

/** @param {OpenApiDocument} document  @param {Located[]} schemas  @param {unknown} value  @param {string} path  @param {Map<string, UndocumentedField>} out */
function walk(document, schemas, value, path, out) {
  if (value === null || typeof value !== 'object') return;
  const shape = emptyShape();
  for (const s of schemas) shapeOf(document, s, shape);
  if (Array.isArray(value)) {
    if (!shape.items.length) return;
    for (const element of value.slice(0, ROWS_WALKED)) walk(document, shape.items, element, `${path}[]`, out);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    const documented = shape.properties.get(key);
    const patterned = shape.patterns.filter(([re]) => re.test(key)).map(([, sub]) => sub);
    if (documented || patterned.length) {
      walk(document, [...(documented ?? []), ...patterned], child, childPath, out);
    } else if (shape.map.length) {
      walk(document, shape.map, child, childPath, out);
    } else if (shape.hasProperties) {
      const field = out.get(childPath) ?? {
        path: childPath,
        field: key,
        schema: shape.names.at(-1),
        unpublished: shape.unpublished,
        owner: shape.owner,
        types: [],
        values: [],
      };
      out.set(childPath, field);
      if (!field.types.includes(jsonType(child))) field.types.push(jsonType(child));
      if (field.values.length < VALUES_KEPT && child !== null) field.values.push(child);
    }
  }
}

/** `data[].foo is not documented (OhlcvtRow)` / `… not in the published part of x-unpublished-shape Row`.  @param {UndocumentedField} field */
export function describeUndocumented(field) {
  const where = field.schema ? ` ${field.schema}` : '';
  return field.unpublished
    ? `${field.path} is not in the published part of x-unpublished-shape${where}`
    : `${field.path} is not documented${field.schema ? ` (${field.schema})` : ''}`;
}
