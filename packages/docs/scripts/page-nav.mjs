// What the site navigation lists under the page it is on, so the site navigation is the page's only one (Redoc's own
// sidebar is hidden, see site.css): on a section page every operation, on a guide or the landing page its headings.
// Each entry links to the anchor Redoc itself routes to (`#/<tag>/<operationid>`, `#/section/<heading>`), so clicking
// it scrolls Redoc to the entry exactly as Redoc's sidebar did.
import { operationAnchor, operationsOf } from './site-pages.mjs';

/**
 * @typedef {object} PageEntry
 * @property {string} href the anchor Redoc routes to, `#/...`
 * @property {string} title what the entry shows
 * @property {string} [method] the HTTP method of an operation entry, upper-case
 */

/**
 * Every operation of a section page, in Redoc's order (paths in document order, methods in OpenAPI's order).
 * @param {{ paths?: Record<string, any> }} document
 * @returns {PageEntry[]}
 */
export function operationEntries(document) {
  return operationsOf(document).map(({ method, op, tag }) => {
    if (tag === undefined) throw new Error(`docs: ${op.operationId} has no tag, so no anchor on its section page`);
    return { href: operationAnchor(tag, op.operationId), title: op.summary ?? op.operationId, method: method.toUpperCase() };
  });
}

/**
 * The headings Redoc's sidebar lists on a page without operations (a guide, the landing page), read from its
 * prerendered sidebar: Redoc derives their anchors from the heading text, so reading them back keeps its exact slugs.
 * @param {string} markup the prerendered `#redoc` markup of the page
 * @returns {PageEntry[]}
 */
export function headingEntries(markup) {
  /** @type {PageEntry[]} */
  const entries = [];
  for (const [, path = '', inner = ''] of markup.matchAll(/<a [^>]*href="(\/section\/[^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const text = /data-text="([^"]*)"/.exec(inner)?.[1] ?? inner.replace(/<[^>]*>/g, '');
    if (text.trim()) entries.push({ href: `#${decodeEntities(path)}`, title: decodeEntities(text.trim()) });
  }
  return entries;
}

/** @param {string} s */
const decodeEntities = (s) =>
  s.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * The entries of a page: its operations when it has any, otherwise its headings.
 * @param {{ paths?: Record<string, any> }} document
 * @param {string} markup
 * @returns {PageEntry[]}
 */
export function pageEntries(document, markup) {
  const operations = operationEntries(document);
  return operations.length ? operations : headingEntries(markup);
}
