// What the extensions of an operation mean for a caller, written out for its page (price, limits, paging, caps,
// notices, source), and the clean-up that keeps the contract's provenance notes and raw extension names off the page.
import { deref, familyOf } from '@laevitas-api/spec-model';
import { DIFFERENCE_KEYS, v1Counterparts } from '@laevitas-api/spec-model';

/** @import { OperationModel, SpecNode } from '@laevitas-api/spec-model' */

/**
 * Provenance labels used in `x-source` and the public address each one stands for (the addresses are the ones
 * public material gives for the service: its Swagger and Redoc pages, the machine catalog, the official CLI, the
 * WebSocket, x402, MCP and changelog pages). Labels without a public page (what public clients of the service send)
 * are named without a link.
 */
export const SOURCE_LINKS = [
  { match: /^legacy reference\b/, title: 'Legacy API reference (Swagger)', url: 'https://api.laevitas.ch/swagger/' },
  { match: /^v1 reference\b/, title: 'API v1 reference', url: 'https://apiv2.laevitas.ch/redoc' },
  { match: /^public facts a\.1\b/, title: 'Legacy endpoint catalog', url: 'https://api.laevitas.ch/api/catalog/v2' },
  { match: /^public facts a\.2\b/, title: 'Official CLI', url: 'https://github.com/laevitas/cli' },
  { match: /^public facts d\b/, title: 'WebSocket page', url: 'https://apiv2.laevitas.ch/websocket' },
  { match: /^public facts e\b/, title: 'MCP page', url: 'https://apiv2.laevitas.ch/mcp/' },
  { match: /^public facts f\b/, title: 'x402 page', url: 'http://apiv2.laevitas.ch/x402' },
  { match: /^public facts g\b/, title: 'API changelog', url: 'https://apiv2.laevitas.ch/changelog.html' },
  { match: /^public facts b\b/, title: 'Public clients of the service' },
  { match: /^public facts c\b/, title: 'Public clients of the service' },
];

/**
 * `x-source` as a list of `{title, url?}`: public URLs it names verbatim first, then the labels it cites.
 * @param {unknown} xSource
 * @returns {{title: string, url?: string}[]}
 */
export function sourcesOf(xSource) {
  if (typeof xSource !== 'string') return [];
  /** @type {Map<string, {title: string, url?: string}>} */
  const found = new Map();
  for (const url of xSource.match(/https?:\/\/[^\s;,)]+/g) ?? []) found.set(url, { title: url, url });
  for (const part of xSource.split(';').map((s) => s.trim())) {
    const link = SOURCE_LINKS.find((l) => l.match.test(part));
    if (link) found.set(link.url ?? link.title, { title: link.title, ...(link.url ? { url: link.url } : {}) });
  }
  return [...found.values()];
}

/** How page text names an extension that a sentence mentions (the page never shows the raw key). */
// Keyed without the `x-` prefix: this table names keys to replace in prose, it does not read their values.
/** @type {Record<string, string>} */
const EXTENSION_WORDS = Object.fromEntries(
  Object.entries({
    'unpublished-shape': '“partly published”',
    'currency-subsets': 'the currencies per market listed below',
    'requires-one-of': 'the one-of rule below',
    'x402-price': 'per-call price',
    'idempotent-payment': 'idempotent payment',
    'rate-limit-group': 'rate-limit group',
    'rate-limits': 'rate limits',
    'required-accept': 'the required Accept header',
    'credit-cost': 'the credit cost',
    pagination: 'pagination',
    'max-window': 'the maximum window',
    'rows-per-bucket': 'rows per bucket',
    'max-cells': 'the cell cap',
    source: 'source',
    'inferred-route': 'inferred route',
    'case-insensitive': 'case-insensitive',
    'snapshot-interval-ms': 'snapshot interval',
    'catalog-method-name': 'catalog method name',
    x402: 'x402 settings',
    'v1-counterpart': 'versioned counterpart',
  }).map(([name, words]) => [`x-${name}`, words]),
);

/**
 * Rewrites contract-internal wording into what a reader of the page can use: citations of files and numbered
 * sections of the working documents are dropped, and extension keys become words.
 * @param {string} text
 * @param {string[]} [extensionNames]
 */
export function scrubText(text, extensionNames = Object.keys(EXTENSION_WORDS)) {
  let out = text;
  // Sentences about the contract's own files (`spec/EXTENSIONS.md lists every x- extension.`).
  out = out.replace(/[^.\n]*\b[\w/-]*[A-Z]{2,}[\w-]*\.md\b[^.\n]*\.\s*/g, (sentence) => (/\bCLI\b/.test(sentence) ? sentence : ''));
  // Parenthesised citations: "(section 4.2 ends with …)", "(CLI SKILL.md and CHANGELOG 0.11.1/0.11.2)".
  out = out.replace(
    /\s*\((?:[^()]|\([^()]*\))*?(?:\.md\b|§|\bsection \d|\bdocument \d|public facts|v1 reference|legacy reference)(?:[^()]|\([^()]*\))*\)/g,
    '',
  );
  out = out.replace(/\b(?:the )?(?:legacy|v1) reference §\s*[\d.]+(?: and [\d.]+)?/g, 'the API reference');
  out = out
    .replace(/§\s*[\d.]+/g, '')
    .replace(/\bsection \d[\d.]*/gi, 'the API reference')
    .replace(/\bdocument \d[\d.]*/gi, 'the API reference');
  out = out.replace(/\bpublic facts [a-h](?:\.\d+)?/g, 'public material');
  out = out.replace(/\bNot named by the document\b/g, 'Not named by the API reference');
  // Extension keys, with a dotted prefix (`info.x-rate-limits.creditToken`) or a value (`x-unpublished-shape: true`).
  const keys = [...new Set([...extensionNames, ...Object.keys(EXTENSION_WORDS)])].sort((a, b) => b.length - a.length);
  for (const key of keys) {
    const words = EXTENSION_WORDS[key] ?? key.slice(2).replaceAll('-', ' ');
    const escaped = key.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
    const withValue = (/** @type {string} */ _, /** @type {string | undefined} */ value) =>
      value && value.trim() !== 'true' ? `${words} ${value.trim()}` : words;
    out = out.replace(new RegExp('`(?:info\\.)?' + escaped + '(?:\\.[A-Za-z]+)?(?::\\s*([^`]*))?`', 'g'), withValue);
    out = out.replace(new RegExp('(?<![\\w-])(?:info\\.)?' + escaped + '(?:\\.[A-Za-z]+)?(?::\\s*(true))?(?![\\w-])', 'g'), withValue);
  }
  return out.replace(/(\S) {2,}/g, '$1 ').replace(/(\S) ([.,;])/g, '$1$2');
}

/** @type {WeakMap<object, ReturnType<typeof v1Counterparts>>} */
const migrationCache = new WeakMap();

/**
 * The migration note of an operation: on a legacy operation its versioned counterpart (with the differences) or that
 * none exists; on a versioned operation the legacy operations it replaces.
 * @param {SpecNode} document
 * @param {OperationModel} op
 */
function migrationNotices(document, op) {
  let map = migrationCache.get(document);
  if (!map) {
    map = v1Counterparts(document, (path) => familyOf(path, document.paths[path]) === 'legacy');
    migrationCache.set(document, map);
  }
  const route = (/** @type {{method: string, path: string, summary: string}} */ r) => `\`${r.method.toUpperCase()} ${r.path}\` (${r.summary})`;
  if (op.family === 'legacy') {
    const m = map.migrations.find((e) => e.legacy.operationId === op.operationId);
    if (!m) return [];
    if (!m.counterpart) return [`> **Versioned counterpart: none.** ${m.why} The migration guide lists every legacy operation.`];
    const diffs = m.differences ?? {};
    return [
      [
        `> **Versioned counterpart:** ${route(m.counterpart)} serves the same data. ${m.why}`,
        '>',
        ...DIFFERENCE_KEYS.map((k) => `> - **${k.charAt(0).toUpperCase()}${k.slice(1)}:** ${diffs[k]}`),
      ].join('\n'),
    ];
  }
  const legacy = map.replaces.get(op.operationId);
  if (!legacy?.length) return [];
  return [
    `> **Replaces in the legacy family:** ${legacy.map(route).join(', ')}: the same data. The migration guide lists the differences (parameters, units, time format, pagination, authentication, limits).`,
  ];
}

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const windowText = (/** @type {{limit: number, windowSeconds: number}} */ w) =>
  `${w.limit} requests per ${w.windowSeconds === 1 ? 'second' : `${w.windowSeconds} s`}`;

/** Whether the operation's success body (followed through `$ref`s) holds a partly published schema. */
function hasUnpublishedShape(/** @type {SpecNode} */ document, /** @type {OperationModel} */ op) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {(node: any) => boolean} */
  const walk = (node) => {
    if (!node || typeof node !== 'object') return false;
    if (typeof node.$ref === 'string') {
      if (seen.has(node.$ref)) return false;
      seen.add(node.$ref);
      return walk(deref(document, node));
    }
    if (node['x-unpublished-shape'] === true) return true;
    return Object.values(node).some(walk);
  };
  return op.responses.filter((r) => r.status >= 200 && r.status < 300).some((r) => walk(r.schema));
}

/**
 * What a paid scan of a paginated operation costs and what bounds it: the inputs of the client's plan (page size from
 * the limit parameter, rows per bucket where the spec declares them), so a reader can count before paying.
 * @param {SpecNode} document  @param {OperationModel} op
 */
function scanCostNote(document, op) {
  const x = op.extensions;
  const limitName = x['x-pagination'].limitParam ?? 'limit';
  const param = op.parameters.find((q) => q.in === 'query' && q.name === limitName);
  const schema = param ? (deref(document, param.schema) ?? {}) : {};
  const size = [schema.default !== undefined ? `default ${schema.default}` : '', schema.maximum !== undefined ? `at most ${schema.maximum}` : '']
    .filter(Boolean)
    .join(', ');
  const perBucket = x['x-rows-per-bucket'];
  const bound = perBucket
    ? `at most ${plural(perBucket, 'row')} per bucket of \`resolution\`, so a scan's pages are bounded before it is sent`
    : 'the rows of a window are not bounded by the contract, so a budget needs `maxPages`';
  return `**Scan cost:** each page is one call at the price above; a page holds up to \`${limitName}\` rows${size ? ` (${size})` : ''}; ${bound}. \`client.planScan('${op.operationId}', {...})\` gives a scan's windows, requests and cost before sending, and \`paginate\` with \`{ budget }\` refuses a scan over it.`;
}

/**
 * Markdown lines describing, for a caller, what this operation's extensions say.
 * @param {SpecNode} document
 * @param {OperationModel} op
 */
export function operationNotes(document, op) {
  const x = op.extensions;
  const info = document.info ?? {};
  const limits = info['x-rate-limits'] ?? {};
  /** @type {string[]} */
  const lines = [];
  const schemes = new Set(op.security.flatMap((r) => Object.keys(r)));

  const asset = info['x-x402']?.asset ?? 'USDC';
  if (x['x-x402-price'])
    lines.push(
      `**Price:** ${x['x-x402-price']} ${asset} per call when paid with x402 (\`PAYMENT-SIGNATURE\`), or one credit of a credit token (\`X-Credit-Token\`); a call with an API key (\`X-API-Key\` or \`apiKey\`) pays nothing per call.`,
    );
  else if (op.security.length === 0) lines.push('**Price:** free; no credentials needed.');
  else if (op.family === 'legacy') lines.push('**Price:** no per-call price; the legacy family takes an API key (`apiKey` header).');
  else if (schemes.has('X402Payment')) lines.push('**Price:** quoted in the `payment-required` header of the 402 answer; pay with x402 (`PAYMENT-SIGNATURE`).');

  const group = x['x-rate-limit-group'] ?? op.family;
  const windows = Array.isArray(limits[group]) ? limits[group] : undefined;
  if (windows) {
    const retry = limits.retryAfterSeconds ? `; after a 429 wait for \`Retry-After\` (${limits.retryAfterSeconds} s when absent)` : '';
    lines.push(
      `**Rate limit** (${group === 'v1' ? 'versioned family' : group === 'creditToken' ? 'credit-token routes' : group}): ${windows.map(windowText).join(' and ')}${retry}.`,
    );
  } else
    lines.push(`**Rate limit:** ${op.family === 'legacy' ? 'the legacy family publishes no limits' : 'not published'}; a 429 answer carries \`Retry-After\`.`);

  const p = x['x-pagination'];
  if (p?.style === 'cursor')
    lines.push(
      `**Pagination:** cursor. Rows are in \`${p.itemsPath}\`; pass \`${p.nextCursorPath}\` back as \`${p.cursorParam}\` until it is null. With the client: \`client.paginate('${op.operationId}', {...})\`.`,
    );
  else if (p?.style === 'page')
    lines.push(
      `**Pagination:** pages. Rows are in \`${p.itemsPath}\`; ask for \`${p.pageParam}\` = 1, 2, … up to \`${p.totalPagesPath}\`, with \`${p.limitParam}\` rows per page. With the client: \`client.paginate('${op.operationId}', {...})\`.`,
    );

  if (p && x['x-x402-price']) lines.push(scanCostNote(document, op));

  const w = x['x-max-window'];
  if (w)
    lines.push(
      `**Maximum window:** ${plural(w.days, 'day')} between \`start\` and \`end\`${w.unlessParam ? ` (no limit when \`${w.unlessParam}\` is given)` : ''}; the client rejects a longer window before sending.`,
    );
  if (x['x-max-cells'] !== undefined) lines.push(`**Cell cap:** at most ${x['x-max-cells']} cells in the risk matrix of one request.`);
  if (Array.isArray(x['x-requires-one-of']))
    lines.push(`**Required filter:** at least one of ${x['x-requires-one-of'].map((/** @type {string} */ n) => `\`${n}\``).join(', ')}.`);
  if (x['x-snapshot-interval-ms'] !== undefined) lines.push(`**Snapshots:** persisted every ${x['x-snapshot-interval-ms'] / 1000} s.`);
  if (x['x-idempotent-payment']) lines.push('**Payment:** never charged twice: after a 202 (pending), poll the checkout instead of paying again.');
  if (x['x-credit-cost'])
    lines.push(
      `**Credit cost:** ${Object.entries(/** @type {Record<string, number>} */ (x['x-credit-cost']))
        .map(([m, c]) => `\`${m}\` ${plural(c, 'credit')}`)
        .join(', ')}.`,
    );
  if (x['x-required-accept']) lines.push(`**Accept header:** send exactly \`Accept: ${x['x-required-accept']}\`; without it the service answers 406.`);

  const blocks = [lines.map((l) => `- ${l}`).join('\n')];
  const subsets = x['x-currency-subsets'];
  if (subsets) {
    const rows = Object.entries(/** @type {Record<string, string[]>} */ (subsets)).map(([market, currencies]) => `| ${market} | ${currencies.join(', ')} |`);
    blocks.push(['**Currencies per market** (another currency is refused with a 400):', '', '| Market | Currencies |', '|---|---|', ...rows].join('\n'));
  }

  /** @type {string[]} */
  const notices = [];
  if (x['x-inferred-route']) {
    const note = typeof x['x-inferred-route'] === 'object' ? scrubText(x['x-inferred-route'].note ?? '') : '';
    notices.push(`> **Inferred route.** The service's API reference does not name this path; it comes from public material about the service. ${note}`.trim());
  }
  if (hasUnpublishedShape(document, op))
    notices.push('> **Partly published response.** The service publishes only part of this response: the known fields are typed and others may appear.');

  notices.push(...migrationNotices(document, op));
  blocks.push(...notices);
  const sources = sourcesOf(x['x-source']);
  if (sources.length) blocks.push(`**Source:** ${sources.map((s) => (s.url ? `[${s.title}](${s.url})` : s.title)).join(', ')}.`);
  return blocks.join('\n\n');
}
