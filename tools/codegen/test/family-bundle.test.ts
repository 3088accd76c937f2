// Servers that route by default: every path names its family's real host first and the templated override second,
// and each family's own bundle (for generators with one base URL) carries exactly that family's operations, with
// its servers at the root and every $ref resolvable.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadBundle, operations } from './load.js';
import { familyBundle } from '../src/family-bundle.mjs';

const doc = loadBundle();
const HOST = { legacy: 'https://api.laevitas.ch', v1: 'https://apiv2.laevitas.ch' } as const;
const VARIABLE = { legacy: 'base_url', v1: 'v2_base_url' } as const;

describe('servers', () => {
  it('every path lists its family host, then the templated override defaulting to that host', () => {
    const wrong: string[] = [];
    for (const op of operations(doc)) {
      const servers = doc.paths[op.path].servers ?? [];
      const family = op.family as 'legacy' | 'v1';
      if (servers[0]?.url !== HOST[family]) wrong.push(`${op.path}: first server ${servers[0]?.url}`);
      if (servers[1]?.url !== `{${VARIABLE[family]}}` || servers[1]?.variables?.[VARIABLE[family]]?.default !== HOST[family])
        wrong.push(`${op.path}: no {${VARIABLE[family]}} override`);
    }
    expect(wrong).toEqual([]);
  });
  it('the root lists the versioned host first (the default of single-base-URL generators) and both overrides', () => {
    expect(doc.servers.map((s: any) => s.url)).toEqual([HOST.v1, '{v2_base_url}', HOST.legacy, '{base_url}']);
  });
});

describe.each(['legacy', 'v1'] as const)('dist/openapi.%s.json', (family) => {
  const bundle = JSON.parse(readFileSync(join(ROOT, `spec/dist/openapi.${family}.json`), 'utf8'));
  it('is what family-bundle.mjs makes of the combined bundle', () => {
    expect(bundle).toEqual(familyBundle(doc, family));
  });
  it("holds exactly the family's operations, its servers at the root and none per path", () => {
    const expected = operations(doc)
      .filter((o) => o.family === family)
      .map((o) => o.operationId)
      .sort();
    const ids = Object.values<any>(bundle.paths)
      .flatMap((item) => Object.values<any>(item).map((op) => op.operationId))
      .sort();
    expect(ids).toEqual(expected);
    expect(bundle.servers[0].url).toBe(HOST[family]);
    expect(Object.values<any>(bundle.paths).filter((item) => item.servers)).toEqual([]);
  });
  it('resolves every $ref inside itself and keeps no component its paths do not reach', () => {
    const refs = new Set<string>();
    JSON.stringify(bundle, (key, value) => (key === '$ref' && refs.add(value), value));
    const missing = [...refs].filter(
      (ref) =>
        ref
          .slice(2)
          .split('/')
          .reduce((n: any, k) => n?.[k], bundle) === undefined,
    );
    expect(missing).toEqual([]);
    const schemas = Object.keys(bundle.components.schemas ?? {});
    expect(schemas.filter((name) => !refs.has(`#/components/schemas/${name}`))).toEqual([]);
  });
});

describe('familyBundle refuses a family without its override server', () => {
  it('names the missing variable', () => {
    const broken = structuredClone(doc);
    for (const item of Object.values<any>(broken.paths)) item.servers = item.servers.slice(0, 1);
    expect(() => familyBundle(broken, 'legacy')).toThrow(/legacy servers lack the \{base_url\} override/);
  });
});
