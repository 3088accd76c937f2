// Which parts of a document cannot hold a change: a "unit" (one component, one path item, one channel) whose JSON is
// the same on both sides and that references, through any chain of $ref, no unit that differs. The walkers skip such
// units: a diff of two bundles that differ in one component walks only what reaches it (the mutation test compares
// the real bundle hundreds of times), and nothing skipped could have produced a change.

/** @import { SpecNode } from '@laevitas-api/spec-model' */

const REF = /"\$ref":"(#\/[^"]*)"/g;

/**
 * A unit's JSON and the units it references, cached by object: the mutation test compares one base document with
 * hundreds of copy-on-write heads that share every unmutated unit with it. Compared documents are treated as
 * immutable (a caller that edits a document in place after comparing it must compare a copy instead).
 * @type {WeakMap<object, {json: string, refs: string[]}>}
 */
const cache = new WeakMap();
/** @param {any} node */
function summaryOf(node) {
  if (!node || typeof node !== 'object') return { json: JSON.stringify(node), refs: [] };
  let hit = cache.get(node);
  if (!hit) {
    const json = JSON.stringify(node);
    hit = { json, refs: [...new Set([...json.matchAll(REF)].map((m) => unitOf(/** @type {string} REF's one group */ (m[1]))))] };
    cache.set(node, hit);
  }
  return hit;
}

/** `#/components/schemas/Row/properties/a` → `#/components/schemas/Row`; `#/paths/~1x/get` → `#/paths/~1x`. @param {string} ref */
export function unitOf(ref) {
  const parts = ref.slice(2).split('/');
  return `#/${parts.slice(0, parts[0] === 'components' ? 3 : 2).join('/')}`;
}

const escape = (/** @type {string} */ key) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Unit pointer → its JSON and references. @param {SpecNode} doc */
function unitsOf(doc) {
  /** @type {Map<string, {json: string, refs: string[]}>} */
  const units = new Map();
  for (const [top, value] of Object.entries(doc ?? {})) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    if (top === 'components') {
      for (const [kind, group] of Object.entries(value))
        for (const [name, node] of Object.entries(group ?? {})) units.set(`#/components/${escape(kind)}/${escape(name)}`, summaryOf(node));
    } else if (['paths', 'webhooks', 'channels', 'operations'].includes(top)) {
      for (const [name, node] of Object.entries(value)) units.set(`#/${top}/${escape(name)}`, summaryOf(node));
    }
  }
  return units;
}

/**
 * @param {SpecNode} baseDoc @param {SpecNode} headDoc
 * @returns {(ref: string) => boolean} whether the unit holding `ref` (a $ref, or a unit pointer) is clean on both sides
 */
export function cleanUnits(baseDoc, headDoc) {
  const base = unitsOf(baseDoc);
  const head = unitsOf(headDoc);
  /** @type {Map<string, Set<string>>} unit → the units that reference it (on either side) */
  const referencedBy = new Map();
  /** @type {string[]} */
  const dirty = [];
  for (const units of [base, head]) {
    for (const [unit, { refs }] of units) {
      for (const target of refs) {
        if (!referencedBy.has(target)) referencedBy.set(target, new Set());
        /** @type {Set<string>} */ (referencedBy.get(target)).add(unit);
      }
    }
  }
  for (const unit of new Set([...base.keys(), ...head.keys()])) if (base.get(unit)?.json !== head.get(unit)?.json) dirty.push(unit);
  const tainted = new Set(dirty);
  while (dirty.length) {
    for (const by of referencedBy.get(/** @type {string} */ (dirty.pop())) ?? []) {
      if (tainted.has(by)) continue;
      tainted.add(by);
      dirty.push(by);
    }
  }
  return (ref) => !tainted.has(unitOf(ref));
}
