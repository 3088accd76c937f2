// Where a change is reported: the graph of places a comparison walked through. A node is an operation (a root), or a
// shared component compared in one direction (`request|#/components/schemas/Resolution|#/components/schemas/Resolution`).
// Every change belongs to the node where it happened; an edge says "this node reaches that component". Each change
// is reported once, with every operation that reaches its node: removing `1d` from `Resolution` is one entry naming
// the value set and the operations whose `resolution` parameter reaches it, through whatever chain of $ref and allOf.
import { ruleOf } from './rules.mjs';

/**
 * @typedef {{rule: string, breaking: boolean, why: string, label: string, operation?: string | undefined, operations: string[], component?: string | undefined,
 *   direction?: 'request' | 'response' | undefined, where: string, message: string}} Change
 * @typedef {{label: string, component?: string | undefined, operation?: string | undefined, changes: Map<string, {rule: string, message: string, where: string}>,
 *   edges: Set<string>}} GraphNode
 */

export class ChangeGraph {
  constructor() {
    /** @type {Map<string, GraphNode>} */
    this.nodes = new Map();
    /** @type {string[]} the operation nodes, in document order */
    this.roots = [];
  }

  /**
   * The node of one operation (a root of the report).
   * @param {string} key e.g. `GET /api/v1/options/ohlcvt` @param {string} operation its operationId (the name users know)
   */
  operation(key, operation) {
    const id = `op|${key}`;
    if (!this.nodes.has(id)) {
      this.nodes.set(id, { label: operation, operation, changes: new Map(), edges: new Set() });
      this.roots.push(id);
    }
    return id;
  }

  /**
   * The node of a shared component (or another shared place: a server, a security scheme), created on first use.
   * Returns whether it existed, so a walker compares each component pair once per direction.
   * @param {string} id @param {string} label @param {string | undefined} component its JSON pointer
   */
  shared(id, label, component) {
    const existed = this.nodes.has(id);
    if (!existed) this.nodes.set(id, { label, component, changes: new Map(), edges: new Set() });
    return existed;
  }

  /** @param {string} from @param {string} to */
  link(from, to) {
    if (from !== to) this.node(from).edges.add(to);
  }

  /** @param {string} id */
  node(id) {
    const node = this.nodes.get(id);
    if (!node) throw new Error(`release gate: no graph node ${id}`);
    return node;
  }

  /**
   * Records a change at a node; the same change found again (through another path) is kept once.
   * @param {string} id @param {string} rule @param {string} where @param {string} message
   */
  add(id, rule, where, message) {
    ruleOf(rule); // unknown rule ids fail loudly
    this.node(id).changes.set(`${rule}|${where}|${message}`, { rule, where, message });
  }

  /** @returns {Change[]} one per (node, change), each with the operations that reach the node */
  changes() {
    /** @type {Map<string, Set<string>>} node → operation names that reach it */
    const reachedBy = new Map();
    for (const root of this.roots) {
      const name = /** @type {string} */ (this.node(root).operation);
      const stack = [root];
      const seen = new Set(stack);
      while (stack.length) {
        const id = /** @type {string} */ (stack.pop());
        if (!reachedBy.has(id)) reachedBy.set(id, new Set());
        /** @type {Set<string>} */ (reachedBy.get(id)).add(name);
        for (const next of this.node(id).edges) {
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(next);
        }
      }
    }
    /** @type {Change[]} */
    const out = [];
    for (const [id, node] of this.nodes) {
      const operations = [...(reachedBy.get(id) ?? [])].sort();
      for (const { rule, where, message } of node.changes.values()) {
        const { breaking, why } = ruleOf(rule);
        const direction = id.startsWith('request|') ? 'request' : id.startsWith('response|') ? 'response' : undefined;
        out.push({
          rule,
          breaking,
          why,
          label: node.label,
          operation: node.operation ?? operations[0],
          operations,
          component: node.component,
          direction,
          where,
          message,
        });
      }
    }
    return out;
  }
}

/**
 * The name a reader knows a component by: `Resolution` for `#/components/schemas/Resolution`, `A → B` when the two
 * sides point at different components.
 * @param {string | undefined} baseRef @param {string | undefined} headRef
 */
export function componentLabel(baseRef, headRef) {
  const name = (/** @type {string | undefined} */ ref) =>
    ref
      ? decodeURIComponent(ref.split('/').pop() ?? ref)
          .replaceAll('~1', '/')
          .replaceAll('~0', '~')
      : '(inline)';
  return !baseRef || !headRef || baseRef === headRef ? name(headRef ?? baseRef) : `${name(baseRef)} → ${name(headRef)}`;
}
