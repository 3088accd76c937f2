// The 3.0 copy says what the 3.1 contract says, in 3.0 terms: type lists, null branches, tuples, content schemas and
// info fields are rewritten, and a rewritten schema accepts exactly the values the 3.1 one accepts (Ajv in 2020-12
// mode for 3.1, Ajv draft-07 with OpenAPI's `nullable` for 3.0).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { finish30, rewriteSchema } from '../src/down-convert.mjs';
import { ROOT } from './load.js';

const ajv31 = new Ajv2020({ strict: false });
const ajv30 = new Ajv({ strict: false });

/** A 3.0 schema after the rewrite of one 3.1 schema (nested schemas first, as the walk does). */
function to30(schema: any, components: Record<string, any> = {}): any {
  const doc = { openapi: '3.0.3', info: { title: 't', version: '1' }, components: { schemas: { ...components, S: structuredClone(schema) } } };
  return finish30(doc).components.schemas.S;
}

describe('rewriteSchema', () => {
  it('turns a type list with null into type + nullable, and a list of several types into oneOf branches', () => {
    expect(to30({ type: ['number', 'null'] })).toEqual({ type: 'number', nullable: true });
    expect(to30({ type: ['string', 'integer'] })).toEqual({ oneOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(to30({ type: ['string', 'integer', 'null'] })).toEqual({ oneOf: [{ type: 'string', nullable: true }, { type: 'integer' }] });
    expect(to30({ type: ['number', 'integer'] })).toEqual({ anyOf: [{ type: 'number' }, { type: 'integer' }] });
  });

  it('removes null branches: an inline typed branch becomes nullable, a $ref gets a null-only branch beside it', () => {
    expect(to30({ oneOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] })).toEqual({ type: 'string', enum: ['a', null], nullable: true });
    const toEnum = to30({ oneOf: [{ $ref: '#/components/schemas/E' }, { type: 'null' }] }, { E: { title: 'E', type: 'string', enum: ['a'] } });
    expect(toEnum).toEqual({ type: 'string', enum: ['a', null], nullable: true });
    const toObject = to30({ oneOf: [{ $ref: '#/components/schemas/O' }, { type: 'null' }] }, { O: { type: 'object', properties: {} } });
    expect(toObject).toEqual({ type: 'object', nullable: true, allOf: [{ $ref: '#/components/schemas/O' }] });
  });

  it('writes a tuple as items + minItems/maxItems, keeping each position in x-oas31', () => {
    const out = to30({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], minItems: 2, maxItems: 2 });
    expect(out.items).toEqual({ anyOf: [{ type: 'number' }, { type: 'string' }] });
    expect([out.minItems, out.maxItems]).toEqual([2, 2]);
    expect(out['x-oas31'].prefixItems).toEqual([{ type: 'number' }, { type: 'string' }]);
  });

  it('moves contentSchema into the note and wraps a $ref that has siblings in allOf', () => {
    const header = { type: 'string', format: 'byte', contentSchema: { $ref: '#/components/schemas/P' } };
    rewriteSchema(header);
    expect(header).toEqual({ type: 'string', format: 'byte', 'x-oas31': { contentSchema: { $ref: '#/components/schemas/P' }, note: expect.any(String) } });
    expect(to30({ $ref: '#/components/schemas/P', description: 'd' })).toEqual({ allOf: [{ $ref: '#/components/schemas/P' }], description: 'd' });
  });

  it('writes a numeric exclusive bound as 3.0 does: the bound in minimum/maximum, exclusive as a boolean', () => {
    const low = { type: 'number', exclusiveMinimum: 0 };
    rewriteSchema(low);
    expect(low).toEqual({ type: 'number', minimum: 0, exclusiveMinimum: true });
    const both = { type: 'integer', minimum: 5, exclusiveMinimum: 0, exclusiveMaximum: 10 };
    rewriteSchema(both);
    expect(both).toEqual({ type: 'integer', minimum: 5, maximum: 10, exclusiveMaximum: true });
  });

  it('leaves a property named like a keyword, and example data, alone', () => {
    const out = to30({ type: 'object', properties: { type: { type: ['string', 'null'] }, items: { type: 'string' } }, example: { type: ['x', null] } });
    expect(out.properties.type).toEqual({ type: 'string', nullable: true });
    expect(out.properties.items).toEqual({ type: 'string' });
    expect(out.example).toEqual({ type: ['x', null] });
  });
});

describe('finish30 on the document', () => {
  it('drops info.summary into the description and names the license by its SPDX URL', () => {
    const doc = finish30(
      { openapi: '3.0.3', info: { title: 't', version: '1', summary: 'S', description: 'D', license: { name: 'MIT' } } },
      { info: { license: { identifier: 'MIT' } } },
    );
    expect(doc.info.summary).toBeUndefined();
    expect(doc.info.description).toBe('S\n\nD');
    expect(doc.info.license.url).toBe('https://spdx.org/licenses/MIT.html');
  });

  it('the published 3.0 bundle has no 3.1-only construct left', () => {
    const text = readFileSync(join(ROOT, 'spec/dist/openapi-3.0.yaml'), 'utf8');
    const doc = YAML.parse(text);
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.summary).toBeUndefined();
    const found: string[] = [];
    const walk = (node: any, path: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'example' || k === 'examples' || k.startsWith('x-') || k === 'enum') continue;
        if (k === 'type' && (Array.isArray(v) || v === 'null')) found.push(`${path}.type`);
        if (['prefixItems', 'contentSchema', 'const', '$defs', 'unevaluatedProperties'].includes(k)) found.push(`${path}.${k}`);
        walk(v, `${path}.${k}`);
      }
    };
    walk(doc.paths, 'paths');
    walk(doc.components, 'components');
    expect(found).toEqual([]);
  });
});

describe('same values accepted before and after', () => {
  const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
  const json = fc.jsonValue({ maxDepth: 2 });
  it('a type list (with or without null) accepts exactly what its 3.0 rewrite accepts', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 4 }), fc.boolean(), json, (types, nullable, value) => {
        const schema31 = { type: nullable ? [...types, 'null'] : [...types], ...(types.includes('array') ? { items: {} } : {}) };
        const schema30 = to30(schema31);
        expect(ajv30.validate(schema30, value)).toBe(ajv31.validate(schema31, value));
      }),
      { seed: 18, numRuns: 200 },
    );
  });
  it('oneOf of an enum $ref and null accepts exactly what its 3.0 rewrite accepts', () => {
    const components = { E: { type: 'string', enum: ['a', 'b'] } };
    fc.assert(
      fc.property(fc.oneof(json, fc.constantFrom('a', 'b', null)), (value) => {
        const schema31 = { oneOf: [{ $ref: '#/components/schemas/E' }, { type: 'null' }] };
        const schema30 = to30(schema31, components);
        const wrap = (s: any) => ({ ...s, components: { schemas: components } });
        expect(ajv30.validate(wrap(schema30), value)).toBe(ajv31.validate(wrap(schema31), value));
      }),
      { seed: 18, numRuns: 150 },
    );
  });
});
