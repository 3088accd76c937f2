// The generated types let an optional parameter or body field be an explicit `undefined` (exactOptionalPropertyTypes).
// The validators must agree: for every operation, a request whose optional fields are `undefined` is judged exactly as
// the same request without them, and a valid request stays valid.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const validators = require('../index.cjs');
const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));

type Request = { path: Record<string, unknown>; query: Record<string, unknown>; headers: Record<string, unknown>; body?: unknown };
const operations: { operationId: string; request: Request; optional: { query: string[]; headers: string[] }; bodies: unknown[]; bodySchema: any }[] = [];
for (const item of Object.values<any>(deref.paths)) {
  for (const method of ['get', 'post', 'head']) {
    const op = item[method];
    if (!op) continue;
    const params: any[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
    const request: Request = { path: {}, query: {}, headers: {} };
    const optional = { query: [] as string[], headers: [] as string[] };
    for (const p of params) {
      const target = p.in === 'path' ? request.path : p.in === 'query' ? request.query : p.in === 'header' ? request.headers : undefined;
      if (!target) continue;
      if (p.required) target[p.name] = p.example ?? p.schema?.example ?? p.schema?.examples?.[0] ?? p.schema?.enum?.[0];
      else if (p.in !== 'path') optional[p.in === 'query' ? 'query' : 'headers'].push(p.name);
    }
    const media = op.requestBody?.content?.['application/json'];
    const bodies = Object.values<any>(media?.examples ?? {}).map((e) => e.value);
    operations.push({ operationId: op.operationId, request, optional, bodies, bodySchema: media?.schema });
  }
}

/**
 * Every optional property the schema declares (at any depth through objects, arrays and allOf): `'add'` sets an
 * absent one to undefined, `'undefine'` sets every one to undefined, `'delete'` removes every one.
 */
function rewriteOptionals(value: any, schema: any, mode: 'add' | 'undefine' | 'delete'): any {
  if (!schema || value === null || typeof value !== 'object') return value;
  const parts = [schema, ...(schema.allOf ?? [])];
  if (Array.isArray(value)) {
    const items = parts.find((s) => s.items)?.items;
    return value.map((item) => rewriteOptionals(item, items, mode));
  }
  const copy: any = { ...value };
  for (const part of parts) {
    for (const [name, sub] of Object.entries<any>(part.properties ?? {})) {
      if (name in value) copy[name] = rewriteOptionals(value[name], sub, mode);
      if ((part.required ?? []).includes(name)) continue;
      if (mode === 'delete') delete copy[name];
      else if (mode === 'undefine' || !(name in value)) copy[name] = undefined;
    }
  }
  return copy;
}

const verdict = (result: any) => (result.ok ? 'ok' : result.issues);

describe('an explicit undefined is the same as an absent optional field', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(167);
    expect(operations.filter((o) => o.optional.query.length).length).toBeGreaterThan(100);
    expect(operations.filter((o) => o.bodies.length).length).toBeGreaterThanOrEqual(6);
  });

  it.each(operations.map((o) => [o.operationId, o] as const))('%s parameters', (_, o) => {
    const withUndefined = {
      ...o.request,
      query: { ...o.request.query, ...Object.fromEntries(o.optional.query.map((n) => [n, undefined])) },
      headers: { ...o.request.headers, ...Object.fromEntries(o.optional.headers.map((n) => [n, undefined])) },
      body: o.bodies[0],
    };
    const plain = validators.validateRequest(o.operationId, { ...o.request, body: o.bodies[0] });
    const explicit = validators.validateRequest(o.operationId, withUndefined);
    expect(explicit.ok ? [] : explicit.issues).toEqual(plain.ok ? [] : plain.issues);
    expect(explicit.ok).toBe(plain.ok);
    // The validated request is what goes on the wire: the undefined parameters are gone from it.
    if (explicit.ok) {
      expect(Object.entries(explicit.data.query).filter(([, v]) => v === undefined)).toEqual([]);
      expect(Object.entries(explicit.data.headers).filter(([, v]) => v === undefined)).toEqual([]);
    }
  });

  const withBodies = operations.filter((o) => o.bodies.length);
  it.each(withBodies.map((o) => [o.operationId, o] as const))('%s body: undefined optional fields are judged as absent ones', (_, o) => {
    for (const body of o.bodies) {
      const request = { ...o.request, body };
      expect(validators.validateRequest(o.operationId, request).ok).toBe(true);
      expect(validators.validateRequest(o.operationId, { ...request, body: rewriteOptionals(body, o.bodySchema, 'add') })).toMatchObject({ ok: true });
      const undefinedFields = validators.validateRequest(o.operationId, { ...request, body: rewriteOptionals(body, o.bodySchema, 'undefine') });
      const absentFields = validators.validateRequest(o.operationId, { ...request, body: rewriteOptionals(body, o.bodySchema, 'delete') });
      expect(verdict(undefinedFields)).toEqual(verdict(absentFields));
    }
  });
});
