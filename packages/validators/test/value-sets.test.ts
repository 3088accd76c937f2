// Each value set (a closed enum component) accepts its members and rejects anything else, both in the validators and
// as exported constants that match the spec exactly.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// @ts-expect-error plain ESM module
import { valueSetParameterUses } from '../../../tools/codegen/src/spec-model.mjs';

const require = createRequire(import.meta.url);
const validators = require('../index.cjs');
const constants = require('@laevitas-api/types');
const bundle = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));

const valueSets = Object.entries<any>(bundle.components.schemas).filter(([, s]) => s.type === 'string' && Array.isArray(s.enum));
const uses: any[] = valueSetParameterUses(bundle);
const parameterUse = (name: string) => uses.find((u) => u.schemaName === name);

describe.each(valueSets.map(([name, schema]) => [name, schema] as const))('value set %s', (name, schema) => {
  it('is exported as a constant equal to the spec', () => {
    const exported = Object.values<any>(constants).find((v) => Array.isArray(v) && v.length === schema.enum.length && v.every((x: string, i: number) => x === schema.enum[i]));
    expect(exported, `no exported constant for ${name}`).toBeDefined();
    expect(Object.isFrozen(exported)).toBe(true);
  });

  const use = parameterUse(name);
  // Sets used only in response bodies are covered by the mutants test (unknown-enum sites).
  if (use) it(`accepts every member and rejects a non-member (${use?.operationId}.${use?.location}.${use?.param})`, () => {
    for (const member of schema.enum) {
      const request = structuredClone(use!.request);
      request[use!.location][use!.param] = member;
      const result = validators.validateRequest(use!.operationId, request);
      expect(result.ok ? [] : result.issues.map((i: any) => i.message)).toEqual([]);
    }
    const request = structuredClone(use!.request);
    request[use!.location][use!.param] = 'NOT_A_MEMBER';
    const result = validators.validateRequest(use!.operationId, request);
    expect(result.ok).toBe(false);
    expect(result.issues[0].message).toContain(`${use!.location}.${use!.param} must be one of ${schema.enum.join(', ')}`);
  });
});
