// One bundle per API family (spec/dist/openapi.legacy.json, openapi.v1.json). Generators that give a client one
// base URL (hey-api, openapi-fetch) take the first root server: from the combined bundle that is the versioned host,
// so legacy calls would need configuration. A client generated from a family's own bundle routes to that family's
// host with none, and its `baseUrl` option types as that family's two servers instead of a union over every path.
import { familyOf } from '@laevitas-api/spec-model';

/** @import { SpecDocument, SpecNode } from '@laevitas-api/spec-model' */

const HOSTS = {
  legacy: { variable: 'base_url', title: 'legacy family (/analytics, /historical)' },
  v1: { variable: 'v2_base_url', title: 'versioned family (/api/v1)' },
};

/**
 * @param {SpecDocument} document the bundled combined document ($refs internal)
 * @param {'legacy'|'v1'} family
 * @returns {SpecDocument}
 */
export function familyBundle(document, family) {
  /** @type {Record<string, SpecNode>} */
  const paths = {};
  /** @type {SpecNode[] | undefined} */
  let servers;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (familyOf(path, item) !== family) continue;
    const { servers: own, ...rest } = item;
    servers ??= own;
    paths[path] = rest;
  }
  if (!servers) throw new Error(`codegen: no path of the ${family} family declares its servers`);
  if (!servers.some((/** @type {SpecNode} */ s) => s.url === `{${HOSTS[family].variable}}`))
    throw new Error(`codegen: ${family} servers lack the {${HOSTS[family].variable}} override`);

  /** @type {SpecDocument} */
  const doc = {
    openapi: document.openapi,
    info: { ...document.info, title: `${document.info.title}: ${HOSTS[family].title}` },
    servers,
    ...(family === 'v1' && document.security ? { security: document.security } : {}),
    ...(family === 'v1' && document['x-auth-alternatives'] ? { 'x-auth-alternatives': document['x-auth-alternatives'] } : {}),
    tags: [],
    paths,
    components: {},
  };
  const usedTags = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op?.tags ?? [])));
  doc.tags = (document.tags ?? []).filter((/** @type {SpecNode} */ t) => usedTags.has(t.name));
  if (document['x-tagGroups']) {
    doc['x-tagGroups'] = document['x-tagGroups']
      .map((/** @type {{name: string, tags: string[]}} */ g) => ({ ...g, tags: g.tags.filter((t) => usedTags.has(t)) }))
      .filter((/** @type {{tags: string[]}} */ g) => g.tags.length);
  }
  doc.components = reachableComponents(document, doc);
  return doc;
}

/**
 * The components the family's paths (and its security) reach, following $refs transitively.
 * @param {SpecDocument} source
 * @param {SpecDocument} doc
 */
function reachableComponents(source, doc) {
  /** @type {Record<string, Record<string, SpecNode>>} kind → name → component */
  const out = {};
  const pending = [doc.paths];
  /** @type {Set<string>} */
  const seen = new Set();
  while (pending.length) {
    collectRefs(pending.pop(), (ref) => {
      if (seen.has(ref)) return;
      seen.add(ref);
      // `#/components/<kind>/<name>`
      const [, , kind, name] = /** @type {[string, string, string, string]} */ (ref.split('/'));
      const target = source.components?.[kind]?.[name];
      if (target === undefined) throw new Error(`codegen: unresolved ${ref}`);
      (out[kind] ??= {})[name] = target;
      pending.push(target);
    });
  }
  const schemes = new Set([
    ...(doc.security ?? []).flatMap(Object.keys),
    ...(doc['x-auth-alternatives'] ?? []),
    ...Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => [...(op?.security ?? []).flatMap(Object.keys), ...(op?.['x-auth-alternatives'] ?? [])]),
    ),
  ]);
  // A path reached a component or a scheme only if the source has components.
  const components = /** @type {Record<string, Record<string, SpecNode>>} */ (source.components);
  if (schemes.size) {
    out.securitySchemes = Object.fromEntries(
      Object.entries(/** @type {Record<string, SpecNode>} a scheme in use is declared */ (components.securitySchemes)).filter(([name]) => schemes.has(name)),
    );
  }
  // The source's component order, so the family bundle reads like the combined one.
  return /** @type {Record<string, Record<string, SpecNode>>} every kind and name below is one `out` holds */ (
    Object.fromEntries(
      Object.keys(source.components ?? {})
        .filter((kind) => out[kind])
        .map((kind) => [
          kind,
          Object.fromEntries(
            Object.keys(/** @type {Record<string, SpecNode>} */ (components[kind]))
              .filter((n) => n in /** @type {Record<string, SpecNode>} */ (out[kind]))
              .map((n) => [n, /** @type {Record<string, SpecNode>} */ (out[kind])[n]]),
          ),
        ]),
    )
  );
}

/**
 * @param {unknown} node
 * @param {(ref: string) => void} found called with each `#/components/…` reference
 */
function collectRefs(node, found) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => collectRefs(n, found));
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) found(value);
    else collectRefs(value, found);
  }
}
