// Labels for the alternatives of a `oneOf`/`anyOf` that have no title of their own, so the reference shows
// "string, e.g. 26MAR27" or "null" on each tab instead of a bare type repeated ("string", "string", "string").

/** @import { SpecNode } from '@laevitas-api/spec-model' */

/** @type {Record<string, string>} */
const FORMATS = { 'date-time': 'ISO 8601 date-time', date: 'ISO 8601 date' };
const refName = (/** @type {string} */ ref) => ref.slice(ref.lastIndexOf('/') + 1);

/** @param {SpecNode} alternative @param {unknown} example */
function matches(alternative, example) {
  if (typeof example !== 'string') return typeof example === alternative.type || (alternative.type === 'integer' && Number.isInteger(example));
  if (alternative.pattern) {
    try {
      return new RegExp(alternative.pattern).test(example);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * A short label for one alternative; `examples` are the parent's, used to show a matching value.
 * @param {SpecNode} alternative
 * @param {unknown[]} [examples]
 * @returns {string}
 */
export function alternativeLabel(alternative, examples = []) {
  if (alternative.const !== undefined) return JSON.stringify(alternative.const);
  if (Array.isArray(alternative.enum)) return `one of ${alternative.enum.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(', ')}`;
  const formatLabel = alternative.format && FORMATS[alternative.format];
  if (formatLabel) return formatLabel;
  if (alternative.type === 'null') return 'null';
  if (alternative.type === 'array')
    return alternative.items?.$ref ? `array of ${refName(alternative.items.$ref)}` : alternative.items?.type ? `array of ${alternative.items.type}` : 'array';
  if (Array.isArray(alternative.allOf)) {
    const names = alternative.allOf.filter((/** @type {SpecNode} */ part) => part.$ref).map((/** @type {SpecNode} */ part) => refName(part.$ref));
    const extra = alternative.allOf.flatMap((/** @type {SpecNode} */ part) => (part.$ref ? [] : Object.keys(part.properties ?? {})));
    return [names.join(' + ') || 'object', extra.length ? `with ${extra.join(', ')}` : ''].filter(Boolean).join(' ');
  }
  const example = examples.find((e) => matches(alternative, e));
  const type = alternative.type ?? (alternative.properties ? 'object' : 'any value');
  if (example !== undefined) return `${type}, e.g. ${example}`;
  if (alternative.pattern) return `${type} matching ${alternative.pattern}`;
  return alternative.format ? `${type} (${alternative.format})` : type;
}

/**
 * Gives every untitled inline alternative in the document a title, in place (the docs input is a copy).
 * @param {unknown} node
 */
export function labelAlternatives(node) {
  if (Array.isArray(node)) {
    for (const item of node) labelAlternatives(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = /** @type {SpecNode} */ (node);
  for (const key of ['oneOf', 'anyOf']) {
    if (!Array.isArray(schema[key])) continue;
    const examples = Array.isArray(schema.examples) ? schema.examples : schema.example !== undefined ? [schema.example] : [];
    for (const alternative of schema[key]) {
      if (alternative && typeof alternative === 'object' && !alternative.$ref && !alternative.title)
        alternative.title = alternativeLabel(alternative, examples);
    }
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') labelAlternatives(value);
}
