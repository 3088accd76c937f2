// The Markdown twin of each page, for readers that are programs (LLM agents, scripts) rather than browsers: Redoc's
// HTML carries the reference in a JavaScript definition, which such readers parse badly. Every operation gets its own
// file at the deep link's path with `.md` (`/options/#/options/getoptionsohlcvt` -> `/options/getoptionsohlcvt.md`),
// every section, guide and the landing page an `index.md` beside its `index.html`. Built from the same generated
// reference input as the HTML (so it says what the page says: parameters with their types, value sets, defaults and
// limits; the price, rate-limit and pagination notes; responses with examples; the code samples).
import { deref, firstExampleOf, schemaChainOf } from '@laevitas-api/spec-model';
import { operationAnchor, operationsOf, slugOf } from './site-pages.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */

/** The URL of an operation's Markdown twin. @param {string} tag @param {string} operationId */
export const operationMarkdownUrl = (tag, operationId) => `/${slugOf(tag)}/${operationId.toLowerCase()}.md`;

/** The URL of a page's Markdown twin (`''` is the landing page). @param {string} slug */
export const pageMarkdownUrl = (slug) => (slug ? `/${slug}/index.md` : '/index.md');

// An example longer than this is cut in the twin (the bundles hold it whole): one response example can be a page of
// rows, and an agent reading the twin needs its shape, not every row.
const EXAMPLE_LIMIT = 3000;

/** A schema's type in a few words: `string (date-time)`, `integer`, `array of OhlcvtRow`, `Resolution`. */
/** @param {SpecNode} document @param {SpecNode | undefined} schema @returns {string} */
export function typeOf(document, schema) {
  if (!schema) return 'any';
  if (schema.$ref) {
    // A named scalar says what it is underneath (`IsoDateTime (string, date-time)`); a named object is its name.
    const target = deref(document, schema);
    const name = schema.$ref.split('/').pop();
    const scalar = target && !target.properties && typeof target.type === 'string' && target.type !== 'object' && target.type !== 'array';
    return scalar ? `${name} (${[target.type, target.format].filter(Boolean).join(', ')})` : name;
  }
  if (schema.allOf?.length === 1) return typeOf(document, schema.allOf[0]);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map((/** @type {SpecNode} */ s) => typeOf(document, s)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `array of ${typeOf(document, schema.items)}`;
  const name = types.length ? types.join(' | ') : schema.properties ? 'object' : 'any';
  return schema.format ? `${name} (${schema.format})` : name;
}

/** Value set, default and limits of a schema, following single `allOf` and `$ref` wrappers. */
/** @param {SpecNode} document @param {SpecNode | undefined} schema @returns {string[]} */
export function constraintsOf(document, schema) {
  /** @type {string[]} */
  const out = [];
  /** @type {unknown} */
  let fallbackDefault;
  for (const s of schemaChainOf(document, schema)) {
    if (s.default !== undefined && fallbackDefault === undefined) fallbackDefault = s.default;
    const items = s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) ? deref(document, s.items) : undefined;
    const values = s.enum ?? items?.enum ?? (s.const !== undefined ? [s.const] : undefined);
    if (values) out.push(`one of ${values.map((/** @type {unknown} */ v) => `\`${String(v)}\``).join(', ')}`);
    for (const [key, word] of /** @type {const} */ ([
      ['minimum', '>='],
      ['exclusiveMinimum', '>'],
      ['maximum', '<='],
      ['exclusiveMaximum', '<'],
      ['minLength', 'min length'],
      ['maxLength', 'max length'],
      ['minItems', 'min items'],
      ['maxItems', 'max items'],
    ]))
      if (typeof s[key] === 'number') out.push(`${word} ${s[key]}`);
    if (s.pattern) out.push(`pattern \`${s.pattern}\``);
  }
  if (fallbackDefault !== undefined) out.unshift(`default \`${JSON.stringify(fallbackDefault)}\``);
  return out;
}

/** A Markdown table cell: one line, pipes escaped. @param {unknown} text */
const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replaceAll('|', '\\|')
    .trim();

/** @param {unknown} value */
function exampleBlock(value) {
  const text = JSON.stringify(value, null, 2);
  const cut = text.length > EXAMPLE_LIMIT ? `${text.slice(0, EXAMPLE_LIMIT)}\n… (cut here; the whole example is in the OpenAPI bundle)` : text;
  return ['```json', cut, '```'].join('\n');
}

/** The properties of an object schema as table rows (one level; an array's item type is named). */
/** @param {SpecNode} document @param {SpecNode | undefined} schema */
function propertyRows(document, schema) {
  const s = deref(document, schema);
  const required = new Set(s?.required ?? []);
  return Object.entries(s?.properties ?? {}).map(
    ([name, prop]) =>
      `| \`${name}\` | ${cell(typeOf(document, prop))} | ${required.has(name) ? 'yes' : 'no'} | ${cell([deref(document, prop)?.description, ...constraintsOf(document, prop)].filter(Boolean).join('; '))} |`,
  );
}

/**
 * The Markdown twin of one operation.
 * @param {SpecNode} document the reference input (or a section page's document)
 * @param {{ path: string, method: string, op: SpecNode, tag: string }} operation
 */
export function operationMarkdown(document, { path, method, op, tag }) {
  const servers = op.servers ?? document.paths[path]?.servers ?? document.servers ?? [];
  const base = servers.find((/** @type {SpecNode} */ s) => !s.url.includes('{'))?.url;
  const lines = [
    `# ${op.summary ?? op.operationId}`,
    '',
    `\`${method.toUpperCase()} ${path}\``,
    '',
    `- operationId: \`${op.operationId}\``,
    `- Section: [${tag}](${pageMarkdownUrl(slugOf(tag))})`,
    base ? `- Base URL: \`${base}\`` : '',
    `- Page: [${tag}](/${slugOf(tag)}/${operationAnchor(tag, op.operationId)})`,
    op.deprecated ? '- **Deprecated.**' : '',
    '',
    op.description?.trim() ?? '',
    '',
  ];
  const parameters = (op.parameters ?? []).map((/** @type {SpecNode} */ p) => deref(document, p));
  if (parameters.length) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Values, default, limits | Description |', '| --- | --- | --- | --- | --- | --- |');
    for (const p of parameters)
      lines.push(
        `| \`${p.name}\` | ${p.in} | ${cell(typeOf(document, p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell(constraintsOf(document, p.schema).join('; '))} | ${cell(p.description)} |`,
      );
    lines.push('');
  }
  const body = deref(document, op.requestBody);
  if (body) {
    const media = body.content?.['application/json'];
    lines.push('## Request body', '', `${body.required ? 'Required' : 'Optional'}, \`application/json\`: ${typeOf(document, media?.schema)}.`, '');
    const rows = propertyRows(document, media?.schema);
    if (rows.length) lines.push('| Field | Type | Required | Description |', '| --- | --- | --- | --- |', ...rows, '');
    const example = firstExampleOf(document, media);
    if (example) lines.push(`Example (${example.name}):`, '', exampleBlock(example.value), '');
  }
  lines.push('## Responses', '');
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const response = deref(document, raw);
    const [type, media] = Object.entries(response?.content ?? {})[0] ?? [];
    lines.push(`### ${status}`, '', response?.description?.trim() ?? '', '');
    if (response?.headers)
      lines.push(
        `Headers: ${Object.keys(response.headers)
          .map((h) => `\`${h}\``)
          .join(', ')}.`,
        '',
      );
    if (type) lines.push(`\`${type}\`: ${typeOf(document, media?.schema)}.`, '');
    if (status.startsWith('2')) {
      const rows = propertyRows(document, media?.schema);
      if (rows.length) lines.push('| Field | Type | Required | Description |', '| --- | --- | --- | --- |', ...rows, '');
      // The rows of a list envelope (`data: array of OhlcvtRow`): the fields a caller reads most.
      for (const [name, prop] of Object.entries(deref(document, media?.schema)?.properties ?? {})) {
        const item = deref(document, prop)?.items;
        const itemRows = item?.$ref ? propertyRows(document, item) : [];
        if (itemRows.length)
          lines.push(
            `Each item of \`${name}\` (${typeOf(document, item)}):`,
            '',
            '| Field | Type | Required | Description |',
            '| --- | --- | --- | --- |',
            ...itemRows,
            '',
          );
      }
    }
    const example = firstExampleOf(document, media);
    if (example) lines.push(`Example (${example.name}):`, '', exampleBlock(example.value), '');
  }
  const samples = op['x-codeSamples'] ?? [];
  if (samples.length) {
    lines.push('## Samples', '');
    for (const sample of samples) lines.push(`### ${sample.label ?? sample.lang}`, '', `\`\`\`${fence(sample.lang)}`, sample.source, '```', '');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/** The fence language of a sample's `lang` (Redoc's names). @param {string} lang */
const fence = (lang) => ({ Shell: 'sh', 'C#': 'csharp' })[lang] ?? lang.toLowerCase();

/**
 * The Markdown twin of a section page: its description and each operation with its route and first sentence.
 * @param {{ title: string, slug: string, document: SpecNode }} page
 */
export function sectionMarkdown(page) {
  const items = operationsOf(page.document).map(
    ({ path, method, op }) =>
      `- [${op.summary ?? op.operationId}](${operationMarkdownUrl(page.title, op.operationId)}): \`${method.toUpperCase()} ${path}\`. ${firstSentence(op.description)}`,
  );
  return `# ${page.title}\n\n${page.document.info.description.trim()}\n\n## Operations\n\n${items.join('\n')}\n`;
}

/** The first sentence of a description, as one line (llms.txt and the section lists describe each entry in one). */
/** @param {string | undefined} text */
export function firstSentence(text = '') {
  const flat = text
    .split(/\n\s*\n/)[0]
    ?.replace(/\s+/g, ' ')
    .trim();
  const match = flat?.match(/^.*?[.!?](?=\s|$)/);
  return (match ? match[0] : (flat ?? '')).trim();
}
