// Property-based: for every response example of every operation, fast-check draws mutants (a required field removed,
// a wrong type, an unknown enum member, a malformed date or instrument name) and each must be rejected with an
// issue at the mutated field. The example itself must pass, so a rejection is caused by the mutation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { applySite, collectSites, describeSite } from './mutation.js';

const require = createRequire(import.meta.url);
const validators = require('../index.cjs');
const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));

const cases: { operationId: string; status: number; name: string; schema: any; value: unknown }[] = [];
for (const item of Object.values<any>(deref.paths)) {
  for (const method of ['get', 'post', 'head']) {
    const op = item[method];
    if (!op) continue;
    for (const [status, response] of Object.entries<any>(op.responses)) {
      const media = response.content?.['application/json'];
      for (const [name, example] of Object.entries<any>(media?.examples ?? {})) {
        cases.push({ operationId: op.operationId, status: Number(status), name, schema: media.schema, value: example.value });
      }
    }
  }
}

describe('mutants of every response example are rejected', () => {
  it('covers the contract', () => {
    const withJson = Object.values<any>(deref.paths).flatMap((item) =>
      ['get', 'post', 'head'].map((m) => item[m]).filter((op) => op && Object.values<any>(op.responses).some((r) => r.content?.['application/json'])),
    );
    expect(new Set(cases.map((c) => c.operationId)).size).toBe(withJson.length);
  });

  for (const c of cases) {
    const sites = collectSites(c.schema, c.value);
    if (sites.length === 0) continue;
    it(`${c.operationId} ${c.status} ${c.name} (${sites.length} sites)`, () => {
      expect(validators.validateResponse(c.operationId, c.status, c.value).ok).toBe(true);
      fc.assert(
        fc.property(fc.constantFrom(...sites), (site) => {
          const result = validators.validateResponse(c.operationId, c.status, applySite(c.value, site));
          if (result.ok) throw new Error(`accepted ${describeSite(site)}`);
        }),
        { numRuns: Math.min(60, sites.length * 2), seed: 20261122 },
      );
    });
  }
});
