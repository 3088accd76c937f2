// The guides: Markdown pages in guides/ whose facts (samples, limits, statuses, prices, security schemes) are filled in
// from the contract at build time, so a guide can never disagree with the reference. Each guide becomes a tag of its
// own in a "Guides" group, which Redoc renders as a page of the same site with a sidebar entry and search.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutCitations } from './guide-citations.mjs';
// The one spec walker of the repository (deref, operations), shared with codegen and the contract tools.
import { deref, firstExampleOf, jsonMediaOf, rawOperationsOf as operationsOf } from '@laevitas-api/spec-model';
import { migrationSection } from './guide-migration.mjs';

/** @import { SpecDocument, SpecNode } from '@laevitas-api/spec-model' */

/**
 * Order of the guides. Streaming: the AsyncAPI reference of the WebSocket gateway gets its own entry here (a
 * `guides/websocket.md`, or a render of spec/asyncapi.yaml) once the streaming work lands.
 */
export const GUIDES = [
  { name: 'Quick start', file: 'quick-start.md' },
  { name: 'Authentication', file: 'authentication.md' },
  { name: 'Pagination', file: 'pagination.md' },
  { name: 'Errors', file: 'errors.md' },
  { name: 'Rate limits', file: 'rate-limits.md' },
  { name: 'Payments and credits', file: 'payments.md' },
  { name: 'WebSocket streaming', file: 'streaming.md' },
  { name: 'Testing your code', file: 'testing.md' },
  { name: 'Time series', file: 'time-series.md' },
  // The typed client beyond its README's first read (packages/client/README.md links each).
  { name: 'Client: time series', file: 'client-time-series.md' },
  { name: 'Client: hooks and bundles', file: 'client-hooks.md' },
  { name: 'Client: payments', file: 'client-payments.md' },
  { name: 'Client: streaming', file: 'client-streaming.md' },
  { name: 'Migrating to v1', file: 'migration.md' },
];

/**
 * What to do about each documented status; a status the spec documents without an entry here fails the build.
 * @type {Readonly<Record<string, string>>}
 */
export const STATUS_ADVICE = {
  200: 'Success: the body is the documented response.',
  201: 'Success: the body is the documented response.',
  202: 'Accepted, still being processed: do not repeat the request; poll the status route the operation names.',
  400: 'Fix the request: the body names the parameter and the rule it broke. Do not retry unchanged.',
  401: 'Send a valid credential: check the header name for the family (`apiKey` for legacy, `X-API-Key` or `apiKey` for the versioned family) and the key itself; for credit tokens, get a fresh token.',
  402: 'Pay or authenticate: decode the `payment-required` header, sign one accepted payment and repeat with `PAYMENT-SIGNATURE`, or send an API key or credit token instead (see the Payments and credits guide).',
  403: 'The credential is valid but not allowed here: check the plan of the key.',
  404: 'The resource or feature does not exist on this deployment: check the path and identifiers; do not retry.',
  406: 'Send the `Accept` header the operation requires (the agent endpoint needs `application/json, text/event-stream`).',
  429: 'Slow down: wait for `Retry-After` seconds (60 when absent) before the next request; the client does this for you.',
  500: 'A fault on the service side: retry a GET later with backoff (the client does); report it if it persists.',
  503: 'Temporarily unavailable: retry later with backoff.',
};

/** @type {Readonly<Record<string, string>>} */
const REASONS = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const fence = (/** @type {string} */ lang, /** @type {string} */ code) => `\`\`\`${lang}\n${code}\n\`\`\``;
/** @type {Readonly<Record<string, string>>} */
const LANG_FENCE = { Shell: 'sh', TypeScript: 'ts', Python: 'python' };

/** @param {SpecDocument} docs @param {string} spec `<METHOD> <path>` */
function find(docs, spec) {
  const [method, path] = spec.trim().split(/\s+/);
  const op = method !== undefined && path !== undefined ? docs.paths[path]?.[method.toLowerCase()] : undefined;
  if (!op) throw new Error(`docs guides: no operation ${spec}`);
  return op;
}

/** @param {SpecDocument} docs @param {string} args `<METHOD> <path> <label>` */
function sample(docs, args) {
  const [method, path, ...label] = args.trim().split(/\s+/);
  const op = find(docs, `${method} ${path}`);
  const wanted = label.join(' ');
  const s = op['x-codeSamples']?.find((/** @type {SpecNode} */ c) => c.label === wanted);
  if (!s) throw new Error(`docs guides: ${method} ${path} has no sample labelled ${wanted}`);
  return fence(LANG_FENCE[s.lang] ?? '', s.source);
}

/** @param {SpecDocument} spec */
function rateLimitsTable(spec) {
  const limits = spec.info['x-rate-limits'];
  if (!limits) throw new Error('docs guides: info.x-rate-limits is missing');
  /** @type {Readonly<Record<string, string>>} */
  const groupNames = { v1: 'Versioned family (`/api/v1`)', creditToken: 'Credit-token challenge and redemption' };
  /** @type {Map<string, string[]>} */
  const grouped = new Map();
  for (const { op } of operationsOf(spec)) {
    const group = op['x-rate-limit-group'];
    if (group) grouped.set(group, [...(grouped.get(group) ?? []), op.operationId]);
  }
  const rows = Object.entries(limits)
    .filter(([, windows]) => Array.isArray(windows))
    .flatMap(([group, windows]) =>
      windows.map((/** @type {{ limit: number, windowSeconds: number }} */ w) => `| ${groupNames[group] ?? group} | ${w.limit} | ${w.windowSeconds} s |`),
    );
  const members = [...grouped].map(
    ([group, ids]) =>
      `- ${groupNames[group] ?? group}: ${ids.map((id) => `\`${id}\``).join(', ')}; every other versioned operation counts in the versioned family's windows.`,
  );
  return [
    '| Applies to | Requests | Window |',
    '|---|---|---|',
    ...rows,
    '',
    ...members,
    `- After a 429 wait for \`Retry-After\`; when it is absent, wait ${limits.retryAfterSeconds} s.`,
    '- The legacy family publishes no limits; a 429 there also carries `Retry-After`.',
  ].join('\n');
}

/** @param {SpecDocument} docs */
function errorsSection(docs) {
  /** @type {Map<string, Map<string, { response: SpecNode, count: number }>>} */
  const byStatus = new Map();
  for (const { op } of operationsOf(docs)) {
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const key = raw.$ref ?? JSON.stringify(raw);
      const entry = byStatus.get(status) ?? new Map();
      const variant = entry.get(key) ?? { response: deref(docs, raw), count: 0 };
      variant.count += 1;
      entry.set(key, variant);
      byStatus.set(status, entry);
    }
  }
  const missing = [...byStatus.keys()].filter((s) => !STATUS_ADVICE[s]);
  if (missing.length) throw new Error(`docs guides: no advice for documented status ${missing.join(', ')} (add it to STATUS_ADVICE)`);
  const parts = [];
  for (const status of [...byStatus.keys()].sort()) {
    parts.push(`## ${status} ${REASONS[status] ?? ''}`.trim(), '', `**What to do:** ${STATUS_ADVICE[status]}`, '');
    const variants = /** @type {Map<string, { response: SpecNode, count: number }>} a key of byStatus */ (byStatus.get(status));
    for (const { response, count } of [...variants.values()].sort((a, b) => b.count - a.count)) {
      const example = firstExampleOf(docs, jsonMediaOf(response)?.media)?.value;
      const headers = Object.keys(response.headers ?? {});
      parts.push(
        `**${response.description.trim()}** (${count} operation${count === 1 ? '' : 's'}${headers.length ? `; headers: ${headers.map((h) => `\`${h}\``).join(', ')}` : ''})`,
        '',
      );
      parts.push(example === undefined ? '_No body is published._' : fence('json', JSON.stringify(example, null, 2)), '');
    }
  }
  return parts.join('\n');
}

/** @param {SpecDocument} docs */
function securityTable(docs) {
  const schemes = docs.components?.securitySchemes;
  if (!schemes) throw new Error('docs guides: components.securitySchemes is missing');
  const rows = Object.values(schemes).map((s) => {
    const where = s.type === 'http' ? `\`Authorization: Bearer\`` : `\`${s.name}\` header`;
    return `| ${where} | ${s.description.replaceAll('\n', ' ').replaceAll('|', '\\|')} |`;
  });
  return ['| Credential | Meaning |', '|---|---|', ...rows].join('\n');
}

/** @param {SpecDocument} spec */
function x402Section(spec) {
  const x = spec.info['x-x402'];
  if (!x) throw new Error('docs guides: info.x-x402 is missing');
  const used = (/** @type {'all' | string[]} */ u) => (u === 'all' ? 'every payment' : u.join(', '));
  return [
    `**Price per data call:** ${x.pricePerCall} ${x.asset} (x402 version ${x.version}). Each operation page shows its price.`,
    '',
    '| Network | Identifier | Used for |',
    '|---|---|---|',
    ...x.networks.map((/** @type {SpecNode} */ n) => `| ${n.name} | ${n.network ? `\`${n.network}\`` : 'not published'} | ${used(n.usedFor)} |`),
  ].join('\n');
}

/** @param {SpecDocument} spec */
function pagedOperations(spec) {
  const paged = operationsOf(spec).filter(({ op }) => op['x-pagination']);
  const cursor = paged.filter(({ op }) => op['x-pagination'].style === 'cursor').length;
  return `${paged.length} operations page (${cursor} by cursor, ${paged.length - cursor} by page number); each operation page says which`;
}

/** The operations with an `x-max-window`, with their limit (and the parameter that lifts it). @param {SpecDocument} spec */
function maxWindows(spec) {
  return operationsOf(spec)
    .filter(({ op }) => op['x-max-window'])
    .map(({ op }) => {
      const { days, unlessParam } = op['x-max-window'];
      return `\`${op.operationId}\` (${days} days${unlessParam ? ` without \`${unlessParam}\`` : ''})`;
    })
    .join(', ');
}

/** Fills the placeholders of one guide. @param {string} markdown @param {{ spec: SpecDocument, docs: SpecDocument }} documents */
export function renderGuide(markdown, { spec, docs }) {
  return withoutCitations(markdown).replace(
    /\{\{([a-z0-9-]+)(?: ((?:[^{}]|\{[^{}]*\})+))?\}\}/g,
    (_, /** @type {string} */ name, /** @type {string} */ args = '') => {
      switch (name) {
        case 'sample':
          return sample(docs, args);
        case 'op':
          return find(docs, args).operationId;
        case 'rate-limits':
          return rateLimitsTable(spec);
        case 'errors':
          return errorsSection(docs);
        case 'security-schemes':
          return securityTable(docs);
        case 'x402':
          return x402Section(spec);
        case 'paged-operations':
          return pagedOperations(spec);
        case 'max-windows':
          return maxWindows(spec);
        case 'migration':
          return migrationSection(spec);
        default:
          throw new Error(`docs guides: unknown placeholder {{${name}}}`);
      }
    },
  );
}

/** The release notes: the first CHANGELOG found, its top heading dropped (the page has its own title). @param {string} root */
export function releaseNotes(root) {
  for (const file of ['CHANGELOG.md', 'packages/client/CHANGELOG.md', 'packages/types/CHANGELOG.md']) {
    const path = join(root, file);
    if (existsSync(path))
      return readFileSync(path, 'utf8')
        .replace(/^# .*\n+/, '')
        .trim();
  }
  return undefined;
}

/**
 * Guide tags (and their group) to put in front of the reference.
 * @param {{ spec: SpecDocument, docs: SpecDocument, guidesDir: string, root: string }} input
 */
export function guideTags({ spec, docs, guidesDir, root }) {
  const apiTags = new Set((docs.tags ?? []).map((/** @type {SpecNode} */ t) => t.name.toLowerCase()));
  const clash = GUIDES.find((g) => apiTags.has(g.name.toLowerCase()));
  if (clash) throw new Error(`docs guides: the guide "${clash.name}" has the name of an API tag; rename it`);
  const tags = GUIDES.map(({ name, file }) => ({
    name,
    'x-traitTag': true,
    description: renderGuide(readFileSync(join(guidesDir, file), 'utf8'), { spec, docs }),
  }));
  const notes = releaseNotes(root);
  if (notes) tags.push({ name: 'Release notes', 'x-traitTag': true, description: notes });
  return { tags, group: { name: 'Guides', tags: tags.map((t) => t.name) } };
}
