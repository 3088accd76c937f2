// The options check is compiled from the settings schema by tools/codegen (an ajv standalone validator was 18 kB of a
// one-operation bundle). This proves it accepts exactly what ajv accepts on the full generated schema, over seeded
// random options built from the schema's own keys and values around its limits, and that its messages name the
// option and rule.
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import schema from '../src/generated/settings-schema.json' with { type: 'json' };
import { SETTINGS } from '../src/generated/check-settings.js';
import { createClient } from '../src/index.js';

// strictNumbers: NaN and Infinity are not numbers (a timeout of Infinity would fire at once: setTimeout overflows).
const ajv = new Ajv({ strict: false, allErrors: true, strictNumbers: true });
const validate = ajv.compile(schema);

// Values at and around every limit the schema sets, of every JSON type, so each keyword is hit on both sides.
const scalar = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1,
      0.5,
      2.5,
      10,
      11,
      1e9,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      false,
      null,
      undefined,
      '',
      'X-API-Key',
      'apiKey',
      'throw',
      'warn',
      'off',
      'https://a.b',
      'http://127.0.0.1:1',
      'api.laevitas.ch',
      'http://',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const window = fc.record({ limit: scalar, windowSeconds: scalar, extra: scalar }, { requiredKeys: [] });
const value = fc.oneof(
  { weight: 2, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(window, { maxLength: 3 }) },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        maxRetries: scalar,
        initialDelayMs: scalar,
        maxDelayMs: scalar,
        maxRetryAfterMs: scalar,
        windows: fc.oneof(scalar, fc.array(window, { maxLength: 2 })),
        safetyMarginMs: scalar,
        shared: scalar,
        oops: scalar,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 2 }) },
);
const keys = [...Object.keys(schema.properties), 'unknownOption'];
const settings = fc.dictionary(fc.constantFrom(...keys), value, { minKeys: 1, maxKeys: 4 });

describe('options check', () => {
  it('accepts exactly what ajv accepts (fast-check, seeded)', () => {
    fc.assert(
      fc.property(settings, (options) => {
        const ours = Object.entries(options).flatMap(([key, v]) =>
          v === undefined ? [] : Object.hasOwn(SETTINGS, key) ? SETTINGS[key]!(v, `options.${key}`) : [`options.${key} is not an option`],
        );
        const valid = validate(options);
        expect(ours.length === 0, `${JSON.stringify(options)}: ours ${JSON.stringify(ours)} vs ajv ${JSON.stringify(validate.errors)}`).toBe(valid);
      }),
      { seed: 20261123, numRuns: 4000 },
    );
  });

  it('names the option and the rule', () => {
    expect(() => createClient({ retry: { maxRetries: 11 } })).toThrow(/options.retry.maxRetries must be <= 10/);
    expect(() => createClient({ retry: 'yes' as never })).toThrow(/options.retry must be object or false/);
    expect(() => createClient({ rateLimit: [{ limit: 0, windowSeconds: 1 }] })).toThrow(/options.rateLimit\[0\].limit must be >= 1/);
    expect(() => createClient({ rateLimit: [{ limit: 1 }] as never })).toThrow(/options.rateLimit\[0\] must have required property 'windowSeconds'/);
    expect(() => createClient({ defaultHeaders: { a: 1 } as never })).toThrow(/options.defaultHeaders.a must be string/);
    expect(() => createClient({ retry: { maxRetries: 1, tries: 2 } as never })).toThrow(/options.retry.tries is not an option/);
    expect(() => createClient({ timeout: Number.POSITIVE_INFINITY })).toThrow(/options.timeout must be number/);
    expect(() => createClient({ validateResponses: true as never })).toThrow(/options.validateResponses must be one of 'off', 'throw', 'warn'/);
    expect(() => createClient({ baseUrl: 'api.laevitas.ch' })).toThrow(/options.baseUrl must match pattern/);
    expect(() => createClient({ timeout: 0 })).toThrow(/options.timeout must be > 0/);
  });

  it('takes a setting given as undefined for an absent one, at any depth (as ajv does)', () => {
    expect(() => createClient({ timeout: undefined, retry: { maxRetries: undefined, maxDelayMs: 100 } } as never)).not.toThrow();
    expect(createClient({ retry: { maxRetries: undefined } as never }).runtime.retryPolicy.maxRetries).toBe(2);
    expect(() => createClient({ rateLimit: [{ limit: 1, windowSeconds: undefined }] as never })).toThrow(
      /options.rateLimit\[0\] must have required property 'windowSeconds'/,
    );
  });

  it('takes an option name from the prototype (constructor, toString) for the unknown option it is', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(() => createClient(JSON.parse(`{"${name}": 1}`))).toThrow(new RegExp(`options.${name} is not an option \\(known: apiKey, `));
  });
});
