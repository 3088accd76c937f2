// Where an observation lives in the spec: the schema nodes of the bundle (by JSON pointer) that govern a place of a
// response, found by walking the bundle along the place's path the way a validator does (`$ref`, `allOf`/`anyOf`/
// `oneOf`, `properties`, `patternProperties`, `additionalProperties`, `items`, `prefixItems`).
import { deref, jsonMediaOf, pointerToken, responseEntryOf } from '../spec-model.mjs';

/** @typedef {{node: any, pointer: string}} Located a schema node and its JSON pointer in the bundle */

/** `a/b` → `a~1b` (the spec model's pointer token). */
export const token = pointerToken;
/** @param {string} pointer  @returns {string[]} */
export const tokens = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));

/**
 * The response an operation documents for a status, where its definition sits (following a `$ref` to a shared
 * response) and the schema of its JSON body.
 * @param {Record<string, any>} document  @param {{path: string, method: string}} op  @param {number} status
 * @returns {{pointer: string, response: any, mediaType?: string | undefined, schemaPointer?: string | undefined} | undefined}
 */
export function responseAt(document, op, status) {
  const entry = responseEntryOf(document, op, status);
  if (!entry) return undefined;
  const { response, pointer } = entry;
  const json = jsonMediaOf(response, { anyJson: true });
  const schemaPointer = json?.media.schema ? `${pointer}/content/${token(json.type)}/schema` : undefined;
  return { pointer, response, mediaType: json?.type, schemaPointer };
}

/**
 * Every node reachable from one without consuming a place of the value: through `$ref` and the combinators.
 * @param {Record<string, any>} document  @param {Located} start  @returns {Located[]}
 */
export function expand(document, start) {
  /** @type {Located[]} */
  const out = [];
  const seen = new Set();
  /** @param {Located} located */
  const visit = ({ node, pointer }) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === 'string') return visit({ node: deref(document, node), pointer: node.$ref.slice(1) });
    out.push({ node, pointer });
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      (node[keyword] ?? []).forEach((/** @type {any} */ sub, /** @type {number} */ i) => visit({ node: sub, pointer: `${pointer}/${keyword}/${i}` }));
  };
  visit(start);
  return out;
}

/**
 * `data[0].exchange` / `headers["payment-required"]` → ['data', 0, 'exchange'] / ['headers', 'payment-required'].
 * @param {string} path  @returns {(string | number)[]}
 */
export function pathSteps(path) {
  /** @type {(string | number)[]} */
  const steps = [];
  const re = /([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\[\]/g;
  for (const m of path.matchAll(re)) {
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined) steps.push(Number(m[2]));
    else if (m[3] !== undefined) steps.push(JSON.parse(m[3]));
    else steps.push(0);
  }
  return steps;
}

/**
 * The schema nodes that govern a place of a value, found from the schema at `rootPointer`.
 * @param {Record<string, any>} document  @param {string} rootPointer  @param {(string | number)[]} steps
 * @returns {Located[]}
 */
export function schemasAt(document, rootPointer, steps) {
  let current = expand(document, { node: nodeAt(document, rootPointer), pointer: rootPointer });
  for (const step of steps) {
    /** @type {Located[]} */
    const next = [];
    for (const { node, pointer } of current) {
      if (typeof step === 'number') {
        if (node.prefixItems?.[step]) next.push({ node: node.prefixItems[step], pointer: `${pointer}/prefixItems/${step}` });
        else if (node.items && typeof node.items === 'object') next.push({ node: node.items, pointer: `${pointer}/items` });
        continue;
      }
      if (node.properties?.[step]) {
        next.push({ node: node.properties[step], pointer: `${pointer}/properties/${token(step)}` });
        continue;
      }
      for (const [pattern, sub] of Object.entries(node.patternProperties ?? {}))
        if (new RegExp(pattern, 'u').test(step)) next.push({ node: sub, pointer: `${pointer}/patternProperties/${token(pattern)}` });
      if (node.additionalProperties && typeof node.additionalProperties === 'object')
        next.push({ node: node.additionalProperties, pointer: `${pointer}/additionalProperties` });
    }
    current = next.flatMap((located) => expand(document, located));
  }
  return current;
}

/** @param {Record<string, any>} document  @param {string} pointer */
export function nodeAt(document, pointer) {
  return tokens(pointer).reduce((/** @type {any} */ node, key) => node?.[key], document);
}

/** The value at a place of a parsed body.  @param {unknown} value  @param {(string | number)[]} steps */
export function valueAt(value, steps) {
  return steps.reduce((/** @type {any} */ node, key) => (node == null ? undefined : node[key]), value);
}
