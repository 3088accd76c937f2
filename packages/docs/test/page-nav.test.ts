// The entries the site navigation lists under the current page (page-nav.mjs), read from the built pages: a section
// page's operations in its order with Redoc's anchors, a guide's headings with the anchors of Redoc's own sidebar.
// The browser test (site.browser.test.ts) follows each entry; this one pins what is listed without a browser.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headingEntries, operationEntries, pageEntries } from '../scripts/page-nav.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const built = (name: string) => ({
  document: JSON.parse(readFileSync(join(pkg, '.tmp/pages', `${name}.json`), 'utf8')),
  markup: readFileSync(join(pkg, '.tmp/pages', `${name}.html`), 'utf8'),
});

describe('the entries of a page in the site navigation', () => {
  it("lists every operation of a section page, in the page's order, with the anchor Redoc routes to", () => {
    const { document, markup } = built('options');
    const ops = Object.values(document.paths as Record<string, Record<string, { operationId?: string; summary?: string }>>).flatMap((item) =>
      Object.entries(item).filter(([, op]) => op?.operationId),
    );
    expect(ops.length).toBeGreaterThan(5);
    expect(pageEntries(document, markup)).toEqual(
      ops.map(([method, op]) => ({ href: `#/options/${op.operationId!.toLowerCase()}`, title: op.summary, method: method.toUpperCase() })),
    );
  });

  it('names an operation without a summary by its operationId', () => {
    const document = { paths: { '/x': { post: { operationId: 'createThing', tags: ['Things and more'] } } } };
    expect(operationEntries(document)).toEqual([{ href: '#/things-and-more/creatething', title: 'createThing', method: 'POST' }]);
  });

  it("lists a guide's headings as Redoc's prerendered sidebar names them", () => {
    const { document, markup } = built('quick-start');
    const headings = readFileSync(join(pkg, 'guides/quick-start.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.slice(3).trim());
    const entries = pageEntries(document, markup);
    expect(entries.map((e: { title: string }) => e.title)).toEqual(headings);
    expect(entries.map((e: { href: string }) => e.href)).toContain('#/section/1.-get-a-key');
    for (const e of entries) expect(e.href).toMatch(/^#\/section\/[^\s"]+$/);
  });

  it("decodes the heading text's HTML entities and ignores sidebar links that are not headings", () => {
    const markup =
      '<a class="x" href="/"><span data-text="Overview">Overview</span></a>' +
      '<a class="x" href="/section/errors-&amp;-retries"><li><span data-text="Errors &amp; &quot;retries&quot;">Errors</span></li></a>' +
      '<a href="https://redocly.com/redoc/">API docs by</a>';
    expect(headingEntries(markup)).toEqual([{ href: '#/section/errors-&-retries', title: 'Errors & "retries"' }]);
  });
});
