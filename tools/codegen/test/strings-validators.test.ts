// The parameter and header validators strings-validators.mjs compiles must judge, word and coerce every value as ajv
// does with the options they replaced (draft-07, coerceTypes, allErrors, strictNumbers: createAjv in validators.mjs):
// for every parameter and header schema of every operation, and for hand-written schemas reaching what the spec uses
// once or not yet, seeded fast-check values (numeric strings, '', ' 1', '1e3', '0x10', 'true', null, booleans,
// numbers, arrays, extra properties, missing required ones) get the same verdict, the same worded issues and the same
// coerced data from both. And a keyword or shape the generator does not compile fails generation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringsValidatorsCode } from '../src/strings-validators.mjs';
import { createAjv } from '../src/validators.mjs';
import { ModuleForm } from '../src/module-form.mjs';
import { distinctSchemas, document, formatErrors, loadGenerated, type Validate } from './validator-harness.js';

const ajv = createAjv(document, { coerce: true, allErrors: true });

/** Compiles schemas with the generator and loads the module it writes, its requires pointed at the package runtime. */
function compile(schemas: unknown[]): Validate[] {
  const form = new ModuleForm('cjs', 'module');
  const code = stringsValidatorsCode(
    schemas.map((schema, i) => ({ name: `v${i}`, schema })),
    form,
  );
  return loadGenerated(form.module(code), schemas.length);
}

/** What a user sees of a validation: the verdict or the worded issues, and the data as coercion left it. */
function outcome(validate: Validate, value: unknown) {
  const data = structuredClone(value);
  const verdict = validate(data) ? 'ok' : formatErrors(validate.errors, '');
  return { verdict, data };
}

/** What arrives where a string is expected, and what a caller may pass instead. */
const AWKWARD = ['', ' 1', '1e3', '0x10', '1.5', '-1', '0', '1001', 'true', 'false', 'Infinity', 'abc', '2024-01-02T03:04:05Z'];
const WRONG = [null, true, false, 0, 1, -1, 1.5, 1000, 1001, NaN, Infinity, [], ['1'], {}, { a: 1 }];

/** The strings a schema names (enum and const members, pattern samples): values that pass a rule, or nearly. */
function named(schema: any, out: unknown[] = []): unknown[] {
  if (!schema || typeof schema !== 'object') return out;
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  if (schema.const !== undefined) out.push(schema.const);
  if (typeof schema.pattern === 'string') out.push(...fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 3, seed: 5 }));
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) named(sub, out);
  return out;
}

/** Values for `schema`: objects of its properties (some missing, some extra) and, now and then, anything else. */
function values(schema: any): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    fc.constantFrom(...AWKWARD, ...WRONG),
    fc.constantFrom('x', ...named(schema)),
    fc.string({ maxLength: 4 }),
    fc.integer({ min: -5, max: 2000 }).map(String),
    fc.double(),
  );
  if (schema?.type !== 'object') return scalar;
  const properties = Object.entries<any>(schema.properties ?? {});
  const object = fc
    .tuple(
      fc.record(Object.fromEntries(properties.map(([name, sub]) => [name, values(sub)])), { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('zz', 'a/b~c', properties[0]?.[0] ?? 'p'), scalar, { maxKeys: 2 }),
    )
    .map(([declared, extra]) => ({ ...extra, ...declared }));
  return fc.oneof({ weight: 12, arbitrary: object }, { weight: 1, arbitrary: scalar });
}

/** Asserts ours and ajv's agree on `runs` generated values of `schema`. */
function agree(schema: unknown, ours: Validate, theirs: Validate, runs: number, seed: number) {
  fc.assert(
    fc.property(values(schema), (value) => void expect(outcome(ours, value)).toEqual(outcome(theirs, value))),
    { numRuns: runs, seed },
  );
}

describe('generated parameter and header validators agree with ajv (coerceTypes, allErrors, strictNumbers)', () => {
  // Every distinct parameter and header schema of the spec, as validators.mjs plans them.
  const list = distinctSchemas('strings');
  const ours = compile(list.map((e) => e.schema));

  it('covers every parameter and header schema of the spec', () => {
    expect(list.length).toBeGreaterThan(100);
  });

  it('on generated values of each: verdict, worded issues and coerced data', () => {
    list.forEach(({ schema, where }, i) => {
      const theirs = ajv.compile(structuredClone(schema) as object) as Validate;
      try {
        agree(schema, ours[i]!, theirs, 60, 20261202 + i);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
    });
  }, 120_000);

  it('on schemas the spec uses once or not yet: each type, limits, anyOf with const, allOf, code-point lengths', () => {
    const schemas = [
      {
        type: 'object',
        required: ['n', 'b'],
        additionalProperties: false,
        properties: {
          n: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
          b: { type: 'boolean' },
          s: { type: 'string', minLength: 2, pattern: '^[a-z]' },
          u: {
            anyOf: [
              { type: 'string', pattern: '^[0-9]{2}$' },
              { type: 'string', const: 'all' },
            ],
          },
          e: { allOf: [{ type: 'integer', enum: [1, 2, 3] }, { minimum: 2 }] },
          c: { const: 1 },
          o: { type: 'object', properties: { i: { type: 'integer' } } },
        },
      },
      { type: 'integer', minimum: 3 },
      { type: 'string', format: 'date', contentEncoding: 'base64', contentMediaType: 'application/json' },
      { type: 'object' },
    ];
    const compiled = compile(schemas);
    schemas.forEach((schema, i) => agree(schema, compiled[i]!, ajv.compile(structuredClone(schema)) as Validate, 500, 7 + i));
    // Code points, not UTF-16 units: one emoji is one character.
    expect(outcome(compiled[0]!, { n: 1, b: true, s: 'a\u{1F600}' }).verdict).toBe('ok');
    expect(outcome(compiled[0]!, { n: 1, b: true, s: '\u{1F600}' }).verdict).not.toBe('ok');
    // Coercion shows in the data, as the corpus records it.
    expect(outcome(compiled[0]!, { n: '1e0', b: 'true', s: 'ab', e: '3' }).data).toEqual({ n: 1, b: true, s: 'ab', e: 3 });
  }, 60_000);
});

describe('keywords and shapes the generator does not compile fail generation', () => {
  it.each([
    [{ type: 'string', maxLength: 3 }, /keyword maxLength/],
    [{ type: ['string', 'integer'] }, /type \["string","integer"\] at \(root\)/],
    [{ type: 'array' }, /type "array"/],
    [{ type: 'object', properties: { a: { oneOf: [] } } }, /keyword oneOf \(at \/a\)/],
    [{ type: 'object', additionalProperties: { type: 'string' } }, /additionalProperties at \(root\) must be true or false/],
    [{ type: 'string', format: 'email' }, /format "email"/],
    [{ const: { a: 1 } }, /const with an object value/],
    [{ enum: [[1]] }, /enum at \(root\) must be a list of scalars/],
    [{ anyOf: [] }, /anyOf at \(root\) must be a non-empty list/],
    [{ minimum: '1' }, /minimum at \(root\) must be a number/],
  ])('%j', (schema, message) => {
    expect(() => compile([schema])).toThrow(message);
  });
});
