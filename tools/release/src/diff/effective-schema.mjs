// The effective schema of one side at one place: `allOf` members (inline or $ref'd, nested at any depth) and a
// `$ref` with sibling keywords merged into one set of constraints, each remembering the place it came from. A value
// set shared through `allOf: [{$ref: Resolution}]` is thus compared as the parameter's own enum, and a change to it is
// reported at `Resolution`, the component where it happened.
import { deref } from './deref.mjs';
import { ANNOTATION_KEYWORDS } from '@laevitas-api/spec-model';
import { componentLabel } from './change-graph.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { ChangeGraph } from './change-graph.mjs' */
/** @typedef {{node: string, subject: string}} Place where a change is reported: a graph node and the words for the spot */
/**
 * @typedef {{dir: 'request' | 'response', graph: ChangeGraph, bd: SpecNode, hd: SpecNode, walked: Set<string>,
 *   clean: (ref: string) => boolean}} WalkContext `clean`: the component of a $ref holds no change (unchanged.mjs)
 * @typedef {{value: any, place: Place, declared: {value: any, place: Place}[], sources?: {schema: any, place: Place}[]}} Keyword
 *   `declared`: each member's own value (to tell which one changed); `sources`: every member's items or additionalProperties schema
 * @typedef {{keywords: Map<string, Keyword>, properties: Map<string, {raw: any, parent: Place, sources: {schema: any, place: Place}[]}>,
 *   required: Map<string, Place>,
 *   open: boolean}} Effective
 */

/** Keywords that only document: a `$ref` with only these beside it is a plain reference. */
const ANNOTATIONS = new Set([...ANNOTATION_KEYWORDS, 'summary']);
const SCHEMA_VALUED = new Set(['items', 'additionalProperties']);
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const KEPT = [
  'type',
  'nullable',
  'enum',
  'const',
  'format',
  'pattern',
  'multipleOf',
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'items',
  'prefixItems',
  'additionalProperties',
  'unevaluatedProperties',
  'oneOf',
  'anyOf',
];

/** @param {any} raw @returns {string | undefined} the reference of a node that is (only) a reference */
export function pureRef(raw) {
  if (!raw || typeof raw !== 'object' || typeof raw.$ref !== 'string') return undefined;
  return Object.keys(raw).every((k) => k === '$ref' || ANNOTATIONS.has(k) || k.startsWith('x-')) ? raw.$ref : undefined;
}

/**
 * The graph node of a component compared in one direction, linked from `from`.
 * @param {WalkContext} ctx @param {Place} from @param {string | undefined} baseRef @param {string | undefined} headRef
 * @returns {Place}
 */
export function componentPlace(ctx, from, baseRef, headRef) {
  const id = `${ctx.dir}|${baseRef ?? '~'}|${headRef ?? '~'}`;
  if (!ctx.graph.nodes.has(id)) ctx.graph.shared(id, componentLabel(baseRef, headRef), headRef ?? baseRef);
  ctx.graph.link(from.node, id);
  return { node: id, subject: ctx.graph.node(id).label };
}

/** @param {Place} place @param {string} suffix @returns {Place} */
export const at = (place, suffix) => ({ node: place.node, subject: `${place.subject}${suffix}` });

/**
 * @param {WalkContext} ctx @param {SpecNode} doc the side's document
 * @param {{schema: any, place: Place}[]} sources the schema (dereferenced already), or the definitions of one property
 *   that several allOf members declare: all of them apply
 * @returns {Effective}
 */
export function effective(ctx, doc, sources) {
  /** @type {Effective} */
  const out = { keywords: new Map(), properties: new Map(), required: new Map(), open: true };
  for (const { schema, place } of sources) merge(schema, place, new Set());
  const closed = (/** @type {string} */ k) => out.keywords.get(k)?.value === false;
  out.open = !closed('additionalProperties') && !closed('unevaluatedProperties');
  return out;

  /** @param {any} node @param {Place} where @param {Set<string>} refs the $ref chain, against allOf cycles */
  function merge(node, where, refs) {
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      if (refs.has(node.$ref)) return;
      const target = componentPlace(ctx, where, node.$ref, node.$ref);
      refs.add(node.$ref);
      merge(deref(doc, node), target, refs);
      refs.delete(node.$ref);
    }
    for (const keyword of KEPT) if (node[keyword] !== undefined) keep(keyword, node[keyword], where);
    for (const [name, raw] of Object.entries(node.properties ?? {})) {
      const known = out.properties.get(name);
      if (known) known.sources.push({ schema: raw, place: at(where, `.${name}`) });
      else out.properties.set(name, { raw, parent: where, sources: [{ schema: raw, place: at(where, `.${name}`) }] });
    }
    for (const name of node.required ?? []) if (!out.required.has(name)) out.required.set(name, where);
    for (const member of node.allOf ?? []) merge(member, where, refs);
  }

  /** All constraints of an allOf hold at once: types and enums intersect, bounds take the strictest. @param {string} keyword @param {any} value @param {Place} where */
  function keep(keyword, value, where) {
    const current = out.keywords.get(keyword);
    const declared = { value, place: where };
    const nested = SCHEMA_VALUED.has(keyword) && value && typeof value === 'object' ? [{ schema: value, place: where }] : undefined;
    if (!current) return void out.keywords.set(keyword, { value, place: where, declared: [declared], ...(nested ? { sources: nested } : {}) });
    current.declared.push(declared);
    // Item (or map value) schemas of several members all apply: compared as one merged schema.
    if (nested && current.sources) return void current.sources.push(...nested);
    let merged = current.value;
    if (keyword === 'type') {
      const a = [current.value].flat();
      merged = [value].flat().filter((t) => a.includes(t) || (t === 'integer' && a.includes('number')));
      // Members that admit no common type: no value satisfies the schema. Kept as a type of its own, so the change
      // that caused it reads as a retype in either direction.
      if (!merged.length) merged = [`${a.join(' | ')} & ${[value].flat().join(' | ')}`];
    } else if (keyword === 'enum') merged = current.value.filter((/** @type {unknown} */ v) => value.some((/** @type {unknown} */ w) => same(v, w)));
    else if (LOWER_BOUNDS.has(keyword)) merged = Math.max(current.value, value);
    else if (UPPER_BOUNDS.has(keyword)) merged = Math.min(current.value, value);
    else return; // first wins for the rest (two patterns or two item schemas in one allOf are rare)
    out.keywords.set(keyword, { ...current, value: merged, place: merged === current.value ? current.place : where });
  }
}

export const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
