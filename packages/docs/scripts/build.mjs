// Builds the deploy-ready site in dist/: a landing page, one page per guide and one page per API section (tag), each a
// Redoc page prerendered by Redocly's build-docs from its own small OpenAPI document, around them a static left-hand
// navigation across every page with search over every operation and guide, and the streaming reference (stream.html).
// Redoc's runtime, its styles, the site's script and styles, MiniSearch and the search index are shared files named
// by their content hash (cacheable for ever); a page carries only its own markup and definition. Nothing on any page
// is fetched from another host and telemetry is off.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideTags } from './guides.mjs';
import { faviconIco } from './favicon.mjs';
import { sitePages } from './site-pages.mjs';
import { pageEntries } from './page-nav.mjs';
import { legacyHashForwarder, navHtml, operationPreviews, pageHtml, plainText } from './site-chrome.mjs';
import { buildInlinePage, redocRuntime, renderRedocPages, sharedStyles, withLocalLogo } from './redoc-render.mjs';
import { buildSearchIndex, searchDocuments } from './search-index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const root = join(pkg, '../..');
const dist = join(pkg, 'dist');
const tmp = join(pkg, '.tmp');
const started = performance.now();

/** @import { SpecDocument } from '@laevitas-api/spec-model' */
// The build input: the generated reference input (code samples, notes) plus the guides.
/** @type {SpecDocument} */
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
/** @type {SpecDocument} */
const spec = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
const { tags: guideList } = guideTags({ spec, docs, guidesDir: join(pkg, 'guides'), root });
const { landing, guides, sections, nav } = sitePages(docs, guideList);
const pages = [landing, ...guides, ...sections];

rmSync(dist, { recursive: true, force: true });
rmSync(join(tmp, 'pages'), { recursive: true, force: true });
mkdirSync(join(dist, 'assets'), { recursive: true });
mkdirSync(join(tmp, 'pages'), { recursive: true });
// The whole site as one document (the guides as tags in front of the reference), as the tests read it.
writeFileSync(
  join(tmp, 'openapi.site.json'),
  JSON.stringify({
    ...docs,
    tags: [...guideList, ...(docs.tags ?? [])],
    'x-tagGroups': [{ name: 'Guides', tags: guideList.map((g) => g.name) }, ...(docs['x-tagGroups'] ?? [])],
  }),
);

const inputs = pages.map((page) => {
  const name = page.slug || 'index';
  const input = join(tmp, 'pages', `${name}.json`);
  writeFileSync(input, JSON.stringify(page.document));
  return { input, output: join(tmp, 'pages', `${name}.html`), title: page.title };
});
const rendered = await renderRedocPages(inputs, { config: join(root, 'spec/redocly.yaml'), cwd: root });

/** Writes a shared file under dist/assets named by its content hash and returns its URL. @param {string} name @param {string} ext @param {string} content */
function asset(name, ext, content) {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  const file = `${name}.${hash}.${ext}`;
  writeFileSync(join(dist, 'assets', file), content);
  return `/assets/${file}`;
}
/** @type {Map<string, string>} */
const families = new Map(docs['x-tagGroups'].flatMap((/** @type {{ name: string, tags: string[] }} */ g) => g.tags.map((t) => [t, g.name])));
const guideDocs = guideList.map((g) => {
  const page = guides.find((p) => p.title === g.name);
  if (!page) throw new Error(`docs: the guide ${g.name} has no page`);
  return { ...g, slug: page.slug };
});
const assets = {
  redocJs: asset('redoc', 'js', redocRuntime()),
  redocCss: asset('redoc', 'css', sharedStyles(rendered.map((r) => r.css))),
  siteCss: asset('site', 'css', readFileSync(join(here, 'site.css'), 'utf8')),
  siteJs: asset('site', 'js', readFileSync(join(pkg, 'assets/site.js'), 'utf8')),
  searchLib: asset('minisearch', 'js', readFileSync(fileURLToPath(import.meta.resolve('minisearch')), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '')),
  searchIndex: asset('search-index', 'json', buildSearchIndex(searchDocuments({ docs, guides: guideDocs, families }))),
};

const forwarder = legacyHashForwarder(
  guides.map((g) => g.slug),
  sections.map((s) => s.slug),
);
pages.forEach((page, i) => {
  const redoc = rendered[i];
  if (!redoc) throw new Error(`docs: Redoc rendered no page for ${page.title}`);
  const dir = join(dist, page.slug);
  mkdirSync(dir, { recursive: true });
  const html = pageHtml({
    title: page.slug ? `${page.title} · Laevitas API reference` : 'Laevitas API reference',
    description: plainText(page.document.info.description),
    nav: navHtml(nav, page.slug, assets, page.slug ? pageEntries(page.document, redoc.markup) : []),
    previews: page.document.paths && Object.keys(page.document.paths).length ? operationPreviews(page.document) : '',
    headScript: page.slug ? '' : forwarder,
    redoc,
    assets,
  });
  writeFileSync(join(dir, 'index.html'), html);
});
writeFileSync(join(dist, 'favicon.ico'), faviconIco());

// The streaming reference: the AsyncAPI contract of the WebSocket gateway, rendered by the same Redoc (it renders
// AsyncAPI 3), self-contained, with the site's styles and favicon.
const streamOut = join(dist, 'stream.html');
buildInlinePage({ input: 'spec/dist/asyncapi.yaml', out: streamOut, title: 'Laevitas streaming reference', cwd: root });
const css = readFileSync(join(here, 'site.css'), 'utf8');
const streamHtml = withLocalLogo(readFileSync(streamOut, 'utf8')).replace(
  '<head>',
  `<head>\n<link rel="icon" href="/favicon.ico" sizes="16x16">\n<style>\n${css}</style>`,
);
writeFileSync(streamOut, streamHtml);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`docs: ${pages.length} pages (${sections.length} sections, ${guides.length} guides) in ${dist}, ${seconds} s`);
