// The migration guide and notes from `x-v1-counterpart`: every legacy operation is listed (mapped or not), every
// mapping points to an existing versioned operation, both operations' pages carry the note, and a broken entry fails
// the build with the operation named.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { v1Counterparts, DIFFERENCE_KEYS } from '@laevitas-api/spec-model';
import { guideTags } from '../scripts/guides.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const root = join(pkg, '../..');
const spec = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const isLegacy = (path: string) => !path.startsWith('/api/v1') && !path.startsWith('/.well-known') && !path.startsWith('/openapi');

type Op = { operationId: string; summary: string; 'x-v1-counterpart'?: any; description?: string };
const ops = Object.entries(spec.paths).flatMap(([path, item]: [string, any]) =>
  Object.entries(item)
    .filter(([, op]: [string, any]) => op?.operationId)
    .map(([method, op]) => ({ path, method, op: op as Op })),
);
const legacy = ops.filter((o) => isLegacy(o.path));
const byId = new Map(ops.map((o) => [o.op.operationId, o]));
const guide = guideTags({ spec, docs, guidesDir: join(pkg, 'guides'), root }).tags.find((t: { name: string }) => t.name === 'Migrating to v1')!;

describe('the migration map (x-v1-counterpart)', () => {
  it('is declared on every legacy operation and on no versioned one', () => {
    expect(legacy.length).toBeGreaterThan(150);
    expect(legacy.filter((o) => !o.op['x-v1-counterpart']).map((o) => o.op.operationId)).toEqual([]);
    expect(ops.filter((o) => !isLegacy(o.path) && o.op['x-v1-counterpart']).map((o) => o.op.operationId)).toEqual([]);
  });

  it('points every mapping to an existing versioned operation, with why, a source and every difference', () => {
    const mapped = legacy.filter((o) => o.op['x-v1-counterpart'].operationId !== null);
    expect(mapped.length).toBeGreaterThan(0);
    for (const { op } of mapped) {
      const x = op['x-v1-counterpart'];
      const target = byId.get(x.operationId);
      expect(target, `${op.operationId} -> ${x.operationId}`).toBeDefined();
      expect(target!.path.startsWith('/api/v1/'), x.operationId).toBe(true);
      for (const key of DIFFERENCE_KEYS) expect(x.differences[key], `${op.operationId} differences.${key}`).toMatch(/\S{3}/);
    }
    for (const { op } of legacy) {
      expect(op['x-v1-counterpart'].why, op.operationId).toMatch(/\S{10}/);
      // Each entry cites the material it rests on (the same labels as x-source).
      expect(op['x-v1-counterpart'].source, op.operationId).toMatch(/legacy reference|v1 reference|public facts/);
    }
  });

  it('fails, naming the operation, on a pointer to no operation, a legacy target, a missing entry or missing differences', () => {
    const mutate = (fn: (doc: any) => void) => {
      const doc = structuredClone(spec);
      fn(doc);
      return () => v1Counterparts(doc, isLegacy);
    };
    const instruments = (doc: any) => doc.paths['/analytics/futures/instruments'].get['x-v1-counterpart'];
    expect(mutate((d) => (instruments(d).operationId = 'getNoSuchOperation'))).toThrow(
      /getLegacyFuturesInstrumentData points to getNoSuchOperation, which is no operation/,
    );
    expect(mutate((d) => (instruments(d).operationId = 'getLegacyFuturesSnapshot'))).toThrow(/not a versioned operation/);
    expect(mutate((d) => delete instruments(d).differences.pagination)).toThrow(/differences\.pagination missing/);
    expect(mutate((d) => delete d.paths['/analytics/futures/instruments'].get['x-v1-counterpart'])).toThrow(/getLegacyFuturesInstrumentData has none/);
    expect(mutate((d) => (d.paths['/api/v1/instruments'].get['x-v1-counterpart'] = instruments(d)))).toThrow(/getInstruments is not a legacy operation/);
  });
});

describe('the migration guide', () => {
  const text = guide.description as string;
  it('lists every legacy operation, mapped or not, linking its page', () => {
    for (const { path, method, op } of legacy) {
      const tag = (docs.paths[path][method].tags[0] as string).toLowerCase().replace(/[^a-z0-9]+/g, '-');
      expect(text, op.operationId).toContain(`[\`${method.toUpperCase()} ${path}\`](/${tag}/#/${tag}/${op.operationId.toLowerCase()})`);
    }
    const rows = text.split('\n').filter((l) => l.startsWith('| [`'));
    const mapped = legacy.filter((o) => o.op['x-v1-counterpart'].operationId !== null).length;
    // Every legacy operation once in the full list, and each pair once more in the table of pairs.
    expect(rows.length).toBe(legacy.length + mapped);
    expect(text).toContain(`**${legacy.length} legacy operations: ${mapped} with a versioned counterpart, ${legacy.length - mapped} without.**`);
  });
  it('tables each pair with why and its differences', () => {
    for (const { op } of legacy.filter((o) => o.op['x-v1-counterpart'].operationId !== null)) {
      const x = op['x-v1-counterpart'];
      const target = byId.get(x.operationId)!;
      expect(text).toContain(`### ${op.summary} → ${target.op.summary}`);
      expect(text).toContain(x.why);
      for (const key of DIFFERENCE_KEYS) expect(text).toContain(x.differences[key]);
    }
  });
});

describe("the note on both operations' pages", () => {
  it('says on every legacy page its counterpart or that none exists, and on each counterpart which legacy operations it replaces', () => {
    for (const { path, method, op } of legacy) {
      const description: string = docs.paths[path][method].description;
      const target = op['x-v1-counterpart'].operationId;
      if (target === null) expect(description, op.operationId).toContain('**Versioned counterpart: none.**');
      else expect(description, op.operationId).toContain(`**Versioned counterpart:** \`${byId.get(target)!.method.toUpperCase()} ${byId.get(target)!.path}\``);
    }
    const replaced = new Map<string, string[]>();
    for (const { path, method, op } of legacy) {
      const t = op['x-v1-counterpart'].operationId;
      if (t) replaced.set(t, [...(replaced.get(t) ?? []), `\`${method.toUpperCase()} ${path}\``]);
    }
    for (const [id, routes] of replaced) {
      const { path, method } = byId.get(id)!;
      const description: string = docs.paths[path][method].description;
      expect(description).toContain('**Replaces in the legacy family:**');
      for (const r of routes) expect(description).toContain(r);
    }
  });
});
