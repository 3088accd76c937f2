// A parameter the spec marks case-insensitive (x-case-insensitive) is upper-cased before it is checked, and handed back
// so. The upper-casing comes with the generated module of an operation that has one (runtime/case-insensitive.mjs,
// exported by it), so the bundle of any other operation leaves it out; each of those operations still accepts a
// lower-case value and returns it upper-cased, and only their modules bring it.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
import { createOperationValidator } from '../runtime/operation.mjs';
const operationIds: string[] = require('../generated/operation-ids.json');
const load = (id: string) => require(`../generated/ops/${id}.cjs`);
const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));

type Located = { in: 'path' | 'query'; name: string; value: string };
/**
 * Every operation's case-insensitive parameters, read from the spec, with the first value each allows, and its other
 * required parameters with their examples (so the request is valid and the values handed back can be read).
 */
const marked = new Map<string, { params: Located[]; required: Located[] }>();
for (const item of Object.values<any>(deref.paths))
  for (const op of Object.values<any>(item)) {
    const all = [...(item.parameters ?? []), ...(op.parameters ?? [])];
    const located = (p: any): Located => ({ in: p.in, name: p.name, value: String(p.schema?.enum?.[0] ?? p.example ?? 'x') });
    const params = all.filter((p: any) => p['x-case-insensitive'] === true).map(located);
    const required = all.filter((p: any) => p.required && p['x-case-insensitive'] !== true).map(located);
    if (op.operationId && params.length) marked.set(op.operationId, { params, required });
  }

describe('case-insensitive parameters', () => {
  it('are upper-cased before they are checked, and handed back so, by each operation that has one', () => {
    expect(marked.size).toBeGreaterThan(0);
    for (const [id, { params, required }] of marked) {
      const op = createOperationValidator(load(id));
      const request = { path: {} as Record<string, string>, query: {} as Record<string, string> };
      for (const p of required) request[p.in][p.name] = p.value;
      for (const p of params) request[p.in][p.name] = p.value.toLowerCase();
      const result = op.validateRequest(request);
      expect(result.ok ? [] : result.issues, id).toEqual([]);
      const data = (result.ok ? result.data : {}) as Record<string, Record<string, unknown>>;
      for (const p of params) expect(data[p.in]?.[p.name], id).toBe(p.value.toUpperCase());
    }
  });

  it('are upper-cased only by the modules of the operations that have one', () => {
    for (const id of operationIds) expect(typeof load(id).caseInsensitive === 'function').toBe(marked.has(id));
  });
});
