// runtime/formats.mjs carries the spec's string formats in place of ajv-formats' whole table (a smaller browser
// bundle): each must accept and reject exactly what ajv-formats' full format of the same name does, on drawn strings
// shaped like the format (so most are near misses, not random noise) and on hand-picked edge cases.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { byFormat } from '../runtime/formats.mjs';

const require = createRequire(import.meta.url);
const ours: Record<'date' | 'date-time' | 'uri', (value: string) => boolean> = byFormat;
type Check = (value: string) => boolean;
const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, Check | RegExp | { validate: Check }> };
const theirs = (name: string, value: string) => {
  const format = fullFormats[name]!;
  if (format instanceof RegExp) return format.test(value);
  return typeof format === 'function' ? format(value) : format.validate(value);
};

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const date = fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`);
const time = fc
  .tuple(digits(2), digits(2), digits(2), fc.constantFrom('', '.5', '.123'), fc.constantFrom('', 'Z', 'z', '+00:00', '-05:30', '+2400', '+05'))
  .map(([h, m, s, frac, tz]) => `${h}:${m}:${s}${frac}${tz}`);
const dateTime = fc.tuple(date, fc.constantFrom('T', 't', ' ', '_'), time).map(([d, sep, t]) => `${d}${sep}${t}`);
const uri = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string(),
  fc.constantFrom('x:y', '/a/b', 'mailto:a@b.c', 'a b:c', 'http://[::1]:80/'),
);

const EDGES = ['', '2024-02-29', '2023-02-29', '2016-12-31T23:59:60Z', '2016-12-31T23:59:60+01:00', '2024-01-01T00:00:00', '2024-13-01T00:00:00Z'];

describe('runtime/formats.mjs agrees with ajv-formats (full)', () => {
  it('has exactly the formats the spec uses', () => {
    expect(Object.keys(ours).sort()).toEqual(['date', 'date-time', 'uri']);
  });
  for (const [name, drawn] of [
    ['date', fc.oneof(date, fc.string())],
    ['date-time', fc.oneof(dateTime, fc.string())],
    ['uri', uri],
  ] as const) {
    it(`${name}: the same verdict on every drawn string`, () => {
      for (const value of EDGES) expect(ours[name](value), value).toBe(theirs(name, value));
      fc.assert(
        fc.property(drawn, (value) => ours[name](value) === theirs(name, value)),
        { seed: 26, numRuns: 2000 },
      );
    });
  }
});
