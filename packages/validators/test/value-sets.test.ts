// Each value set (a closed enum component) accepts its members and rejects anything else, both in the validators and
// as exported constants that match the spec exactly.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { valueSetParameterUses, valueSetsOf } from '@laevitas-api/spec-model';

const require = createRequire(import.meta.url);
const validators = require('../index.cjs');
const constants = require('@laevitas-api/types');
const bundle = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));

const valueSets: { schemaName: string; constName: string; values: string[] }[] = valueSetsOf(bundle);
const uses: any[] = valueSetParameterUses(bundle);
const parameterUse = (name: string) => uses.find((u) => u.schemaName === name);

describe.each(valueSets.map((set) => [set.schemaName, set] as const))('value set %s', (name, set) => {
  it('is exported as a constant equal to the spec', () => {
    const exported = constants[set.constName];
    expect(exported, `no exported constant ${set.constName} for ${name}`).toEqual(set.values);
    expect(Object.isFrozen(exported)).toBe(true);
  });

  const use = parameterUse(name);
  // Sets used only in response bodies are covered by the mutants test (unknown-enum sites).
  if (use)
    it(`accepts every member and rejects a non-member (${use?.operationId}.${use?.location}.${use?.param})`, () => {
      for (const member of set.values) {
        const request = structuredClone(use!.request);
        request[use!.location][use!.param] = member;
        const result = validators.validateRequest(use!.operationId, request);
        expect(result.ok ? [] : result.issues.map((i: any) => i.message)).toEqual([]);
      }
      const request = structuredClone(use!.request);
      request[use!.location][use!.param] = 'NOT_A_MEMBER';
      const result = validators.validateRequest(use!.operationId, request);
      expect(result.ok).toBe(false);
      expect(result.issues[0].message).toContain(`${use!.location}.${use!.param} must be one of ${set.values.join(', ')}`);
    });
});
