// The body validators body-validators.mjs compiles must judge and word every value as ajv does with the options they
// replaced (draft-07, allErrors:false, strictNumbers:false: createAjv in validators.mjs): for every body schema of every
// operation, and for hand-written schemas that reach what the spec does not use yet (a recursive $ref, a closed tuple,
// an escaped property name), seeded fast-check values (valid examples and their mutants) get the same verdict and the
// same issues from both. And a keyword the generator does not compile fails generation instead of going unchecked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alwaysValid, bodyValidatorsCode } from '../src/body-validators.mjs';
import { rewriteRefs } from '../src/validator-schemas.mjs';
import { createAjv } from '../src/validators.mjs';
import { ModuleForm } from '../src/module-form.mjs';
import { components, distinctSchemas, document, formatErrors, loadGenerated, type Validate } from './validator-harness.js';

const ajv = createAjv(document, { coerce: false, allErrors: false });

/** Compiles schemas with the generator and loads the module it writes, its requires pointed at the package runtime. */
function compile(schemas: unknown[], comps: Record<string, unknown> = components): Validate[] {
  const form = new ModuleForm('cjs', 'module');
  const code = bodyValidatorsCode(
    schemas.map((schema, i) => ({ name: `v${i}`, schema })),
    comps,
    (schema, name) => rewriteRefs(schema, comps as never, [name]),
    form,
  );
  return loadGenerated(form.module(code), schemas.length);
}

/** What a user sees of a verdict: ok, or the worded issues. */
const outcome = (validate: Validate, value: unknown) => (validate(value) ? 'ok' : formatErrors(validate.errors, ''));

const WRONG = [null, 0, -1, 1.5, 600, 'x', '', '2024-13-45', true, [], {}, [1], { a: 1 }, 'not-a-member'];

/** A value the schema should accept, built from its first alternatives (a union's first branch, an enum's first member). */
function sample(schema: any, comps: Record<string, any> = components, depth = 0): unknown {
  if (alwaysValid(schema) || depth > 6) return 'any';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((s: unknown) => sample(s, comps, depth + 1)).filter((v: unknown) => v && typeof v === 'object'));
  for (const union of [schema.oneOf, schema.anyOf]) if (union) return sample(union[0], comps, depth + 1);
  if (schema.$ref) return sample(comps[String(schema.$ref).split('/').pop()!], comps, depth + 1);
  const type = [schema.type].flat()[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
  if (type === 'object') return Object.fromEntries(Object.entries<any>(schema.properties ?? {}).map(([name, sub]) => [name, sample(sub, comps, depth + 1)]));
  if (type === 'array') {
    if (Array.isArray(schema.items)) return schema.items.map((s: unknown) => sample(s, comps, depth + 1));
    return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, () => sample(schema.items ?? {}, comps, depth + 1));
  }
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (schema.format === 'date-time') return '2026-01-02T03:04:05Z';
  if (schema.format === 'date') return '2026-01-02';
  if (schema.format === 'uri') return 'https://example.com/a';
  if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 })[0];
  return 'text';
}

/** Every place in a value a mutation can hit: a path of keys. */
function sites(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (Array.isArray(value)) value.slice(0, 3).forEach((item, i) => sites(item, [...path, i], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) sites(item, [...path, key], out);
  return out;
}

type Mutation = { site: number; kind: 'replace' | 'delete' | 'extra' | 'grow'; value: unknown };
const mutation = fc.record({
  site: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'extra', 'grow'),
  value: fc.oneof(fc.constantFrom(...WRONG), fc.jsonValue({ maxDepth: 2 })),
});

function mutate(value: unknown, { site, kind, value: replacement }: Mutation): unknown {
  const copy = structuredClone(value);
  const all = sites(copy);
  const path = all[site % all.length]!;
  if (path.length === 0) return kind === 'replace' ? replacement : copy;
  const parent: any = path.slice(0, -1).reduce((node: any, key) => node[key], copy);
  const key = path.at(-1)!;
  if (kind === 'replace') parent[key] = replacement;
  else if (kind === 'delete') Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key];
  else if (kind === 'extra' && parent[key] && typeof parent[key] === 'object' && !Array.isArray(parent[key])) parent[key]['zz/extra~'] = replacement;
  else if (kind === 'grow' && Array.isArray(parent[key])) parent[key].push(replacement);
  return copy;
}

/** Asserts ours and ajv's agree on the sample of `schema` and on `runs` mutants of it. */
function agree(schema: unknown, ours: Validate, theirs: Validate, runs: number, seed: number, comps?: Record<string, any>) {
  const base = sample(schema, comps);
  expect(outcome(ours, base)).toEqual(outcome(theirs, base));
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
      const value = mutations.reduce(mutate, base);
      expect(outcome(ours, value)).toEqual(outcome(theirs, value));
    }),
    { numRuns: runs, seed },
  );
}

describe('generated body validators agree with ajv (draft-07, allErrors:false, strictNumbers:false)', () => {
  // Every distinct body schema of the spec (responses, request bodies, decoded headers), as validators.mjs plans them.
  const list = distinctSchemas('bodies');
  const ours = compile(list.map((e) => e.schema));

  it('covers every body schema of the spec', () => {
    expect(list.length).toBeGreaterThan(100);
  });

  it('on generated values and mutants of each', () => {
    list.forEach(({ schema, where }, i) => {
      const theirs = ajv.compile(structuredClone(schema) as object) as Validate;
      try {
        agree(schema, ours[i]!, theirs, 40, 20261202 + i);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
    });
  }, 120_000);

  it('on schemas the spec does not use yet: recursion, tuples, escaped names, code-point lengths, keyword order', () => {
    const comps = {
      Node: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 2 }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
    };
    const schemas = [
      { $ref: '#/components/schemas/Node' },
      { type: 'array', items: [{ type: 'string' }, { type: 'number', maximum: 5 }], additionalItems: false, minItems: 1, maxItems: 3 },
      { type: 'array', items: [{ type: 'integer' }], additionalItems: { type: 'string', pattern: '^[a-z]+$' } },
      {
        type: 'object',
        required: ['a/b', 'c~d'],
        properties: { 'a/b': { type: 'integer' }, 'c~d': { enum: [1, null, 'x'] } },
        additionalProperties: { type: 'number' },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['k'],
        allOf: [{ required: ['j'] }],
        properties: Object.fromEntries('abcdefghijk'.split('').map((c) => [c, { const: c }])),
      },
      { type: ['string', 'integer', 'null'], minimum: 3, minLength: 2, format: 'date', not: { const: 'bad' } },
      { anyOf: [{ type: 'object', required: ['x'] }, { oneOf: [{ type: 'string' }, { type: 'string', maxItems: 1 }, { type: 'number' }] }] },
    ];
    const compiled = compile(
      schemas.map((s) => rewriteRefs(s, comps as never)),
      comps,
    );
    const reference = createAjv({ ...document, components: { schemas: comps } }, { coerce: false, allErrors: false });
    schemas.forEach((schema, i) => {
      const theirs = reference.compile(rewriteRefs(schema, comps as never)) as Validate;
      agree(schema, compiled[i]!, theirs, 300, 7 + i, comps);
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => void expect(outcome(compiled[i]!, value)).toEqual(outcome(theirs, value))),
        { numRuns: 300, seed: 11 + i },
      );
    });
    // Code points, not UTF-16 units: one emoji is one character.
    expect(outcome(compiled[0]!, { name: '\u{1F600}' })).not.toBe('ok');
    expect(outcome(compiled[0]!, { name: 'a\u{1F600}' })).toBe('ok');
  }, 60_000);
});

describe('keywords the generator does not compile fail generation', () => {
  const fails = (schema: unknown) => () => compile([schema], {});
  it.each([
    [{ type: 'string', maxLength: 3 }, /maxLength/],
    [{ type: 'array', uniqueItems: true }, /uniqueItems/],
    [{ type: 'object', patternProperties: { '^x': {} } }, /patternProperties/],
    [{ properties: { a: { if: { type: 'string' } } } }, /keyword if .*\/a/],
    [{ const: { a: 1 } }, /const with an object value/],
    [{ type: 'string', format: 'email' }, /format "email"/],
    [{ anyOf: [{ $ref: '#/components/schemas/X' }] }, /\$ref under anyOf\/oneOf/],
  ])('%j', (schema, message) => {
    expect(fails(schema)).toThrow(message);
  });
});
