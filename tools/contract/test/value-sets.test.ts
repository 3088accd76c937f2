// Each value set, by the mock: every member is accepted and a non-member gets the documented 400 body. Parameters the
// service upper-cases itself (x-case-insensitive) are accepted in lower case too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startMock } from '../src/mock.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { valueSetParameterUses } from '@laevitas-api/spec-model';

const bundle = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const uses: any[] = valueSetParameterUses(bundle);
let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

function urlOf(use: any, value: string) {
  const request = structuredClone(use.request);
  request[use.location][use.param] = value;
  const path = use.path.replace(/\{([^}]+)\}/g, (_: string, name: string) => encodeURIComponent(String(request.path[name])));
  const url = new URL(mock.url + path);
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, String(v));
  return url;
}
const get = (url: URL) => fetch(url, { headers: { apiKey: 'k', 'X-API-Key': 'k' } });

describe('value sets, by the mock', () => {
  it('covers the value sets used as parameters', () => {
    expect(uses.length).toBeGreaterThan(20);
  });
  describe.each(uses.map((u) => [`${u.schemaName} (${u.operationId} ${u.location}.${u.param})`, u]))('%s', (_name, use) => {
    it('accepts every member', async () => {
      for (const member of use.values) {
        const response = await get(urlOf(use, member));
        expect(response.status, `${member}`).toBeLessThan(300);
      }
    });
    it('rejects a non-member with the documented 400 body', async () => {
      const response = await get(urlOf(use, 'NOT_A_MEMBER'));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.statusCode).toBe(400);
    });
    if (use.caseInsensitive) {
      it('accepts a member in lower case (x-case-insensitive)', async () => {
        const response = await get(urlOf(use, use.values[0].toLowerCase()));
        expect(response.status).toBeLessThan(300);
      });
    }
  });
});
