// The test's own oracle, written apart from the gate: every schema node inside a shared component that an operation
// reaches, with the direction it is reached in (request: parameters and bodies; response: every response's content
// and headers) and the operations that reach each component. A plain walk over $ref, allOf, oneOf, anyOf, items,
// prefixItems, properties and additionalProperties.
type Node = any;
export type Direction = 'request' | 'response';
/** `merged`: reached as an allOf member (directly or through $ref), or a field of one, where siblings' constraints
 * intersect with its own. */
export type Site = { pointer: string; unit: string; dir: Direction; depth: number; merged: boolean };

export const unitOf = (pointer: string) => {
  const parts = pointer.slice(2).split('/');
  return `#/${parts.slice(0, parts[0] === 'components' ? 3 : 2).join('/')}`;
};
export const resolve = (doc: Node, pointer: string): Node =>
  pointer
    .slice(2)
    .split('/')
    .reduce((n: Node, k: string) => n?.[k.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const esc = (k: string) => k.replaceAll('~', '~0').replaceAll('/', '~1');

export function reachOf(doc: Node) {
  const sites = new Map<string, Site>();
  const reach = new Map<string, Record<Direction, Set<string>>>();
  for (const [path, item] of Object.entries<Node>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const seen = new Set<string>();
      const at = `#/paths/${esc(path)}/${method}`;
      const visit = (pointer: string, dir: Direction, depth: number) => walk(doc, pointer, dir, depth, op.operationId, seen, false);
      [
        ...(item.parameters ?? []).map((_: Node, i: number) => `#/paths/${esc(path)}/parameters/${i}`),
        ...(op.parameters ?? []).map((_: Node, i: number) => `${at}/parameters/${i}`),
      ].forEach((p) => {
        const param = follow(doc, p, op.operationId, 'request');
        if (param) visit(`${param}/schema`, 'request', 1);
      });
      if (op.requestBody) {
        const body = follow(doc, `${at}/requestBody`, op.operationId, 'request');
        for (const type of Object.keys(resolve(doc, body ?? '')?.content ?? {})) visit(`${body}/content/${esc(type)}/schema`, 'request', 1);
      }
      for (const status of Object.keys(op.responses ?? {})) {
        const response = follow(doc, `${at}/responses/${status}`, op.operationId, 'response');
        if (!response) continue;
        const r = resolve(doc, response);
        for (const type of Object.keys(r.content ?? {})) visit(`${response}/content/${esc(type)}/schema`, 'response', 1);
        for (const name of Object.keys(r.headers ?? {})) {
          const header = follow(doc, `${response}/headers/${esc(name)}`, op.operationId, 'response');
          if (header) visit(`${header}/schema`, 'response', 1);
        }
      }
    }
  }
  return { sites: [...sites.values()], reach };

  /** A parameter, body, response or header: its own pointer or the component it references (recording the reach). */
  function follow(doc: Node, pointer: string, op: string, dir: Direction): string | undefined {
    const node = resolve(doc, pointer);
    if (!node?.$ref) return pointer;
    note(node.$ref, dir, op);
    return node.$ref;
  }
  function note(pointer: string, dir: Direction, op: string) {
    const unit = unitOf(pointer);
    if (!reach.has(unit)) reach.set(unit, { request: new Set(), response: new Set() });
    reach.get(unit)![dir].add(op);
  }
  function walk(doc: Node, pointer: string, dir: Direction, depth: number, op: string, seen: Set<string>, merged: boolean) {
    const node = resolve(doc, pointer);
    if (!node || typeof node !== 'object') return;
    if (pointer.startsWith('#/components/')) {
      note(pointer, dir, op);
      const site = sites.get(`${dir}|${pointer}`);
      if (!site) sites.set(`${dir}|${pointer}`, { pointer, unit: unitOf(pointer), dir, depth, merged });
      else site.merged ||= merged;
    }
    const key = `${dir}|${pointer}|${merged}`;
    if (seen.has(key)) return;
    seen.add(key);
    const next = (at: string, viaAllOf: boolean) => walk(doc, at, dir, depth + 1, op, seen, viaAllOf);
    if (typeof node.$ref === 'string') next(node.$ref, merged || Object.keys(node).some((k) => !['$ref', 'description', 'summary'].includes(k)));
    (node.allOf ?? []).forEach((_: Node, i: number) => next(`${pointer}/allOf/${i}`, true));
    for (const k of ['oneOf', 'anyOf', 'prefixItems']) (node[k] ?? []).forEach((_: Node, i: number) => next(`${pointer}/${k}/${i}`, false));
    if (node.items) next(`${pointer}/items`, false);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') next(`${pointer}/additionalProperties`, false);
    // A field of a merged member may be declared by a sibling member too: its constraints then intersect as well.
    for (const name of Object.keys(node.properties ?? {})) next(`${pointer}/properties/${esc(name)}`, merged);
  }
}

/**
 * A copy of `doc` with the node at `pointer` replaced by `replace(node)`; every node off that path is shared with
 * `doc` (the gate treats compared documents as immutable, and the mutation test compares hundreds of heads).
 */
export function replaceAt(doc: Node, pointer: string, replace: (node: Node) => Node): Node {
  const keys =
    pointer === '#'
      ? []
      : pointer
          .slice(2)
          .split('/')
          .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
  const copy = (node: Node, i: number): Node => {
    const key = keys[i];
    if (key === undefined) return replace(node); // past the last key: the node at the pointer
    const next = Array.isArray(node) ? [...node] : { ...node };
    next[key] = copy(node[key], i + 1);
    return next;
  };
  return copy(doc, 0);
}
