// A static render of every operation of a section page, in the page's HTML: what a deep link shows at its first
// paint, with or without scripts (CSS shows the one the URL's hash names, through :target or the class an inline
// script sets), and all a reader of one operation needs: the route, the description with its price, rate-limit and
// pagination notes, the parameters with their types, value sets, defaults and limits, the body, every code sample and
// the responses with an example. Redoc's runtime (its schema explorer) is loaded only when the reader asks for it or
// moves to another operation; until then nothing of its 650 kB is fetched.
import { deref, firstExampleOf } from '@laevitas-api/spec-model';
import { constraintsOf, operationMarkdownUrl, typeOf } from './markdown-twins.mjs';
import { operationAnchor, operationsOf } from './site-pages.mjs';
import { escapeHtml, plainText } from './site-chrome.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */

/** Paragraphs and bullet lists of a description as plain-text HTML. */
function blocks(markdown = '') {
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

// A response example longer than this is cut in the static render; the full one is in Redoc and the bundles.
const EXAMPLE_LIMIT = 2500;

/** @param {SpecNode} document @param {SpecNode} op */
function parametersTable(document, op) {
  const rows = (op.parameters ?? []).map((/** @type {SpecNode} */ raw) => {
    const p = deref(document, raw);
    return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(typeOf(document, p.schema))}</td><td>${p.required ? 'required' : 'optional'}</td><td>${escapeHtml(constraintsOf(document, p.schema).join('; ').replaceAll('`', ''))}</td><td>${escapeHtml(plainText(p.description))}</td></tr>`;
  });
  if (!rows.length) return '';
  return `<h3>Parameters</h3><div class="op-table"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Values, default, limits</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** @param {SpecNode} document @param {SpecNode | undefined} media */
function example(document, media) {
  const named = firstExampleOf(document, media)?.value;
  if (named === undefined) return '';
  const text = JSON.stringify(named, null, 2);
  return `<pre><code>${escapeHtml(text.length > EXAMPLE_LIMIT ? `${text.slice(0, EXAMPLE_LIMIT)}\n…` : text)}</code></pre>`;
}

/** @param {SpecNode} document @param {SpecNode} op */
function responsesList(document, op) {
  const items = Object.entries(op.responses ?? {}).map(([status, raw]) => {
    const response = deref(document, raw);
    const [type, media] = Object.entries(response?.content ?? {})[0] ?? [];
    const shape = type ? ` <code>${escapeHtml(typeOf(document, media?.schema))}</code>` : '';
    const body = status.startsWith('2') ? `<details><summary>Example</summary>${example(document, media)}</details>` : '';
    return `<li><strong>${escapeHtml(status)}</strong>${shape}: ${escapeHtml(plainText(response?.description))}${body}</li>`;
  });
  return `<h3>Responses</h3><ul class="op-responses">${items.join('')}</ul>`;
}

/** @param {SpecNode} op */
function samples(op) {
  const list = op['x-codeSamples'] ?? [];
  if (!list.length) return '';
  const items = list.map(
    (/** @type {SpecNode} */ s, /** @type {number} */ i) =>
      `<details${i === 0 ? ' open' : ''}><summary>${escapeHtml(s.label ?? s.lang)}</summary><pre><code>${escapeHtml(s.source)}</code></pre></details>`,
  );
  return `<h3>Request samples</h3>${items.join('')}`;
}

/** @param {SpecNode} document @param {SpecNode} op */
function requestBody(document, op) {
  const body = deref(document, op.requestBody);
  if (!body) return '';
  const media = body.content?.['application/json'];
  return `<h3>Request body</h3><p>${body.required ? 'Required' : 'Optional'}, <code>application/json</code>: <code>${escapeHtml(typeOf(document, media?.schema))}</code></p>${example(document, media)}`;
}

/**
 * Every operation of a section page, each a `<section>` whose id is Redoc's anchor for it.
 * @param {SpecNode} document
 * @param {(op: { path: string, method: string, op: SpecNode, tag: string }) => string} [extra] more HTML per operation (the console)
 */
export function operationPreviews(document, extra = () => '') {
  const sections = operationsOf(document).map(({ path, method, op, tag }) => {
    if (tag === undefined) throw new Error(`docs: ${op.operationId} has no tag, so no anchor on its section page`);
    const anchor = operationAnchor(tag, op.operationId).slice(1);
    return [
      `<section class="op-preview" id="${escapeHtml(anchor)}" aria-label="${escapeHtml(op.summary ?? op.operationId)}">`,
      `<h2>${escapeHtml(op.summary ?? op.operationId)}</h2>`,
      `<p class="op-preview-route"><span class="op-preview-method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> · <a href="${operationMarkdownUrl(tag, op.operationId)}" type="text/markdown">Markdown</a> <button type="button" class="op-load-redoc" data-load-redoc hidden>Open in the interactive reference</button> <button type="button" class="op-close" data-close-preview>Close</button></p>`,
      blocks(op.description),
      parametersTable(document, op),
      requestBody(document, op),
      extra({ path, method, op, tag }),
      samples(op),
      responsesList(document, op),
      '</section>',
    ].join('');
  });
  // Chromium sets :target only after the module scripts have run, so a classic inline script (which runs while the
  // page is parsed) marks the preview of the operation the URL's hash names.
  const show = `<script>(function(){var e=document.getElementById(decodeURIComponent(location.hash.slice(1)));if(e&&e.className==='op-preview')e.className+=' op-preview-shown';})();</script>`;
  const launcher = '<button type="button" id="console-open" class="console-open" hidden>Try it</button>';
  return sections.length ? `<div id="op-previews">${sections.join('\n')}</div>${show}${launcher}` : '';
}
