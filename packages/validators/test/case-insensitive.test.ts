// A parameter the spec marks case-insensitive (x-case-insensitive) is upper-cased before it is checked, and handed back
// so. The upper-casing comes with the generated module of an operation that has one (runtime/case-insensitive.cjs,
// exported by it), so the bundle of any other operation leaves it out; each of those operations still accepts a
// lower-case value and returns it upper-cased, and only their modules bring it.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { createOperationValidator } = require('../runtime/operation.cjs');
const operationIds: string[] = require('../generated/operation-ids.json');
const load = (id: string) => require(`../generated/ops/${id}.cjs`);
const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));

/** Every operation's case-insensitive parameters, read from the spec, with the first value each allows. */
const marked = new Map<string, { in: 'path' | 'query'; name: string; value: string }[]>();
for (const item of Object.values<any>(deref.paths))
  for (const op of Object.values<any>(item)) {
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].filter((p: any) => p['x-case-insensitive'] === true);
    if (op.operationId && params.length)
      marked.set(
        op.operationId,
        params.map((p: any) => ({ in: p.in, name: p.name, value: String(p.schema?.enum?.[0] ?? p.example ?? 'x') })),
      );
  }

describe('case-insensitive parameters', () => {
  it('are upper-cased before they are checked, and handed back so, by each operation that has one', () => {
    expect(marked.size).toBeGreaterThan(0);
    for (const [id, params] of marked) {
      const op = createOperationValidator(load(id));
      const request = { path: {} as Record<string, string>, query: {} as Record<string, string> };
      for (const p of params) request[p.in as 'path' | 'query'][p.name] = p.value.toLowerCase();
      const result = op.validateRequest(request);
      const values = result.ok ? result.data : undefined;
      const issues = result.ok ? [] : result.issues.filter((i: { path: string }) => params.some((p) => i.path === `${p.in}.${p.name}`));
      expect(issues).toEqual([]);
      if (values) for (const p of params) expect(values[p.in][p.name]).toBe(p.value.toUpperCase());
    }
  });

  it('are upper-cased only by the modules of the operations that have one', () => {
    for (const id of operationIds) expect(typeof load(id).caseInsensitive === 'function').toBe(marked.has(id));
  });
});
