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
 * @typedef {{path: string, field: string, schema?: string | undefined, unpublished: boolean}} UndocumentedField
 * @typedef {Record<string, any>} OpenApiDocument the bundle (only what `$ref`s point to is read)
 * @typedef {{properties: Map<string, any[]>, items: any[], map: any[], patterns: [RegExp, any][], hasProperties: boolean,
 *   unpublished: boolean, names: string[]}} Shape what the schemas met at one place of the value document, pooled (the
 *   schemas are raw JSON Schema nodes, walked loosely)
 */

/** @returns {Shape} */
const emptyShape = () => ({ properties: new Map(), items: [], map: [], patterns: [], hasProperties: false, unpublished: false, names: [] });

/** @param {OpenApiDocument} document  @param {any} schema  @param {Shape} [shape]  @param {Set<unknown>} [seen]  @returns {Shape} */
function shapeOf(document, schema, shape = emptyShape(), seen = new Set()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return shape;
  seen.add(schema);
  if (typeof schema.$ref === 'string') {
    shape.names.push(schema.$ref.split('/').at(-1));
    return shapeOf(document, deref(document, schema), shape, seen);
  }
  if (schema['x-unpublished-shape'] === true) shape.unpublished = true;
  if (schema.properties) {
    shape.hasProperties = true;
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (!shape.properties.has(name)) shape.properties.set(name, []);
      /** @type {any[]} */ (shape.properties.get(name)).push(sub);
    }
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') shape.map.push(schema.additionalProperties);
  for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) shape.patterns.push([new RegExp(pattern, 'u'), sub]);
  if (schema.items && typeof schema.items === 'object') shape.items.push(schema.items);
  for (const sub of schema.prefixItems ?? []) shape.items.push(sub);
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) shapeOf(document, sub, shape, seen);
  return shape;
}

/** @param {OpenApiDocument} document  @param {any} schema  @param {unknown} value  @returns {UndocumentedField[]} one entry per distinct path (`data[].foo`), in the order met. */
export function undocumentedFields(document, schema, value) {
  /** @type {Map<string, UndocumentedField>} */
  const out = new Map();
  walk(document, [schema], value, '', out);
  return [...out.values()];
}

/** @param {OpenApiDocument} document  @param {any[]} schemas  @param {unknown} value  @param {string} path  @param {Map<string, UndocumentedField>} out */
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
    } else if (shape.hasProperties && !out.has(childPath)) {
      out.set(childPath, { path: childPath, field: key, schema: shape.names.at(-1), unpublished: shape.unpublished });
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
