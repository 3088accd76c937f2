// The committed per-operation index (API.md) read as a user reads it: every operation of the spec has one entry, and
// everything an entry names exists where it says: the spec and validator files on disk, the type names among the
// exports of @laevitas-api/types, the client method in the client's generated namespaces, the MSW override among the
// testing kit's keys, and the docs anchor among the operation anchors of the page the docs site builds for it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationsOf } from '@laevitas-api/spec-model';
import { Output } from '../src/output.mjs';
import { API_INDEX, apiIndexEntries, renderApiIndex, specFilesOf } from '../src/api-index.mjs';
import { buildModel } from '../src/model.mjs';
import { sitePages } from '../../../packages/docs/scripts/site-pages.mjs';
import { operationEntries } from '../../../packages/docs/scripts/page-nav.mjs';
import { NAMESPACES } from '../../../packages/client/src/generated/namespaces.js';
import { OPERATION_IDS } from '../../../packages/testing/generated/names.js';
import { ROOT, loadBundle } from './load.js';

const bundle = loadBundle();
const text = readFileSync(join(ROOT, API_INDEX), 'utf8');
/** Each entry: its operationId and its lines, as `grep -A9 "#### <operationId>" API.md` prints them. */
const entries = new Map(
  text
    .split(/^#### /m)
    .slice(1)
    .map((chunk) => [chunk.slice(0, chunk.indexOf('\n')).trim(), chunk] as const),
);
/** The value of one `- **Label**…:` line of an entry. */
const field = (entry: string, label: string) => {
  const line = entry.split('\n').find((l) => l.startsWith(`- **${label}`));
  expect(line, label).toBeDefined();
  return line!;
};
const codeSpans = (line: string) => [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('API.md, the per-operation index', () => {
  it('lists every operation of the spec exactly once (all 283), with its method and route', () => {
    const operations = operationsOf(bundle);
    expect(operations).toHaveLength(283);
    expect(text.match(/^#### /gm)).toHaveLength(operations.length);
    expect([...entries.keys()].sort()).toEqual(operations.map((op) => op.operationId).sort());
    for (const op of operations) expect(field(entries.get(op.operationId)!, 'Route')).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
  });

  it('every file it links to exists', () => {
    const links = [...text.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
    expect(links.length).toBeGreaterThanOrEqual(2 * 283);
    expect(links.filter((href) => !existsSync(join(ROOT, href)))).toEqual([]);
  });

  it('names the spec file that holds the route, as the root document references it', () => {
    const files = specFilesOf(ROOT);
    for (const op of operationsOf(bundle)) {
      const file = files.get(op.path)!;
      expect(field(entries.get(op.operationId)!, 'Spec')).toContain(`(${file})`);
      const source = readFileSync(join(ROOT, file), 'utf8');
      expect(source, `${file} holds ${op.operationId}`).toContain(`operationId: ${op.operationId}`);
    }
  });

  it('names only types that @laevitas-api/types exports', () => {
    // The package's entry re-exports operations.d.ts, which re-exports the hand-written helpers (helpers/operations.d.ts):
    // they declare the helper types, re-export the signature maps by name and every schema of schemas.d.ts.
    const read = (file: string) => readFileSync(join(ROOT, 'packages/types/generated', file), 'utf8');
    expect(read('operations.d.ts')).toContain("export type * from '../helpers/operations.js'");
    const entry = readFileSync(join(ROOT, 'packages/types/helpers/operations.d.ts'), 'utf8');
    expect(entry).toContain("export type * from '../generated/schemas.js'");
    const exported = new Set([
      ...[...entry.matchAll(/^export (?:declare )?(?:interface|type) (\w+)/gm)].map((m) => m[1]!),
      // schemas.d.ts exports each top-level declaration without the keyword (packages/types/test/exports.test.ts).
      ...[...read('schemas.d.ts').matchAll(/^(?:export )?(?:interface|type) (\w+)/gm)].map((m) => m[1]!),
      ...[...entry.matchAll(/^export type \{([^}]+)\}/gm)].flatMap((m) => m[1]!.split(',').map((name) => name.trim())),
    ]);
    for (const [id, entry] of entries) {
      const names = codeSpans(field(entry, 'Types'))
        .filter((span) => !span.startsWith('@'))
        .map((span) => /^(\w+)/.exec(span)![1]!);
      expect(names.length, id).toBeGreaterThanOrEqual(2);
      expect(
        names.filter((name) => !exported.has(name)),
        id,
      ).toEqual([]);
    }
  });

  it('names the validator module, the client method and the MSW override each operation really has', () => {
    const mswKeys = new Set<string>(OPERATION_IDS);
    for (const [id, entry] of entries) {
      expect(codeSpans(field(entry, 'Validator'))[0]).toBe(`@laevitas-api/validators/ops/${id}`);
      const [method, alias] = codeSpans(field(entry, 'Client'));
      const [, family, namespace, name] = /^client\.(\w+)\.(\w+)\.(\w+)\(\)$/.exec(method!)!;
      expect(NAMESPACES[family!]?.[namespace!]?.[name!], method).toBe(id);
      expect(alias).toBe(`client.${id}()`);
      expect(codeSpans(field(entry, 'MSW'))[1]).toBe(`http.${id}(resolver)`);
      expect(mswKeys.has(id), id).toBe(true);
    }
  });

  it('links each operation to an anchor that exists on its page of the built docs site', () => {
    const docs = JSON.parse(readFileSync(join(ROOT, 'packages/docs/generated/openapi.docs.json'), 'utf8'));
    const { sections } = sitePages(docs, []);
    const anchors = new Set(sections.flatMap((page) => operationEntries(page.document).map((e) => `/${page.slug}/${e.href}`)));
    expect(anchors.size).toBe(283);
    for (const [id, entry] of entries) expect(anchors.has(codeSpans(field(entry, 'Docs'))[0]!), id).toBe(true);
  });

  it('is what the generator writes from the committed bundle (the freshness check compares it on every run)', () => {
    const output = new Output({ root: ROOT, check: true });
    output.add(API_INDEX, renderApiIndex(apiIndexEntries(buildModel(bundle), specFilesOf(ROOT))));
    expect(text).toBe(output.files.get(API_INDEX));
  });
});
