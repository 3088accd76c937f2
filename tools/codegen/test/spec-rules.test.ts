// House rules of the contract that Redocly's ruleset does not check.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { SPEC, listFiles, loadBundle, loadYaml, operations } from './load.js';

const doc = loadBundle();
const ops = operations(doc);
const root = loadYaml(join(SPEC, 'openapi.yaml'));

describe('operations', () => {
  it.each(ops.map((o) => [o.operationId, o] as const))('%s has a summary, one known tag, its errors and its family server', (_id, op) => {
    expect(op.summary.length).toBeGreaterThan(3);
    expect(op.tags).toHaveLength(1);
    expect(doc.tags.map((t: any) => t.name)).toContain(op.tags[0]);
    const statuses = op.responses.map((r) => r.status);
    expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
    if (!op.extensions['x-no-auth-errors']) {
      // `security: []` or an empty alternative (`- {}`) means anonymous calls are accepted: no 401 to document.
      const isPublic = op.security.length === 0 || op.security.some((r: object) => Object.keys(r).length === 0);
      if (!isPublic) expect(statuses, 'authenticated operations document 401').toContain(401);
    }
    expect(statuses.some((s) => s >= 400 && s < 500)).toBe(true);
    if (op.security.some((r: object) => 'X402Payment' in r)) expect(statuses, 'payable operations document 402').toContain(402);
    if (op.family === 'v1' && op.security.some((r: object) => 'XApiKey' in r)) {
      expect(statuses, 'API-key operations document 400 and 429').toEqual(expect.arrayContaining([400, 429]));
    }
    if (op.extensions['x-x402-price']) {
      expect(statuses, 'priced operations document 402').toContain(402);
      const r402 = op.responses.find((r) => r.status === 402)!;
      expect(Object.keys(r402.headers)).toContain('payment-required');
    }
    if (op.family === 'legacy') expect(op.security).toEqual([{ ApiKey: [] }]);
  });
});

describe('layout', () => {
  it('every path file is referenced from the root, and every root path has its file', () => {
    const referenced = Object.values(root.paths).map((p: any) => join(SPEC, p.$ref));
    const files = listFiles(join(SPEC, 'paths'));
    expect(files.filter((f) => !referenced.includes(f)).map((f) => relative(SPEC, f))).toEqual([]);
    expect(Object.keys(root.paths).length).toBe(files.length);
  });

  it('path files are named after their path', () => {
    for (const [path, item] of Object.entries<any>(root.paths)) {
      let name = path
        .replace(/^\//, '')
        .replace(/^api\/v1\//, '')
        .replace('.well-known', 'well-known');
      name = name.replaceAll('/', '_').replaceAll('.', '-');
      expect(basename(item.$ref)).toBe(`${name}.yaml`);
    }
  });

  it('every component file ends up in the bundle (no orphans)', () => {
    const kinds = ['schemas', 'parameters', 'responses', 'headers', 'examples'] as const;
    const bundled = JSON.stringify(doc);
    const orphans: string[] = [];
    for (const kind of kinds) {
      for (const file of listFiles(join(SPEC, 'components', kind))) {
        const name = basename(file, '.yaml');
        // Redocly inlines parameters, responses and headers under their component name or at the use site;
        // schemas and examples keep their names.
        const present =
          kind === 'schemas'
            ? name in (doc.components.schemas ?? {})
            : kind === 'examples'
              ? name in (doc.components.examples ?? {})
              : bundled.includes(`"${name}"`) || name in (doc.components[kind] ?? {});
        if (!present) orphans.push(`${kind}/${name}`);
      }
    }
    expect(orphans).toEqual([]);
  });

  it('every x- extension used in the spec is documented in EXTENSIONS.md', () => {
    const documented = readFileSync(join(SPEC, 'EXTENSIONS.md'), 'utf8');
    const used = new Set<string>();
    const visit = (node: any, inProperties = false) => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (!inProperties && key.startsWith('x-')) used.add(key);
        // Keys of these maps are names (properties, headers, examples), not keywords.
        visit(value, ['properties', 'headers', 'examples', 'example', 'value', 'mapping'].includes(key));
      }
    };
    visit(doc);
    const missing = [...used].filter((x) => !documented.includes(`\`${x}`));
    expect(missing).toEqual([]);
  });

  it('unpublished shapes stay open', () => {
    const bad: string[] = [];
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (schema['x-unpublished-shape'] && schema.additionalProperties === false) bad.push(name);
    }
    expect(bad).toEqual([]);
  });

  it('documented shapes are closed types: an explicit `additionalProperties: true` only on unpublished shapes or free-form maps', () => {
    // Omitting additionalProperties keeps the wire additive (JSON Schema accepts extra fields) while generators emit
    // no index signature, so a misspelt field fails to compile. A map with no `properties` is a free-form record.
    const bad: string[] = [];
    const visit = (node: any, where: string, insideUnpublished: boolean) => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`, insideUnpublished));
      if (!node || typeof node !== 'object') return;
      const unpublished = insideUnpublished || node['x-unpublished-shape'] === true;
      if (node.additionalProperties === true && node.properties && !unpublished) bad.push(where);
      for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') visit(value, `${where}/${key}`, unpublished);
    };
    visit(doc.components.schemas, '#/components/schemas', false);
    visit(doc.paths, '#/paths', false);
    expect(bad).toEqual([]);
  });

  it('unpublished object shapes say they are open', () => {
    const bad = Object.entries<any>(doc.components.schemas)
      .filter(([, s]) => s['x-unpublished-shape'] && s.type === 'object' && (s.additionalProperties === undefined || s.additionalProperties === false))
      .map(([name]) => name);
    expect(bad).toEqual([]);
  });
});

describe('published text speaks to users', () => {
  // Descriptions become JSDoc, docs and hover text: users have none of the files the contract was written from, so
  // provenance lives in `x-source`. Forbidden: the source file names, "section 2.1", "document 4.3", "§", a bare
  // section number in parentheses or after of/in/per ("(2.12)", "of 2.1").
  const CITATION =
    /\b(?:facts|v1-family|legacy-family|anchors|toolchain|style)\.md\b|legacy_endpoint_index|MCP-local|\bsections? \d|\bdocument \d|§|\((?:[1-9]\d?\.\d{1,2})(?:, ?[1-9]\d?\.\d{1,2})*\)|\b(?:of|in|see|per|from|under) [1-9]\d?\.(?!0\b)\d{1,2}\b(?![./]\d)/i;
  const texts: [string, string][] = [];
  const visit = (node: any, where: string, inValue: boolean) => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`, inValue));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      // Example payloads are data, not prose.
      const data = inValue || key === 'value' || key === 'example' || (key === 'examples' && Array.isArray(value));
      if (!data && (key === 'description' || key === 'summary') && typeof value === 'string') texts.push([`${where}/${key}`, value]);
      visit(value, `${where}/${key}`, data);
    }
  };
  visit(doc, '#', false);

  it('collects the prose of the whole contract', () => {
    expect(texts.length).toBeGreaterThan(1500);
  });

  it('no description or summary cites a source file or a section number', () => {
    const bad = texts.filter(([, text]) => CITATION.test(text)).map(([where, text]) => `${where}: ${text.match(CITATION)![0]}`);
    expect(bad).toEqual([]);
  });

  it.each([
    'see facts.md b.2',
    'as v1-family.md says',
    'rows (section 2.4)',
    'per document 4.3',
    'the summary (2.12)',
    'the convention of 2.1',
    '§2.4',
    'the catalog (legacy_endpoint_index.json)',
  ])('the rule catches %j', (text) => expect(CITATION.test(text)).toBe(true));

  it.each(['JSON-RPC 2.0', 'probabilities from 0.0 to 1.0', 'costs 1 credit (0.001)', 'since CLI 0.10.1', 'OAuth 2.1 flow', '48.7 means 48.7 percent'])(
    'the rule lets %j through',
    (text) => expect(CITATION.test(text)).toBe(false),
  );

  it('provenance labels live in x-source as strings', () => {
    const bad: string[] = [];
    const walk = (node: any, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        // A public URL is a label (a client's CHANGELOG.md at a commit); an internal file name is not.
        if (key === 'x-source' && (typeof value !== 'string' || /\.md\b/.test(value.replace(/https?:\/\/\S+/g, '')))) bad.push(where);
        walk(value, `${where}/${key}`);
      }
    };
    walk(doc, '#');
    expect(bad).toEqual([]);
  });
});
