// What the built site serves to programs (no browser; the browser test follows the same links over HTTP): llms.txt
// lists every page and operation with a one-line description, every operation's Markdown twin names each of its
// parameters with the type, value set and default the contract gives, the bundles are the contract's own files, and
// the RFC 9727 catalog links them.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deref } from '@laevitas-api/spec-model';
import { constraintsOf, operationMarkdownUrl, typeOf } from '../scripts/markdown-twins.mjs';
import { SPEC_FILES, API_CATALOG } from '../scripts/agent-files.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const root = join(pkg, '../..');
const dist = join(pkg, 'dist');
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const site = JSON.parse(readFileSync(join(pkg, '.tmp/openapi.site.json'), 'utf8'));
const read = (url: string) => readFileSync(join(dist, url), 'utf8');
const llms = read('/llms.txt');
const links = [...llms.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(?::\s*(.*))?$/gm)].map((m) => ({ title: m[1]!, url: m[2]!, about: m[3] ?? '' }));
const operations = Object.entries<any>(docs.paths).flatMap(([path, item]) =>
  Object.entries<any>(item)
    .filter(([, op]) => op?.operationId)
    .map(([method, op]) => ({ path, method, op })),
);

describe('llms.txt', () => {
  it('follows the llmstxt.org layout: a title, a one-line summary, then lists of links under headings', () => {
    expect(llms).toMatch(/^# .+\n\n> .+\n/);
    expect(llms).toMatch(/^## Guides$/m);
    for (const line of llms.split('\n').filter((l) => l.startsWith('- '))) expect(line).toMatch(/^- \[[^\]]+\]\([^)]+\): \S/);
  });
  it('lists every operation, every section and every guide, each with a description of its own', () => {
    const urls = new Set(links.map((l) => l.url));
    const missing = operations.filter(({ op }) => !urls.has(operationMarkdownUrl(op.tags[0], op.operationId))).map(({ op }) => op.operationId);
    expect(missing).toEqual([]);
    const slug = (n: string) =>
      n
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    for (const tag of site.tags) expect(urls, tag.name).toContain(`/${slug(tag.name)}/index.md`);
    for (const link of links) expect(link.about.length, link.url).toBeGreaterThan(10);
  });
  it('links only to files the build wrote', () => {
    const absent = links.filter((l) => !existsSync(join(dist, l.url)));
    expect(absent).toEqual([]);
  });
  it('llms-full.txt holds every operation twin', () => {
    const full = read('/llms-full.txt');
    for (const { op } of operations) expect(full).toContain(`operationId: \`${op.operationId}\``);
  });
});

describe('the Markdown twin of each operation', () => {
  it('names every parameter with its location, type, value set, default and limits', () => {
    const wrong: string[] = [];
    for (const { op } of operations) {
      const twin = read(operationMarkdownUrl(op.tags[0], op.operationId));
      for (const raw of op.parameters ?? []) {
        const p = deref(docs, raw);
        const row = twin.split('\n').find((l: string) => l.startsWith(`| \`${p.name}\` | ${p.in} |`));
        if (!row) {
          wrong.push(`${op.operationId}: no row for ${p.in} ${p.name}`);
          continue;
        }
        for (const expected of [typeOf(docs, p.schema), ...constraintsOf(docs, p.schema)])
          if (!row.includes(expected.replaceAll('|', '\\|'))) wrong.push(`${op.operationId} ${p.name}: ${expected} missing`);
      }
    }
    expect(wrong).toEqual([]);
  });
  it('carries the route, the notes (price, rate limit), every response status and every code sample', () => {
    const ohlcvt = operations.find(({ op }) => op.operationId === 'getOptionsOhlcvt')!;
    const twin = read(operationMarkdownUrl('Options', 'getOptionsOhlcvt'));
    expect(twin).toContain('`GET /api/v1/options/ohlcvt`');
    expect(twin).toContain('**Price:** 0.001 USDC per call');
    expect(twin).toContain('**Rate limit**');
    expect(twin).toContain('| `sort_dir` | query | SortDir (string) | no | default `"ASC"`; one of `ASC`, `DESC` |');
    expect(twin).toContain('| `limit` | query | integer | no | default `100`; >= 1; <= 1000 |');
    for (const status of Object.keys(ohlcvt.op.responses)) expect(twin).toContain(`### ${status}\n`);
    for (const sample of ohlcvt.op['x-codeSamples']) expect(twin).toContain(sample.source);
    expect(twin).toMatch(/Each item of `data` \(OhlcvtRow\):/);
  });
});

describe('bundles and the API catalog', () => {
  it('serves each bundle as the contract file it is', () => {
    for (const file of SPEC_FILES) expect(read(file.url), file.url).toBe(readFileSync(join(root, file.from), 'utf8'));
  });
  it('/.well-known/api-catalog is an RFC 9727 linkset naming each API with its descriptions and this documentation', () => {
    const { linkset } = JSON.parse(read(API_CATALOG));
    expect(linkset.map((l: { anchor: string }) => l.anchor)).toEqual(['https://apiv2.laevitas.ch/', 'https://api.laevitas.ch/', 'wss://apiv2.laevitas.ch/ws']);
    for (const entry of linkset) {
      expect(entry['service-desc'].length).toBeGreaterThan(0);
      expect(entry['service-doc'].length).toBeGreaterThan(0);
      for (const link of [...entry['service-desc'], ...entry['service-doc'], ...entry.describedby])
        expect(existsSync(join(dist, link.href === '/' ? '/index.html' : link.href)), link.href).toBe(true);
    }
    const descs = linkset.flatMap((l: any) => l['service-desc'].map((d: any) => d.href));
    for (const url of ['/spec/openapi.json', '/spec/openapi-3.0.yaml', '/spec/asyncapi.json']) expect(descs).toContain(url);
  });
});
