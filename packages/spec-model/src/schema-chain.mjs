// The wrappers a schema stands behind: a `$ref`, or an `allOf` of one entry (how the spec adds a description or a
// default to a shared schema). Readers that want "what this parameter really accepts" (its value set, type, default,
// limits) look at each node of the chain in turn, the outermost first, so a default written beside a `$ref` wins
// over the shared schema's own.
import { deref } from './spec-model.mjs';

/** @import { SpecNode } from './spec-model.mjs' */

/** How many nodes a chain yields at the most: a guard, not a limit any real schema reaches. */
export const SCHEMA_CHAIN_LIMIT = 10;

/**
 * The schema, then the node each wrapper stands for, in order, lazily (a reader that stops early resolves no
 * further): after a node with `$ref`, the node its `$ref` chain ends at; after a node with a single `allOf` entry,
 * that entry. Ends at a node that is neither, at a node that leads back to itself, or after SCHEMA_CHAIN_LIMIT nodes.
 * @param {SpecNode} document  @param {SpecNode | undefined} schema
 * @returns {Generator<SpecNode, void, undefined>}
 */
export function* schemaChainOf(document, schema) {
  /** @type {SpecNode | undefined} */
  let node = schema;
  for (let count = 0; node && count < SCHEMA_CHAIN_LIMIT; count++) {
    yield node;
    const next = node.$ref ? deref(document, node) : node.allOf?.length === 1 ? node.allOf[0] : undefined;
    if (next === node) return;
    node = next;
  }
}
