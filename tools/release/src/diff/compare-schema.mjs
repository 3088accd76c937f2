// Direction-aware comparison of two schemas, fully resolved: $ref (each component pair once per direction: the graph
// remembers which operations reach it), allOf (merged, see effective-schema.mjs), oneOf/anyOf alternatives, items,
// prefixItems, additionalProperties and properties at any depth. A request schema may only loosen; a response schema
// may only enrich (new optional fields) and never admit a value, type or null it did not before.
import { deref } from './deref.mjs';
import { at, componentPlace, effective, pureRef, same } from './effective-schema.mjs';

/** @import { Effective, Place, WalkContext } from './effective-schema.mjs' */

/** @type {Record<string, (base: any, head: any) => boolean>} a request keyword that got stricter */
const TIGHTER = {
  minimum: (a, b) => b > a,
  exclusiveMinimum: (a, b) => b > a,
  maximum: (a, b) => b < a,
  exclusiveMaximum: (a, b) => b < a,
  minLength: (a, b) => b > a,
  maxLength: (a, b) => b < a,
  minItems: (a, b) => b > a,
  maxItems: (a, b) => b < a,
  minProperties: (a, b) => b > a,
  maxProperties: (a, b) => b < a,
  multipleOf: (a, b) => b !== a && !(Number.isInteger(a / b) && a / b >= 1),
  pattern: (a, b) => b !== a,
  format: (a, b) => b !== a,
  const: (a, b) => !same(a, b),
};

export const show = (/** @type {unknown} */ v) => `\`${JSON.stringify(v)}\``;

/**
 * Compares `rawBase` (from ctx.bd) with `rawHead` (from ctx.hd) in ctx.dir, reporting at `place`.
 * @param {WalkContext} ctx @param {Place} place @param {any} rawBase @param {any} rawHead
 */
export function compareSchema(ctx, place, rawBase, rawHead) {
  if (!rawBase || !rawHead || typeof rawBase !== 'object' || typeof rawHead !== 'object') return;
  const baseRef = pureRef(rawBase);
  const headRef = pureRef(rawHead);
  if (baseRef && baseRef === headRef && ctx.clean(baseRef)) return;
  if (baseRef || headRef) {
    place = componentPlace(ctx, place, baseRef, headRef);
    if (ctx.walked.has(place.node)) return; // compared already, from another operation: the graph edge is enough
    ctx.walked.add(place.node);
  }
  compareEffective(
    ctx,
    place,
    effective(ctx, ctx.bd, [{ schema: deref(ctx.bd, rawBase), place }]),
    effective(ctx, ctx.hd, [{ schema: deref(ctx.hd, rawHead), place }]),
  );
}

/** @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareEffective(ctx, place, b, h) {
  compareTypes(ctx, place, b, h);
  compareEnums(ctx, place, b, h);
  if (ctx.dir === 'request') compareRequestBounds(ctx, place, b, h);
  else compareResponseConst(ctx, place, b, h);
  compareRequired(ctx, place, b, h);
  compareProperties(ctx, b, h);
  compareNested(ctx, place, b, h);
}

/**
 * The JSON types a schema admits (`null` through `nullable`, an enum or a const too); undefined = any.
 * @param {Effective} e @returns {string[] | undefined}
 */
function typesOf(e) {
  const type = e.keywords.get('type')?.value;
  /** @type {string[] | undefined} */
  let types = type === undefined ? undefined : [type].flat();
  const values = e.keywords.get('enum')?.value ?? (e.keywords.has('const') ? [e.keywords.get('const')?.value] : undefined);
  if (!types && values) types = [...new Set(values.map(jsonType))];
  if (types && e.keywords.get('nullable')?.value === true && !types.includes('null')) types.push('null');
  if (types?.includes('number') && !types.includes('integer')) types.push('integer'); // integer ⊂ number
  return types;
}
const jsonType = (/** @type {unknown} */ v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
const describeTypes = (/** @type {string[] | undefined} */ types) =>
  types ? types.filter((t) => t !== 'integer' || !types.includes('number')).join(' | ') : 'any';
/**
 * Where a keyword changed: the declaration (of the allOf members that declare it) whose value differs between the
 * sides, so a change inside a shared envelope is reported at the envelope, not at every schema that extends it.
 * @param {Effective} b @param {Effective} h @param {string} keyword @param {Place} fallback
 */
function placeOf(b, h, keyword, fallback) {
  const [bd, hd] = [b.keywords.get(keyword)?.declared ?? [], h.keywords.get(keyword)?.declared ?? []];
  const key = (/** @type {Place} */ p) => `${p.node}|${p.subject}`;
  const differs = (/** @type {{value: any, place: Place}} */ d, /** @type {{value: any, place: Place}[]} */ other) =>
    !other.some((o) => key(o.place) === key(d.place) && same(o.value, d.value));
  return (
    (hd.find((d) => differs(d, bd)) ?? bd.find((d) => differs(d, hd)))?.place ?? h.keywords.get(keyword)?.place ?? b.keywords.get(keyword)?.place ?? fallback
  );
}

/** @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareTypes(ctx, place, b, h) {
  const bt = typesOf(b);
  const ht = typesOf(h);
  const where = placeOf(b, h, h.keywords.has('type') || b.keywords.has('type') ? 'type' : 'enum', place);
  if (ctx.dir === 'request') {
    if (!ht || (bt && bt.every((t) => ht.includes(t)))) return;
    const lost = bt ? bt.filter((t) => !ht.includes(t)) : ['any'];
    const message =
      lost.length === 1 && lost[0] === 'null'
        ? `${where.subject} no longer accepts null`
        : `${where.subject} accepted ${describeTypes(bt)}, now only ${describeTypes(ht)}`;
    ctx.graph.add(where.node, 'request-type-narrowed', where.subject, message);
  } else {
    if (!bt || (ht && ht.every((t) => bt.includes(t)))) return;
    const gained = ht ? ht.filter((t) => !bt.includes(t)) : ['any'];
    const message =
      gained.length === 1 && gained[0] === 'null'
        ? `${where.subject} may now be null (was ${describeTypes(bt)})`
        : `${where.subject} was ${describeTypes(bt)}, now ${describeTypes(ht)}`;
    ctx.graph.add(where.node, 'response-field-retyped', where.subject, message);
  }
}

/** @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareEnums(ctx, place, b, h) {
  /** @type {unknown[] | undefined} */ const be = b.keywords.get('enum')?.value;
  /** @type {unknown[] | undefined} */ const he = h.keywords.get('enum')?.value;
  if (!be && !he) return;
  const where = placeOf(b, h, 'enum', place);
  const removed = be && he ? be.filter((v) => !he.some((w) => same(v, w))) : [];
  const added = be && he ? he.filter((v) => !be.some((w) => same(v, w))) : [];
  const list = (/** @type {unknown[]} */ values) => values.map(show).join(', ');
  if (ctx.dir === 'request') {
    if (he && !be) ctx.graph.add(where.node, 'request-enum-removed', where.subject, `${where.subject} is now restricted to ${list(he)}`);
    if (removed.length) ctx.graph.add(where.node, 'request-enum-removed', where.subject, `${where.subject} no longer accepts ${list(removed)}`);
    if (added.length) ctx.graph.add(where.node, 'request-enum-added', where.subject, `${where.subject} also accepts ${list(added)}`);
    if (be && !he) ctx.graph.add(where.node, 'request-loosened', where.subject, `${where.subject} is no longer restricted to a value set`);
  } else {
    if (be && !he) ctx.graph.add(where.node, 'response-enum-added', where.subject, `${where.subject} is no longer restricted to ${list(be)}`);
    if (added.length) ctx.graph.add(where.node, 'response-enum-added', where.subject, `${where.subject} may now also be ${list(added)}`);
    if (removed.length) ctx.graph.add(where.node, 'response-enum-removed', where.subject, `${where.subject} is no longer ${list(removed)}`);
  }
}

/** @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareRequestBounds(ctx, place, b, h) {
  for (const [keyword, tighter] of Object.entries(TIGHTER)) {
    const bv = b.keywords.get(keyword)?.value;
    const hv = h.keywords.get(keyword)?.value;
    const where = placeOf(b, h, keyword, place);
    if (hv !== undefined && (bv === undefined || tighter(bv, hv)))
      ctx.graph.add(
        where.node,
        'request-range-narrowed',
        where.subject,
        `${where.subject}: ${keyword} ${bv === undefined ? 'added' : `${show(bv)} →`} ${show(hv)}`,
      );
    else if (hv === undefined && bv !== undefined)
      ctx.graph.add(where.node, 'request-loosened', where.subject, `${where.subject}: ${keyword} ${show(bv)} removed`);
  }
  if (b.open && !h.open) {
    const where = placeOf(b, h, h.keywords.get('additionalProperties')?.value === false ? 'additionalProperties' : 'unevaluatedProperties', place);
    ctx.graph.add(where.node, 'request-range-narrowed', where.subject, `${where.subject} no longer accepts fields beyond those listed`);
  }
}

/** A response value pinned by `const` that may now be another value. @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareResponseConst(ctx, place, b, h) {
  if (!b.keywords.has('const')) return;
  const bv = b.keywords.get('const')?.value;
  const where = placeOf(b, h, 'const', place);
  if (!h.keywords.has('const')) ctx.graph.add(where.node, 'response-field-retyped', where.subject, `${where.subject} was always ${show(bv)}, now any value`);
  else if (!same(bv, h.keywords.get('const')?.value))
    ctx.graph.add(where.node, 'response-field-retyped', where.subject, `${where.subject} was always ${show(bv)}, now ${show(h.keywords.get('const')?.value)}`);
}

/** @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareRequired(ctx, place, b, h) {
  if (ctx.dir === 'request') {
    for (const [name, where] of h.required) {
      if (b.required.has(name)) continue;
      const how = b.properties.has(name) ? 'became required' : 'was added as required';
      ctx.graph.add(where.node, 'request-field-required', `${where.subject}.${name}`, `${where.subject} field \`${name}\` ${how}`);
    }
  } else {
    for (const [name, where] of b.required) {
      if (!h.required.has(name) && h.properties.has(name))
        ctx.graph.add(where.node, 'response-field-optional', `${where.subject}.${name}`, `${where.subject} field \`${name}\` is no longer required`);
    }
  }
}

/** @param {WalkContext} ctx @param {Effective} b @param {Effective} h */
function compareProperties(ctx, b, h) {
  for (const [name, { raw, parent, sources }] of b.properties) {
    const next = h.properties.get(name);
    if (next && sources.length === 1 && next.sources.length === 1) compareSchema(ctx, at(next.parent, `.${name}`), raw, next.raw);
    // Declared by several allOf members: all the declarations apply, each change reported where it was made.
    else if (next) compareEffective(ctx, at(next.parent, `.${name}`), effective(ctx, ctx.bd, sources), effective(ctx, ctx.hd, next.sources));
    else if (ctx.dir === 'response')
      ctx.graph.add(parent.node, 'response-field-removed', `${parent.subject}.${name}`, `${parent.subject} field \`${name}\` was removed`);
    else if (!h.open) ctx.graph.add(parent.node, 'request-field-removed', `${parent.subject}.${name}`, `${parent.subject} field \`${name}\` was removed`);
  }
  for (const [name, { parent }] of h.properties) {
    if (b.properties.has(name)) continue;
    if (ctx.dir === 'response')
      ctx.graph.add(parent.node, 'response-field-added', `${parent.subject}.${name}`, `${parent.subject} field \`${name}\` was added`);
    else if (!h.required.has(name))
      ctx.graph.add(parent.node, 'request-field-added', `${parent.subject}.${name}`, `${parent.subject} field \`${name}\` was added`);
  }
}

/** items, prefixItems, additionalProperties schemas, and the alternatives of oneOf/anyOf. @param {WalkContext} ctx @param {Place} place @param {Effective} b @param {Effective} h */
function compareNested(ctx, place, b, h) {
  /** @param {string} keyword */
  const pair = (keyword) => [b.keywords.get(keyword), h.keywords.get(keyword)];
  for (const [keyword, suffix] of /** @type {[keyword: string, suffix: string][]} */ ([
    ['items', '[]'],
    ['additionalProperties', '[*]'],
  ])) {
    const [bk, hk] = pair(keyword);
    if (!bk || !hk || typeof bk.value !== 'object' || typeof hk.value !== 'object') continue;
    const [bs, hs] = [bk.sources ?? [], hk.sources ?? []];
    if (bs.length > 1 || hs.length > 1) {
      const side = (/** @type {{schema: any, place: Place}[]} */ list) => list.map(({ schema, place }) => ({ schema, place: at(place, suffix) }));
      compareEffective(ctx, at(hk.place, suffix), effective(ctx, ctx.bd, side(bs)), effective(ctx, ctx.hd, side(hs)));
    } else compareSchema(ctx, at(hk.place, suffix), bk.value, hk.value);
  }
  const [bp, hp] = pair('prefixItems');
  if (bp && hp) bp.value.forEach((/** @type {any} */ s, /** @type {number} */ i) => hp.value[i] && compareSchema(ctx, at(hp.place, `[${i}]`), s, hp.value[i]));
  for (const combinator of ['oneOf', 'anyOf']) {
    const [bc, hc] = pair(combinator);
    if (bc && hc) compareAlternatives(ctx, combinator, bc.value, hc.value, hc.place);
  }
}

/**
 * Alternatives are matched by the component they reference, else by position. A request alternative gone, or a
 * response alternative added, breaks.
 * @param {WalkContext} ctx @param {string} combinator @param {any[]} base @param {any[]} head @param {Place} place
 */
function compareAlternatives(ctx, combinator, base, head, place) {
  const byRef = base.every((s) => pureRef(s)) && head.every((s) => pureRef(s));
  const keyOf = (/** @type {any} */ s, /** @type {number} */ i) => (byRef ? /** @type {string} */ (pureRef(s)) : String(i));
  const heads = new Map(head.map((s, i) => [keyOf(s, i), s]));
  const bases = new Map(base.map((s, i) => [keyOf(s, i), s]));
  const name = (/** @type {string} */ key) => (byRef ? `\`${key.split('/').pop()}\`` : `alternative ${Number(key) + 1}`);
  for (const [key, s] of bases) {
    const next = heads.get(key);
    if (next) compareSchema(ctx, at(place, byRef ? '' : ` (${combinator} ${Number(key) + 1})`), s, next);
    else if (ctx.dir === 'request')
      ctx.graph.add(place.node, 'request-type-narrowed', place.subject, `${place.subject} no longer accepts ${combinator} ${name(key)}`);
  }
  if (ctx.dir === 'response')
    for (const key of heads.keys())
      if (!bases.has(key)) ctx.graph.add(place.node, 'response-field-retyped', place.subject, `${place.subject} may now also be ${combinator} ${name(key)}`);
}
