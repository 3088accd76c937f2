// The bundled spec holds every operation the documents describe, with the documented method, parameters, value sets,
// limits and defaults. The expectations in fixtures/ are written from the documents (legacy-family.md, v1-family.md,
// and the facts.md route lists where the documents defer to them), independently of the YAML; expected-legacy-catalog.json lists the endpoints taken from the service catalog.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, operations, resolve$ref } from './load.js';
import { valueSetNameOf } from '@laevitas-api/spec-model';

interface Expected {
  method: string;
  path: string;
  operationId: string;
  pathParams: Record<string, { enum?: string }>;
  query: Record<string, { enum?: string; required?: boolean; max?: number; default?: unknown }>;
  requestBody?: { required: boolean; schema: string };
  source: string;
}

const fixtures = join(import.meta.dirname, 'fixtures');
const expected: Expected[] = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(join(fixtures, f), 'utf8')));
const doc = loadBundle();
const ops = operations(doc);

function effective(schema: any): any {
  const target = schema?.$ref ? resolve$ref(doc, schema) : schema?.allOf?.length === 1 ? resolve$ref(doc, schema.allOf[0]) : schema;
  return { ...target, ...(schema?.default !== undefined ? { default: schema.default } : {}) };
}

describe('document coverage', () => {
  it('counts: 53 legacy operations from the reference, 114 from the catalog, and every documented operation is present once', () => {
    const keys = expected.map((e) => `${e.method.toUpperCase()} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const fromCatalog = (e: Expected) => e.source.startsWith('legacy catalog');
    expect(expected.filter((e) => !fromCatalog(e) && (e.path.startsWith('/analytics/') || e.path.startsWith('/historical/')))).toHaveLength(53);
    expect(expected.filter(fromCatalog)).toHaveLength(114);
    const inSpec = new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    expect(keys.filter((k) => !inSpec.has(k))).toEqual([]);
  });

  it('the spec has no operation the documents do not describe', () => {
    const documented = new Set(expected.map((e) => `${e.method.toUpperCase()} ${e.path}`));
    expect(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`).filter((k) => !documented.has(k))).toEqual([]);
  });
});

describe.each(expected.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s', (_key, want) => {
  const op = ops.find((o) => o.method === want.method && o.path === want.path);

  it('exists with its operationId', () => {
    expect(op, `missing from the spec (${want.source})`).toBeDefined();
    expect(op!.operationId).toBe(want.operationId);
  });

  it('has exactly the documented path parameters and value sets', () => {
    const path = op!.parameters.filter((p) => p.in === 'path');
    expect(path.map((p) => p.name).sort()).toEqual(Object.keys(want.pathParams).sort());
    for (const p of path) {
      expect(p.required).toBe(true);
      if (want.pathParams[p.name]!.enum) expect(valueSetNameOf(p.schema), `path.${p.name}`).toBe(want.pathParams[p.name]!.enum);
    }
  });

  it('has exactly the documented query parameters, with their rules', () => {
    const query = op!.parameters.filter((p) => p.in === 'query');
    expect(query.map((p) => p.name).sort()).toEqual(Object.keys(want.query).sort());
    for (const p of query) {
      const rule = want.query[p.name]!;
      expect(p.required, `query.${p.name} required`).toBe(Boolean(rule.required));
      const schema = effective(p.schema);
      if (rule.enum) expect(valueSetNameOf(p.schema), `query.${p.name} value set`).toBe(rule.enum);
      if (rule.max !== undefined) expect(schema.maximum, `query.${p.name} maximum`).toBe(rule.max);
      if (rule.default !== undefined) expect(schema.default, `query.${p.name} default`).toEqual(rule.default);
    }
  });

  if (want.requestBody) {
    it('takes the documented JSON body', () => {
      expect(op!.requestBody?.required).toBe(want.requestBody!.required);
      expect(op!.requestBody?.schema.$ref).toBe(`#/components/schemas/${want.requestBody!.schema}`);
    });
  }
});
