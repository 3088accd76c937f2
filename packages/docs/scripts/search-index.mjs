// The site's search index, built once at build time with MiniSearch and served as one cacheable file: every operation
// of both families (summary, operationId, method and path, tag, description) and every guide (by its sections), each
// with the link of the page that shows it. The browser loads it (and MiniSearch) on the first search only.
import MiniSearch from 'minisearch';
import { operationHref, operationsOf } from './site-pages.mjs';
import { plainText } from './site-chrome.mjs';

/** @import { Options } from 'minisearch' */
/** @import { SpecNode } from '@laevitas-api/spec-model' */
/**
 * @typedef {{ id: string, kind: 'operation' | 'guide', title: string, route: string, section: string, text: string, href: string }} SearchDocument
 */

/** Options shared by the build (index) and the browser (loadJSON): they must be the same on both sides. @type {Options<SearchDocument>} */
export const SEARCH_OPTIONS = {
  fields: ['title', 'route', 'section', 'text'],
  storeFields: ['title', 'route', 'section', 'href', 'kind'],
  searchOptions: { boost: { title: 3, route: 2, section: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
};

/** Search documents: one per operation, one per section of each guide (split at its `##` headings). */
/**
 * @param {{ docs: SpecNode, guides: { name: string, description: string, slug: string }[], families: Map<string, string> }} input
 * @returns {SearchDocument[]}
 */
export function searchDocuments({ docs, guides, families }) {
  /** @type {SearchDocument[]} */
  const documents = [];
  for (const { path, method, op, tag } of operationsOf(docs)) {
    if (tag === undefined) throw new Error(`docs search: ${op.operationId} has no tag, so no page`);
    documents.push({
      id: `op:${op.operationId}`,
      kind: 'operation',
      title: op.summary ?? op.operationId,
      route: `${method.toUpperCase()} ${path} ${op.operationId}`,
      section: `${families.get(tag) ?? ''} › ${tag}`,
      text: plainText(op.description ?? ''),
      href: operationHref(tag, op.operationId),
    });
  }
  for (const guide of guides) {
    const parts = guide.description.split(/^## /m);
    parts.forEach((part, i) => {
      const heading = i === 0 ? guide.name : /** @type {string} split gives one part at least */ (part.split('\n')[0]).trim();
      documents.push({
        id: `guide:${guide.slug}:${i}`,
        kind: 'guide',
        title: i === 0 ? guide.name : `${guide.name}: ${heading}`,
        route: '',
        section: `Guides › ${guide.name}`,
        text: plainText(i === 0 ? part : part.slice(part.indexOf('\n') + 1)),
        href: `/${guide.slug}/`,
      });
    });
  }
  return documents;
}

/** The serialized index (MiniSearch's own JSON form). */
/** @param {SearchDocument[]} documents */
export function buildSearchIndex(documents) {
  const index = new MiniSearch(SEARCH_OPTIONS);
  index.addAll(documents);
  return JSON.stringify({ options: SEARCH_OPTIONS, index });
}
