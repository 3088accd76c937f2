// What the site serves to programs beside its HTML: `/llms.txt` (the llmstxt.org index: every page with a one-line
// description), `/llms-full.txt` (every page's Markdown in one file), the Markdown twins (markdown-twins.mjs), the
// contract's bundles at stable URLs under `/spec/`, and `/.well-known/api-catalog` (RFC 9727, a linkset naming each
// API's machine-readable descriptions and its documentation), so an agent or an API tool finds all of it from the
// host name alone.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { firstSentence, operationMarkdown, operationMarkdownUrl, pageMarkdownUrl, sectionMarkdown } from './markdown-twins.mjs';
import { operationsOf } from './site-pages.mjs';

/** @import { Page, NavGroup } from './site-pages.mjs' */
/** @import { SpecNode } from '@laevitas-api/spec-model' */

/** The bundles the site serves, by URL: the file under the workspace root each is copied from and what it is. */
export const SPEC_FILES = [
  { url: '/spec/openapi.json', from: 'spec/dist/openapi.json', type: 'application/openapi+json', title: 'OpenAPI 3.1, both families (JSON)' },
  { url: '/spec/openapi.yaml', from: 'spec/dist/openapi.yaml', type: 'application/openapi+yaml', title: 'OpenAPI 3.1, both families (YAML)' },
  {
    url: '/spec/openapi-3.0.yaml',
    from: 'spec/dist/openapi-3.0.yaml',
    type: 'application/openapi+yaml',
    title: 'OpenAPI 3.0, both families, for tools that read only 3.0',
  },
  { url: '/spec/openapi.legacy.json', from: 'spec/dist/openapi.legacy.json', type: 'application/openapi+json', title: 'OpenAPI 3.1, legacy family only' },
  { url: '/spec/openapi.v1.json', from: 'spec/dist/openapi.v1.json', type: 'application/openapi+json', title: 'OpenAPI 3.1, versioned family only' },
  { url: '/spec/asyncapi.json', from: 'spec/dist/asyncapi.json', type: 'application/asyncapi+json', title: 'AsyncAPI 3, the WebSocket stream (JSON)' },
  { url: '/spec/asyncapi.yaml', from: 'spec/dist/asyncapi.yaml', type: 'application/asyncapi+yaml', title: 'AsyncAPI 3, the WebSocket stream (YAML)' },
];
export const API_CATALOG = '/.well-known/api-catalog';

/**
 * Every Markdown file of the site by URL: the landing page, each guide, each section and each operation.
 * @param {{ landing: Page, guides: Page[], sections: Page[] }} pages
 * @returns {Map<string, string>}
 */
export function markdownFiles({ landing, guides, sections }) {
  /** @type {Map<string, string>} */
  const files = new Map();
  files.set(pageMarkdownUrl(''), `# ${landing.title}\n\n${landing.document.info.description.replaceAll('](/stream.html)', '](/spec/asyncapi.yaml)').trim()}\n`);
  for (const guide of guides) files.set(pageMarkdownUrl(guide.slug), `# ${guide.title}\n\n${guide.document.info.description.trim()}\n`);
  for (const section of sections) {
    files.set(pageMarkdownUrl(section.slug), sectionMarkdown(section));
    for (const operation of operationsOf(section.document)) {
      const url = operationMarkdownUrl(section.title, operation.op.operationId);
      if (files.has(url)) throw new Error(`docs: two operations would share the Markdown twin ${url}`);
      files.set(url, operationMarkdown(section.document, { ...operation, tag: section.title }));
    }
  }
  return files;
}

/**
 * `/llms.txt`: the title, a one-line summary, then a list per group of the site (guides, each family's sections
 * with their operations), every entry a link to a Markdown twin with one line about it.
 * @param {{ docs: SpecNode, guides: Page[], sections: Page[], nav: NavGroup[] }} site
 */
export function llmsTxt({ docs, guides, sections, nav }) {
  const bySlug = new Map(sections.map((s) => [s.slug, s]));
  const lines = [
    `# ${docs.info.title}`,
    '',
    `> ${firstSentence(docs.info.description)} Two HTTP API families (legacy \`/analytics\`, \`/historical\`; versioned \`/api/v1\`) and a WebSocket stream. Every link below is Markdown; each HTML page has its twin at the same path with \`.md\` (a section's at \`index.md\`).`,
    '',
    `- [Overview](${pageMarkdownUrl('')}): the API families, their hosts, authentication and every page of this site.`,
    `- [Full text](/llms-full.txt): every page and operation below in one Markdown file.`,
    `- [API catalog](${API_CATALOG}): RFC 9727 linkset of the machine-readable descriptions.`,
    '',
    '## Guides',
    '',
    ...guides.map((g) => `- [${g.title}](${pageMarkdownUrl(g.slug)}): ${oneLine(g.document.info.description)}`),
    '',
  ];
  for (const group of nav.slice(1)) {
    for (const entry of group.pages) {
      const section = bySlug.get(entry.slug);
      if (!section) throw new Error(`docs: navigation names a section ${entry.slug} with no page`);
      lines.push(
        `## ${group.name}: ${section.title}`,
        '',
        `- [${section.title} (section)](${pageMarkdownUrl(section.slug)}): ${oneLine(section.document.tags?.[0]?.description)}`,
      );
      for (const { path, method, op } of operationsOf(section.document))
        lines.push(
          `- [${op.summary ?? op.operationId}](${operationMarkdownUrl(section.title, op.operationId)}): \`${method.toUpperCase()} ${path}\`. ${oneLine(op.description)}`,
        );
      lines.push('');
    }
  }
  lines.push('## Specifications', '', ...SPEC_FILES.map((f) => `- [${f.title}](${f.url}): \`${f.type}\`.`), '');
  return lines.join('\n');
}

/** A description's first sentence without Markdown links or line breaks. @param {string | undefined} text */
function oneLine(text) {
  const sentence = firstSentence(text).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  // The guides open with a heading; their first paragraph is the next block.
  if (/^#/.test(sentence) && text) return oneLine(text.replace(/^#[^\n]*\n+/, ''));
  return sentence || 'see the page.';
}

/**
 * `/llms-full.txt`: the overview, the guides, then each section with its operations, in the order of llms.txt.
 * @param {Map<string, string>} files markdownFiles' result
 */
export function llmsFullTxt(files) {
  return [...files.values()].join('\n\n---\n\n');
}

/**
 * `/.well-known/api-catalog` (RFC 9727): one linkset entry per API, anchored at its host, naming its descriptions
 * (`service-desc`), this documentation (`service-doc`) and the agents' index (`describedby`).
 * @param {SpecNode} docs @param {SpecNode} asyncapi
 */
export function apiCatalog(docs, asyncapi) {
  const hosts = (docs.servers ?? []).map((/** @type {SpecNode} */ s) => s.url).filter((/** @type {string} */ u) => !u.includes('{'));
  const spec = (/** @type {string} */ url) => {
    const file = SPEC_FILES.find((f) => f.url === url);
    if (!file) throw new Error(`docs: the catalog names ${url}, which the site does not serve`);
    return { href: file.url, type: file.type, title: file.title };
  };
  const doc = [{ href: '/', type: 'text/html', title: 'API reference' }];
  const described = [{ href: '/llms.txt', type: 'text/markdown', title: 'Index for LLM agents (llms.txt)' }];
  const legacy = hosts.find((/** @type {string} */ h) => /\/\/api\./.test(h));
  const v1 = hosts.find((/** @type {string} */ h) => /\/\/apiv2\./.test(h));
  if (!legacy || !v1) throw new Error(`docs: the catalog needs both families' hosts among the servers (${hosts.join(', ')})`);
  // The stream's first server, its `{v2_host}`-style variables at their defaults.
  const [stream] = Object.values(asyncapi.servers ?? {});
  const streamHost = stream && String(stream.host).replace(/\{([^}]+)\}/g, (_, name) => stream.variables?.[name]?.default ?? `{${name}}`);
  const linkset = [
    {
      anchor: `${v1}/`,
      'service-desc': [spec('/spec/openapi.v1.json'), spec('/spec/openapi.json'), spec('/spec/openapi-3.0.yaml')],
      'service-doc': doc,
      describedby: described,
    },
    {
      anchor: `${legacy}/`,
      'service-desc': [spec('/spec/openapi.legacy.json'), spec('/spec/openapi.json'), spec('/spec/openapi-3.0.yaml')],
      'service-doc': doc,
      describedby: described,
    },
  ];
  if (stream)
    linkset.push({
      anchor: `${stream.protocol}://${streamHost}${stream.pathname ?? ''}`,
      'service-desc': [spec('/spec/asyncapi.json'), spec('/spec/asyncapi.yaml')],
      'service-doc': [{ href: '/stream.html', type: 'text/html', title: 'WebSocket streaming reference' }],
      describedby: described,
    });
  return `${JSON.stringify({ linkset }, null, 2)}\n`;
}

/**
 * Writes every file above into dist/.
 * @param {{ dist: string, root: string, docs: SpecNode, asyncapi: SpecNode, landing: Page, guides: Page[], sections: Page[], nav: NavGroup[] }} site
 */
export function writeAgentFiles({ dist, root, docs, asyncapi, landing, guides, sections, nav }) {
  const files = markdownFiles({ landing, guides, sections });
  files.forEach((text, url) => write(dist, url, text));
  write(dist, '/llms.txt', llmsTxt({ docs, guides, sections, nav }));
  write(dist, '/llms-full.txt', llmsFullTxt(files));
  for (const file of SPEC_FILES) {
    mkdirSync(dirname(join(dist, file.url)), { recursive: true });
    copyFileSync(join(root, file.from), join(dist, file.url));
  }
  write(dist, API_CATALOG, apiCatalog(docs, asyncapi));
  return files;
}

/** @param {string} dist @param {string} url @param {string} text */
function write(dist, url, text) {
  const file = join(dist, url);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
