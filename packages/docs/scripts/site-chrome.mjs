// The static HTML around each Redoc page: the head with the shared files, the left-hand navigation across every page
// of the site with its search box, a static render of each operation of a section page (shown at once for the
// operation a link points to, before Redoc's runtime has run, and removed when Redoc shows the same operation), and
// the forwarding of the single-page site's hash links from the landing page to the page that now holds them.
import { operationAnchor, operationsOf } from './site-pages.mjs';
import { deref } from '@laevitas-api/spec-model';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { NavGroup } from './site-pages.mjs' */
/**
 * The URLs of the shared files (build.mjs names them by content hash).
 * @typedef {{ redocJs: string, redocCss: string, siteCss: string, siteJs: string, searchLib: string, searchIndex: string }} Assets
 */

/** @param {unknown} s */
export const escapeHtml = (s) => String(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Markdown to plain text for the static previews (Redoc renders the real Markdown once it runs). */
export function plainText(markdown = '') {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|[*`>#|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The left-hand navigation, the page's only one: every page of the site by group, the current one marked with its
 * own entries under it (its operations or headings, page-nav.mjs), and the search box. On narrow screens it folds
 * into a bar with a Menu button (site.js).
 * @param {NavGroup[]} nav
 * @param {string} current
 * @param {Assets} assets
 * @param {import('./page-nav.mjs').PageEntry[]} [entries] the current page's operations or headings
 */
export function navHtml(nav, current, assets, entries = []) {
  const groups = nav
    .map((group) => {
      const open = group.pages.some((p) => p.slug === current) || group.name === 'Guides';
      const links = group.pages
        .map(
          (p) =>
            `<li><a href="/${p.slug}/"${p.slug === current ? ' aria-current="page"' : ''}>${escapeHtml(p.title)}</a>${p.slug === current ? entriesHtml(entries) : ''}</li>`,
        )
        .join('');
      return `<details${open ? ' open' : ''}><summary>${escapeHtml(group.name)}</summary><ul>${links}</ul></details>`;
    })
    .join('');
  return [
    `<nav id="site-nav" aria-label="All sections" data-search-index="${assets.searchIndex}" data-search-lib="${assets.searchLib}">`,
    '<div class="site-nav-bar">',
    `<a class="site-home" href="/"${current === '' ? ' aria-current="page"' : ''}>Laevitas API reference</a>`,
    '<button type="button" class="site-nav-toggle" aria-expanded="true" aria-controls="site-nav-body" hidden>Menu</button>',
    '</div>',
    '<div id="site-nav-body">',
    '<form class="site-search" role="search" onsubmit="return false">',
    '<label for="site-search-input">Search every operation and guide</label>',
    '<input id="site-search-input" type="search" autocomplete="off" placeholder="e.g. funding rate" aria-controls="site-search-results">',
    '<p id="site-search-status" class="site-search-status" aria-live="polite"></p>',
    '<ul id="site-search-results" class="site-search-results"></ul>',
    '</form>',
    groups,
    '<p class="site-stream"><a href="/stream.html">WebSocket streaming reference</a></p>',
    '</div>',
    '</nav>',
    // Folded on narrow screens from the first paint (a classic script runs as the page is parsed); site.js opens it.
    `<script>(function(){var n=document.getElementById('site-nav');n.setAttribute('data-menu','closed');var b=n.querySelector('.site-nav-toggle');b.hidden=false;b.setAttribute('aria-expanded','false');})();</script>`,
  ].join('\n');
}

/**
 * The current page's entries as links to Redoc's anchors, an operation's method as a badge before its summary.
 * @param {import('./page-nav.mjs').PageEntry[]} entries
 */
function entriesHtml(entries) {
  if (!entries.length) return '';
  const items = entries.map((e) => {
    const method = e.method ? `<span class="site-method site-method-${e.method.toLowerCase()}">${escapeHtml(e.method)}</span> ` : '';
    return `<li><a href="${escapeHtml(e.href)}">${method}${escapeHtml(e.title)}</a></li>`;
  });
  return `<ul class="site-entries">${items.join('')}</ul>`;
}

/** A static render of every operation of a section page; CSS shows only the one the URL's hash targets. */
/** @param {SpecNode} document */
export function operationPreviews(document) {
  const sections = operationsOf(document).map(({ path, method, op, tag }) => {
    if (tag === undefined) throw new Error(`docs: ${op.operationId} has no tag, so no anchor on its section page`);
    const anchor = operationAnchor(tag, op.operationId).slice(1);
    const params = (op.parameters ?? [])
      .map((/** @type {SpecNode} */ p) => deref(document, p))
      .map(
        (/** @type {SpecNode} */ p) =>
          `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})${p.description ? `: ${escapeHtml(plainText(p.description))}` : ''}</li>`,
      )
      .join('');
    const curl = op['x-codeSamples']?.find((/** @type {SpecNode} */ s) => s.lang === 'Shell') ?? op['x-codeSamples']?.[0];
    return [
      `<section class="op-preview" id="${escapeHtml(anchor)}" aria-label="${escapeHtml(op.summary ?? op.operationId)}">`,
      `<h2>${escapeHtml(op.summary ?? op.operationId)}</h2>`,
      `<p class="op-preview-route"><span class="op-preview-method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></p>`,
      previewBlocks(op.description),
      params ? `<h3>Parameters</h3><ul>${params}</ul>` : '',
      curl ? `<h3>Request sample (${escapeHtml(curl.label ?? curl.lang)})</h3><pre><code>${escapeHtml(curl.source)}</code></pre>` : '',
      '</section>',
    ].join('');
  });
  // Chromium sets :target only after the module scripts have run, so a classic inline script (which runs while the
  // page is parsed, long before Redoc's runtime) marks the preview of the operation the URL's hash names.
  const show = `<script>(function(){var e=document.getElementById(decodeURIComponent(location.hash.slice(1)));if(e&&e.className==='op-preview')e.className+=' op-preview-shown';})();</script>`;
  return sections.length ? `<div id="op-previews">${sections.join('\n')}</div>${show}` : '';
}

/** Paragraphs and bullet lists of a description as plain-text HTML (enough to read before Redoc renders it). */
function previewBlocks(markdown = '') {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => {
      const items = block.split(/\n(?=\s*[-*] )/);
      if (items.length > 1 || /^\s*[-*] /.test(block))
        return `<ul>${items.map((i) => `<li>${escapeHtml(plainText(i.replace(/^\s*[-*] /, '')))}</li>`).join('')}</ul>`;
      const text = plainText(block);
      return text ? `<p>${escapeHtml(text)}</p>` : '';
    })
    .join('');
}

/**
 * The landing page forwards the single-page site's links: `/#/quick-start` to the guide's page, `/#/options` and
 * `/#/options/getoptionsohlcvt` to the section page (keeping the operation's hash). Runs before anything renders.
 */
/** @param {string[]} guideSlugs @param {string[]} sectionSlugs */
export function legacyHashForwarder(guideSlugs, sectionSlugs) {
  return `<script>(function(){var g=${JSON.stringify(guideSlugs)},s=${JSON.stringify(sectionSlugs)};var m=/^#\\/([a-z0-9-]+)(\\/.*)?$/.exec(location.hash);if(!m)return;if(g.indexOf(m[1])>=0)location.replace('/'+m[1]+'/');else if(s.indexOf(m[1])>=0)location.replace('/'+m[1]+'/'+(m[2]?location.hash:''));})();</script>`;
}

/** A whole page: shared files in the head, navigation, previews, Redoc's prerendered markup and its hydrate call. */
/**
 * @param {{ title: string, description: string, nav: string, previews?: string | undefined, headScript?: string | undefined,
 *   redoc: { markup: string, script: string }, assets: Assets }} page
 */
export function pageHtml({ title, description, nav, previews = '', headScript = '', redoc, assets }) {
  const hydrate = redoc.script.replace(
    /hydrate\(__redoc_definition, __redoc_options, document\.getElementById\('redoc'\)\);?\s*$/,
    "hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));",
  );
  if (!hydrate.includes('hydrate(__redoc_definition')) throw new Error(`docs: no hydrate call on ${title}`);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description.slice(0, 300))}">` : '',
    headScript,
    '<link rel="icon" href="/favicon.ico" sizes="16x16">',
    `<link rel="stylesheet" href="${assets.redocCss}">`,
    `<link rel="stylesheet" href="${assets.siteCss}">`,
    `<link rel="modulepreload" href="${assets.redocJs}">`,
    `<script type="module" src="${assets.siteJs}"></script>`,
    '</head>',
    '<body>',
    nav,
    previews,
    redoc.markup,
    `<script type="module">\nimport { hydrate } from ${JSON.stringify(assets.redocJs)};\n${hydrate}\n</script>`,
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
}
