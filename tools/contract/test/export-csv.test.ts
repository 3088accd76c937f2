// The export's CSV (src/export/formats.mjs): RFC 4180 through csv-stringify, held by exact strings and by a round trip
// of generated text through csv-parse (the same project's parser), and a row that does not fit the columns refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { encodeRows } from '../src/export/formats.mjs';

describe('CSV cells (RFC 4180 through csv-stringify)', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, ends lines in CRLF', () => {
    const state = { rows: 0 };
    const text = encodeRows('csv', [{ a: 'x,y', b: 'he said "hi"', c: 'two\nlines', d: true, e: { n: 1 } }], state);
    expect(text).toBe('a,b,c,d,e\r\n"x,y","he said ""hi""","two\nlines",true,"{""n"":1}"\r\n');
    expect(encodeRows('csv', [{ a: 'plain', b: '', c: ' sp ', d: false, e: null }], state)).toBe('plain,, sp ,false,\r\n');
  });

  it('any text survives a round trip through a conforming parser (fast-check, seeded)', () => {
    const cell = fc.string({ unit: 'binary' });
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 5 }), (pairs) => {
        const rows = pairs.map(([a, b]) => ({ a, b }));
        const state = { rows: 0 };
        const text = rows.map((row) => encodeRows('csv', [row], state)).join('');
        expect(parse(text, { columns: true, record_delimiter: '\r\n', relax_column_count: false })).toEqual(rows);
      }),
      { seed: 4180, numRuns: 200 },
    );
  }, 60_000);

  it('refuses a row with a field outside the columns instead of dropping it', () => {
    const state = { rows: 0 };
    encodeRows('csv', [{ a: 1 }], state);
    expect(() => encodeRows('csv', [{ a: 2, b: 3 }], state)).toThrow(/row 2 has the field "b", which is not among the CSV columns \(a, from the first row\)/);
  });
});
