// Splits the reference into the pages of the site: the landing page (the API overview), one page per guide and one
// page per API section (tag). Each page is its own small OpenAPI document for Redoc: a section page holds only its
// tag's operations and the components they reach, so the browser parses tens of kilobytes of definition instead of the
// whole contract. Pure functions over the site document; build.mjs renders and writes them.

import { HTTP_METHODS, rawOperationsOf } from '@laevitas-api/spec-model';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/**
 * A page of the site: its path (`''` for the landing page), title, navigation group and its own OpenAPI document.
 * @typedef {{ slug: string, title: string, family: string, document: SpecNode }} Page
 * @typedef {{ name: string, pages: { slug: string, title: string }[] }} NavGroup a group of the left-hand navigation
 * @typedef {{ path: string, method: string, op: SpecNode, tag: string | undefined }} DocumentOperation
 */

/** Redoc's slug for a tag or guide name (`Options vol surface` -> `options-vol-surface`), which is also its page path. */
/** @param {string} name */
export function slugOf(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Redoc's anchor of an operation on its section page: `#/<tag slug>/<operationId lower-cased>`. */
/** @param {string} tag @param {string} operationId */
export function operationAnchor(tag, operationId) {
  return `#/${slugOf(tag)}/${operationId.toLowerCase()}`;
}

/** The link of an operation anywhere on the site. */
/** @param {string} tag @param {string} operationId */
export function operationHref(tag, operationId) {
  return `/${slugOf(tag)}/${operationAnchor(tag, operationId)}`;
}

/** Every operation of a document with its path, method and first tag: the spec model's walk, keyed for the site. */
/** @param {{ paths?: Record<string, SpecNode> | undefined }} document @returns {DocumentOperation[]} */
export function operationsOf(document) {
  return rawOperationsOf({ paths: document.paths ?? {} })
    .filter(({ op }) => op.operationId)
    .map(({ path, method, op }) => ({ path, method, op, tag: op.tags?.[0] }));
}

/** Components reachable from `roots` through `$ref`s (transitively), keeping every security scheme. */
/** @param {SpecNode} document @param {unknown} roots @returns {Record<string, SpecNode>} */
export function pruneComponents(document, roots) {
  /** @type {Map<string, Set<string>>} */
  const keep = new Map();
  const visit = (/** @type {unknown} */ node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
        const [, , kind, rawName] = value.split('/');
        if (kind === undefined || rawName === undefined) throw new Error(`docs pages: ${value} names no component`);
        const name = rawName.replaceAll('~1', '/').replaceAll('~0', '~');
        const seen = keep.get(kind) ?? new Set();
        if (!seen.has(name)) {
          seen.add(name);
          keep.set(kind, seen);
          const target = document.components?.[kind]?.[name];
          if (!target) throw new Error(`docs pages: ${value} points to no component`);
          visit(target);
        }
      } else visit(value);
    }
  };
  visit(roots);
  /** @type {Record<string, SpecNode>} */
  const components = {};
  if (document.components?.securitySchemes) components.securitySchemes = document.components.securitySchemes;
  for (const [kind, names] of keep) {
    components[kind] = Object.fromEntries([...names].sort().map((n) => [n, document.components[kind][n]]));
  }
  return components;
}

/** The family (tag group) each API tag belongs to. */
/** @param {SpecNode} docs */
function familyOf(docs) {
  /** @type {Map<string, string>} */
  const family = new Map();
  for (const group of docs['x-tagGroups'] ?? []) for (const tag of group.tags) family.set(tag, group.name);
  return family;
}

/**
 * The pages of the site. `docs` is the generated reference input (API tags only), `guides` the rendered guide tags
 * (name + Markdown description). Returns `{ landing, guides: Page[], sections: Page[], nav }` where a Page is
 * `{ slug, title, family, document }` and `nav` lists the groups of the left-hand navigation.
 */
/**
 * @param {SpecNode} docs @param {{ name: string, description: string }[]} guides
 * @returns {{ landing: Page, guides: Page[], sections: Page[], nav: NavGroup[] }}
 */
export function sitePages(docs, guides) {
  const family = familyOf(docs);
  const tagInfo = new Map((docs.tags ?? []).map((/** @type {SpecNode} */ t) => [t.name, t]));
  /** @type {Map<string, Record<string, SpecNode>>} */
  const byTag = new Map();
  for (const { path, method, op, tag } of operationsOf(docs)) {
    if (!tag) throw new Error(`docs pages: ${op.operationId} has no tag`);
    const paths = byTag.get(tag) ?? {};
    paths[path] = { ...(paths[path] ?? pathLevel(docs.paths[path])), [method]: op };
    byTag.set(tag, paths);
  }
  const untagged = [...byTag.keys()].filter((t) => !family.has(t));
  if (untagged.length) throw new Error(`docs pages: tags in no x-tagGroups group: ${untagged.join(', ')}`);

  const baseInfo = { version: docs.info.version, license: docs.info.license, contact: docs.info.contact };
  /** @type {Page[]} */
  const sections = [];
  for (const group of docs['x-tagGroups'] ?? []) {
    for (const tag of group.tags) {
      const paths = byTag.get(tag);
      if (!paths) continue;
      const document = {
        openapi: docs.openapi,
        info: {
          ...baseInfo,
          title: `${tag}: Laevitas API reference`,
          description: `${tagInfo.get(tag)?.description ?? ''}\n\nPart of the **${group.name}** family of the Laevitas Derivatives Market Data API. Every section and guide, this section's operations and the search are in the site navigation.`,
        },
        servers: docs.servers,
        security: docs.security,
        tags: [tagInfo.get(tag) ?? { name: tag }],
        paths,
        components: pruneComponents(docs, paths),
        'x-tagGroups': [{ name: group.name, tags: [tag] }],
      };
      sections.push({ slug: slugOf(tag), title: tag, family: group.name, document });
    }
  }

  const guidePages = guides.map((g) => ({
    slug: slugOf(g.name),
    title: g.name,
    family: 'Guides',
    document: {
      openapi: docs.openapi,
      info: { ...baseInfo, title: g.name, description: g.description },
      paths: {},
    },
  }));

  /** @type {NavGroup[]} */
  const nav = [
    { name: 'Guides', pages: guidePages.map(({ slug, title }) => ({ slug, title })) },
    ...(docs['x-tagGroups'] ?? []).map((/** @type {{ name: string }} */ group) => ({
      name: group.name,
      pages: sections.filter((s) => s.family === group.name).map(({ slug, title }) => ({ slug, title })),
    })),
  ];
  const slugs = [...guidePages, ...sections].map((p) => p.slug);
  const dup = slugs.find((s, i) => slugs.indexOf(s) !== i);
  if (dup) throw new Error(`docs pages: two pages would share the path /${dup}/`);

  const overview = [
    docs.info.description,
    '',
    '## Guides',
    '',
    ...guidePages.map((g) => `- [${g.title}](/${g.slug}/)`),
    '',
    ...nav
      .slice(1)
      .flatMap((group) => [
        `## ${group.name}`,
        '',
        ...group.pages.map((p) => `- [${p.title}](/${p.slug}/) (${operationsOf({ paths: byTag.get(p.title) }).length} operations)`),
        '',
      ]),
    '## Streaming',
    '',
    '- [WebSocket streaming reference](/stream.html)',
  ].join('\n');
  const landing = {
    slug: '',
    title: docs.info.title,
    family: 'Overview',
    document: {
      openapi: docs.openapi,
      info: { ...docs.info, description: overview },
      servers: docs.servers,
      paths: {},
    },
  };
  return { landing, guides: guidePages, sections, nav };
}

/** The non-operation keys of a path item (shared parameters, summary), which every operation under it needs. */
/** @param {SpecNode} item */
function pathLevel(item) {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !HTTP_METHODS.includes(k)));
}
