// codegen's deref, with each document's resolved pointers cached: the gate resolves the same few hundred
// components tens of thousands of times per comparison (and the mutation test compares hundreds of times).
import { deref as derefOnce } from '@laevitas-api/spec-model';

/** @type {WeakMap<object, Map<string, any>>} */
const cache = new WeakMap();

/**
 * The node itself, or what its `$ref` chain ends at.
 * @param {import('@laevitas-api/spec-model').SpecNode} document @param {any} node
 * @returns {any}
 */
export function deref(document, node) {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  let resolved = cache.get(document);
  if (!resolved) cache.set(document, (resolved = new Map()));
  const hit = resolved.get(node.$ref);
  if (hit !== undefined) return hit;
  const target = derefOnce(document, { $ref: node.$ref });
  resolved.set(node.$ref, target);
  return target;
}
