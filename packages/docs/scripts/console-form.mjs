// The "Try it" console of each operation, as static HTML inside its static render: a form built from the operation's
// parameters (a value set becomes a list of choices, a required parameter is marked and required, a default is filled
// in, an example is the placeholder), its JSON body, where to send it (the local mock by default, or the family's real
// host) and the reader's API key. assets/console.js sends it with fetch and shows the answer; the key lives in the
// form field only (never stored, sent only to the chosen server).
import { deref, familyOf, firstExampleOf, schemaChainOf } from '@laevitas-api/spec-model';
import { escapeHtml, plainText } from './site-chrome.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */

/** The mock's default address (`laevitas-contract mock` listens there unless told otherwise). */
const MOCK_URL = 'http://127.0.0.1:4010';

/** The header an API key travels in, per family: the legacy family reads `apiKey`, the versioned one `X-API-Key`. */
const KEY_HEADER = { legacy: 'apiKey', v1: 'X-API-Key' };

/** The values a schema allows (following `$ref` and single `allOf`), its default, and whether it is a boolean. */
/** @param {SpecNode} document @param {SpecNode | undefined} schema */
function valuesOf(document, schema) {
  /** @type {unknown} */
  let fallback;
  for (const s of schemaChainOf(document, schema)) {
    if (s.default !== undefined && fallback === undefined) fallback = s.default;
    if (s.enum) return { values: s.enum.map(String), default: fallback };
    if (s.type === 'boolean') return { values: ['true', 'false'], default: fallback };
    const items = s.type === 'array' ? deref(document, s.items) : undefined;
    if (items?.enum) return { values: items.enum.map(String), default: fallback, multiple: true };
  }
  return { values: undefined, default: fallback };
}

/** The JSON type a parameter's value takes (so the TypeScript call passes `100`, not `'100'`). */
/** @param {SpecNode} document @param {SpecNode | undefined} schema @returns {string} */
function jsonType(document, schema) {
  for (const s of schemaChainOf(document, schema)) if (typeof s.type === 'string') return s.type;
  return 'string';
}

/** @param {SpecNode} document @param {SpecNode} p @param {string} id */
function field(document, p, id) {
  const { values, default: given, multiple } = valuesOf(document, p.schema);
  // A required parameter without a default starts at its example, so the first send is one the service accepts.
  const fallback = given === undefined && p.required ? p.example : given;
  const label = `<label for="${id}"><code>${escapeHtml(p.name)}</code> <span class="console-in">${escapeHtml(p.in)}</span>${p.required ? ' <strong class="console-required">required</strong>' : ''}</label>`;
  const data = `name="${escapeHtml(p.name)}" data-in="${escapeHtml(p.in)}" data-type="${jsonType(document, p.schema)}"${p.required ? ' required aria-required="true"' : ''}`;
  const title = p.description ? ` title="${escapeHtml(plainText(p.description).slice(0, 200))}"` : '';
  if (values) {
    const chosen = new Set((Array.isArray(fallback) ? fallback : fallback === undefined ? [] : [fallback]).map(String));
    const empty = p.required || multiple ? '' : `<option value=""${chosen.size ? '' : ' selected'}>(not sent)</option>`;
    const options = values.map((/** @type {string} */ v) => `<option${chosen.has(v) ? ' selected' : ''}>${escapeHtml(v)}</option>`).join('');
    return `${label}<select id="${id}" ${data}${multiple ? ' multiple' : ''}${title}>${empty}${options}</select>`;
  }
  const value = Array.isArray(fallback) ? fallback.join(',') : fallback;
  const placeholder = p.example === undefined ? '' : ` placeholder="${escapeHtml(Array.isArray(p.example) ? p.example.join(',') : p.example)}"`;
  return `${label}<input id="${id}" type="text" ${data}${value === undefined ? '' : ` value="${escapeHtml(value)}"`}${placeholder}${title} autocomplete="off" spellcheck="false">`;
}

/**
 * The console's form for one operation.
 * @param {SpecNode} document the section page's document
 * @param {{ path: string, method: string, op: SpecNode }} operation
 */
export function consoleForm(document, { path, method, op }) {
  const servers = op.servers ?? document.paths[path]?.servers ?? [];
  const family = familyOf(path, deref(document, document.paths[path]));
  const live = servers.find((/** @type {SpecNode} */ s) => !s.url.includes('{'))?.url;
  const id = (/** @type {string} */ name) => `c-${op.operationId}-${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const fields = (op.parameters ?? [])
    .map((/** @type {SpecNode} */ raw) => deref(document, raw))
    .filter((/** @type {SpecNode} */ p) => p.in !== 'cookie')
    .map((/** @type {SpecNode} */ p) => `<div class="console-field">${field(document, p, id(`${p.in}-${p.name}`))}</div>`)
    .join('');
  const body = deref(document, op.requestBody)?.content?.['application/json'];
  const bodyExample = firstExampleOf(document, body)?.value;
  const bodyField = body
    ? `<div class="console-field console-wide"><label for="${id('body')}">Body (JSON)</label><textarea id="${id('body')}" name="__body" rows="6" spellcheck="false">${escapeHtml(bodyExample === undefined ? '' : JSON.stringify(bodyExample, null, 2))}</textarea></div>`
    : '';
  const statuses = Object.keys(op.responses ?? {}).filter((s) => /^\d{3}$/.test(s) && !s.startsWith('2'));
  const prefer = statuses.length
    ? `<div class="console-field"><label for="${id('prefer')}">Mock outcome</label><select id="${id('prefer')}" name="__prefer"><option value="">as the request decides</option>${statuses.map((s) => `<option value="${s}">force ${s} (Prefer: code=${s})</option>`).join('')}</select></div>`
    : '';
  return [
    `<details class="op-console"><summary>Try it</summary>`,
    `<form class="console-form" novalidate data-method="${method.toUpperCase()}" data-path="${escapeHtml(path)}" data-operation="${escapeHtml(op.operationId)}" data-family="${family}" data-key-header="${KEY_HEADER[family]}"${live ? ` data-live="${escapeHtml(live)}"` : ''}>`,
    '<fieldset class="console-target"><legend>Send to</legend>',
    `<label><input type="radio" name="__target" value="mock" checked> the local mock at</label> <input type="url" name="__mock" value="${MOCK_URL}" aria-label="Mock base URL" autocomplete="off" spellcheck="false">`,
    live ? `<br><label><input type="radio" name="__target" value="live"> the real API, ${escapeHtml(live)}</label>` : '',
    '</fieldset>',
    `<div class="console-field console-wide"><label for="${id('key')}">API key (<code>${KEY_HEADER[family]}</code>): kept in this page only, sent only to the server above</label><input id="${id('key')}" type="password" name="__key" autocomplete="off" spellcheck="false"></div>`,
    prefer,
    fields,
    bodyField,
    '<p><button type="submit">Send request</button></p>',
    '</form>',
    '<div class="console-result" aria-live="polite" hidden></div>',
    '</details>',
  ].join('');
}
