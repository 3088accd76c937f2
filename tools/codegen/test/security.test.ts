// Security generators apply correctly (spec/README.md, "Security"): `security` names only API-key schemes, so a
// generated client given a key sends it only as a key; credit token, x402 payment and agent Bearer are
// `x-auth-alternatives`, which the operation model folds back in (the mock and the rules see every way in).
import { describe, expect, it } from 'vitest';
import { loadBundle } from './load.js';
import { securityOf } from '@laevitas-api/spec-model';

const doc = loadBundle();
const KEY_SCHEMES = new Set(
  Object.entries<any>(doc.components.securitySchemes)
    .filter(([, s]) => s.type === 'apiKey' && /^(apiKey|X-API-Key)$/i.test(s.name))
    .map(([n]) => n),
);

describe('the bundled spec', () => {
  it('lists only API-key schemes in any security requirement (root and every operation)', () => {
    const requirements: [string, object[]][] = [['root', doc.security]];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) if (op?.operationId && op.security) requirements.push([`${method} ${path}`, op.security]);
    }
    const others = requirements.flatMap(([where, reqs]) =>
      reqs.flatMap((r) =>
        Object.keys(r)
          .filter((n) => !KEY_SCHEMES.has(n))
          .map((n) => `${where}: ${n}`),
      ),
    );
    expect(others).toEqual([]);
    expect([...KEY_SCHEMES].sort()).toEqual(['ApiKey', 'XApiKey']);
  });
  it('names only declared schemes in x-auth-alternatives', () => {
    const named = [
      doc['x-auth-alternatives'],
      ...Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item).map((op) => op?.['x-auth-alternatives'])),
    ]
      .flat()
      .filter(Boolean);
    expect(named.filter((n: string) => !(n in doc.components.securitySchemes))).toEqual([]);
    expect(new Set(named)).toEqual(new Set(['CreditToken', 'X402Payment', 'AgentBearer']));
  });
});

describe('securityOf', () => {
  const root = { security: [{ XApiKey: [] }, { ApiKey: [] }], 'x-auth-alternatives': ['CreditToken', 'X402Payment'] };
  it('adds the root alternatives to an operation that inherits the root security', () => {
    expect(securityOf({}, root)).toEqual([{ XApiKey: [] }, { ApiKey: [] }, { CreditToken: [] }, { X402Payment: [] }]);
  });
  it('uses only its own alternatives when an operation declares security', () => {
    expect(securityOf({ security: [{ ApiKey: [] }] }, root)).toEqual([{ ApiKey: [] }]);
    expect(securityOf({ security: [{ ApiKey: [] }], 'x-auth-alternatives': ['AgentBearer'] }, root)).toEqual([{ ApiKey: [] }, { AgentBearer: [] }]);
  });
  it('keeps a public operation with alternatives callable anonymously, and a public one without them public', () => {
    expect(securityOf({ security: [], 'x-auth-alternatives': ['X402Payment'] }, root)).toEqual([{}, { X402Payment: [] }]);
    expect(securityOf({ security: [] }, root)).toEqual([]);
  });
});
