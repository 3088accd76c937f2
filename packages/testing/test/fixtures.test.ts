// Every fixture is valid against its schema: the body of every operation's fixture against the generated response
// validator of its success status, every named schema's fixture against that schema (ajv 2020 over the spec's own
// components: the validators package compiles per operation, not per schema). Deterministic by seed.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { validateResponse } from '@laevitas-api/validators';
import type { OperationId } from '@laevitas-api/types/operations';
import { fixtures, OPERATION_IDS, SCHEMA_NAMES } from '../src/index.js';
import { document, operationById, successStatusOf } from '../src/model.js';

const loose = validateResponse as (id: string, status: number, body: unknown) => { ok: boolean; issues?: { message: string }[] };

describe('operation fixtures', () => {
  it('are valid against the success response of every operation, with the default rows and with a seed', () => {
    const failures: string[] = [];
    for (const id of OPERATION_IDS) {
      const status = successStatusOf(operationById.get(id)!);
      for (const options of [undefined, { seed: 7 }, { rows: 3, seed: 'other' }]) {
        const body = (fixtures[id] as (o?: object) => unknown)(options);
        const result = loose(id, status, body);
        if (!result.ok) failures.push(`${id} ${JSON.stringify(options)}: ${result.issues?.map((i) => i.message).join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('give the rows asked for, the same values for the same call, other values for another seed', () => {
    const three = fixtures.getOptionsOhlcvt({ rows: 3 });
    expect(three.data).toHaveLength(3);
    expect(fixtures.getOptionsOhlcvt({ rows: 3 })).toEqual(three);
    const seeded = fixtures.getOptionsOhlcvt({ rows: 3, seed: 42 });
    expect(seeded).toEqual(fixtures.getOptionsOhlcvt({ rows: 3, seed: 42 }));
    expect(seeded.data.map((r) => r.close)).not.toEqual(three.data.map((r) => r.close));
    expect(seeded.data.map((r) => r.date)).toEqual(three.data.map((r) => r.date));
  });

  it('follow the request: legacy pages by limit, overrides on top', () => {
    const page = fixtures.getLegacyDerivativesLiquidationData({ rows: 4, query: { start: '2026-11-20', end: '2026-11-21' } });
    expect(page.items).toHaveLength(4);
    expect(page.meta.total_pages).toBeGreaterThan(1);
    const empty = fixtures.getOptionsOhlcvt({ overrides: { data: [] } });
    expect(empty.data).toEqual([]);
  });

  it('refuse a row count that is not a whole number, by name', () => {
    expect(() => fixtures.getOptionsOhlcvt({ rows: -1 })).toThrow(/fixtures.getOptionsOhlcvt: rows must be a whole number/);
  });
});

describe('schema fixtures', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'urn:laevitas:spec' });
  const validatorOf = (name: string) => ajv.getSchema(`urn:laevitas:spec#/components/schemas/${name}`)!;

  it('are valid against every named schema, with two seeds', () => {
    const failures: string[] = [];
    for (const name of SCHEMA_NAMES) {
      const validate = validatorOf(name);
      for (const seed of [1, 99]) {
        const value = (fixtures[name] as (v?: unknown, o?: object) => unknown)(undefined, { seed });
        if (!validate(value)) failures.push(`${name} seed ${seed}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('take typed overrides and stay deterministic', () => {
    const row = fixtures.OhlcvtRow({ close: 1 });
    expect(row.close).toBe(1);
    expect(validatorOf('OhlcvtRow')(row)).toBe(true);
    expect(fixtures.OhlcvtRow()).toEqual(fixtures.OhlcvtRow());
    expect(fixtures.OhlcvtRow(undefined, { seed: 2 })).not.toEqual(fixtures.OhlcvtRow(undefined, { seed: 3 }));
  });
});

// Keeps the OperationId import honest: every key of fixtures is an operation or a schema.
const _ids: readonly OperationId[] = OPERATION_IDS;
void _ids;
