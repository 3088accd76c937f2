// The compiled pattern matchers (pattern-matcher.mjs) must answer as the RegExp they replace, with and without the `u`
// flag, on strings that match, near-misses made from matches, and arbitrary Unicode (surrogates included); and every
// pattern outside the fixed-length subset must keep its RegExp.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyValidatorsCode } from '../src/body-validators.mjs';
import { ModuleForm } from '../src/module-form.mjs';
import { fixedLengthCondition } from '../src/pattern-matcher.mjs';
import { specPatterns } from './load.js';

const SEED = 0x9a77e4;

/** The compiled condition as a function of `s`, or undefined where the compiler refuses the pattern. */
function compiled(source: string): ((s: string) => boolean) | undefined {
  const condition = fixedLengthCondition(source, 's');
  return condition === undefined ? undefined : (new Function('s', `return ${condition};`) as (s: string) => boolean);
}
const fixedLengthMatcher = (source: string) => fixedLengthCondition(source, 's');

/** The pattern under the `u` flag, where it is valid there (`\-` and the like are not). */
function unicodeRegExp(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/** One character that may trip a matcher: near a range's edge, a surrogate half, an astral symbol, anything. */
const oddChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x40, max: 0x4e }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('😀', '\u0660', '\uff10', '\u0000', '\uffff'),
);

/** The characters of a pattern's source and their neighbours: one past each edge of its ranges. */
const neighbours = (source: string) => [...new Set([...source].flatMap((char) => [-1, 0, 1].map((step) => String.fromCharCode(char.charCodeAt(0) + step))))];

/** A string edited once: a character nudged to a neighbour (past a range's edge), replaced, inserted or removed, or cut. */
const mutated = (text: string, chars: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.nat(), chars, fc.constantFrom('nudge', 'nudge', 'replace', 'insert', 'remove', 'cut'), fc.constantFrom(-2, -1, 1, 2))
    .map(([at, char, edit, step]) => {
      const i = text.length ? at % (text.length + 1) : 0;
      if (edit === 'nudge' && i < text.length) return text.slice(0, i) + String.fromCharCode((text.charCodeAt(i) + step) & 0xffff) + text.slice(i + 1);
      if (edit === 'replace') return text.slice(0, i) + char + text.slice(i + 1);
      if (edit === 'insert') return text.slice(0, i) + char + text.slice(i);
      if (edit === 'remove') return text.slice(0, i) + text.slice(i + 1);
      return text.slice(0, i);
    });

/** Matches of the pattern, matches edited once or twice, and arbitrary strings. */
const candidates = (source: string) => {
  const matching = fc.stringMatching(new RegExp(source));
  const chars = fc.oneof(oddChar, fc.constantFrom(...neighbours(source)));
  return fc.oneof(
    matching,
    matching.chain((text) => mutated(text, chars)),
    matching.chain((text) => mutated(text, chars)).chain((text) => mutated(text, chars)),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.array(oddChar, { maxLength: 30 }).map((chars) => chars.join('')),
  );
};

/** Asserts the compiled matcher of `source` answers as its RegExp, with and without `u`, on generated strings. */
function agrees(source: string, matcher: (s: string) => boolean, numRuns: number) {
  const plain = new RegExp(source);
  const unicode = unicodeRegExp(source);
  fc.assert(
    fc.property(candidates(source), (text) => {
      const got = matcher(text);
      return got === plain.test(text) && (unicode === undefined || got === unicode.test(text));
    }),
    { seed: SEED, numRuns },
  );
}

/** A range among the letters A to J, where several in one class leave gaps of one or two letters between them. */
const narrowRange = fc
  .tuple(fc.integer({ min: 0x41, max: 0x4a }), fc.integer({ min: 0, max: 2 }))
  .map(([min, span]) => `${String.fromCharCode(min)}-${String.fromCharCode(min + span)}`);
/** One character the subset accepts, written as pattern source. */
const atom = fc.oneof(
  fc.constantFrom(...'abzAZ09-_: T', '\\.', '\\-', '\\d', '\\w', '\\t', '\\u00e9', '\\x41'),
  fc
    .array(fc.oneof(fc.constantFrom('0-9', 'a-f', 'A-F', 'x', '_', '\\d', '\\w', '.', '\u00e9-\u00ff'), narrowRange), { minLength: 1, maxLength: 3 })
    .map((items) => `[${items.join('')}]`),
);
/** An atom repeated a fixed number of times (`{0}` included), or a group of alternatives of one length (not 0: fast-check's
 * stringMatching does not take an empty group). */
const piece = fc.oneof(
  atom,
  fc.tuple(atom, fc.integer({ min: 0, max: 3 }), fc.boolean()).map(([a, n, lazy]) => `${a}{${n}}${lazy ? '?' : ''}`),
  fc
    .integer({ min: 1, max: 3 })
    .chain((width) =>
      fc
        .tuple(fc.array(fc.array(atom, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([options, capturing]) => `(${capturing ? '' : '?:'}${options.map((o) => o.join('')).join('|')})`),
    ),
);
/** A pattern of the subset: `^`, pieces, and `$` or not (a fixed-length prefix then). */
const fixedPattern = fc
  .tuple(fc.array(piece, { maxLength: 6 }), fc.boolean())
  .map(([pieces, anchored]) => ({ pieces, anchored, source: `^${pieces.join('')}${anchored ? '$' : ''}` }));
/** What the subset leaves out, each written so that it is a valid pattern wherever a piece may stand. */
const refusedPiece = fc.constantFrom(
  ...['a+', '[0-9]*', 'b?', '[a-z]{1,2}', 'c{2,}', '.', '[^a]', '\\s', '\\S', '\\D', '\\W', '(?=a)', '(?!a)', '(?<=a)', '\\b'],
  ...['(a|bc)', '(|a)', '(a)\\1', '😀', '[😀]', '\\ud83d', '[\\ud800-\\udfff]', '$a', '^'],
);

describe('fixedLengthMatcher', () => {
  it('compiles the date patterns of the spec and agrees with the RegExp on every spec pattern it accepts (seeded)', () => {
    const accepted = specPatterns().filter((source) => compiled(source));
    expect(accepted).toContain('^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$');
    expect(accepted).toContain('^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}$');
    for (const source of accepted) agrees(source, compiled(source)!, 2000);
  });

  it('agrees with the RegExp on generated patterns of the subset (seeded)', () => {
    fc.assert(
      fc.property(fixedPattern, ({ source }) => {
        const matcher = compiled(source);
        expect(matcher, source).toBeDefined();
        agrees(source, matcher!, 100);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('refuses a pattern with anything outside the subset, or without ^, or with alternatives at its top (seeded)', () => {
    fc.assert(
      fc.property(fixedPattern, refusedPiece, fc.nat(), ({ pieces, anchored }, refused, at) => {
        const i = at % (pieces.length + 1);
        const source = `^${[...pieces.slice(0, i), refused, ...pieces.slice(i)].join('')}${anchored ? '$' : ''}`;
        expect(fixedLengthMatcher(source), source).toBeUndefined();
        const unanchored = `${pieces.join('')}${anchored ? '$' : ''}`;
        expect(fixedLengthMatcher(unanchored), unanchored).toBeUndefined();
        expect(fixedLengthMatcher(`${source}|x`)).toBeUndefined();
      }),
      { seed: SEED, numRuns: 300 },
    );
    expect(fixedLengthMatcher('^0x[0-9a-fA-F]{40}$')).toBeUndefined(); // longer than its checks are worth
    for (const source of specPatterns().filter((s) => /[+*?]|\{\d+,/.test(s))) expect(fixedLengthMatcher(source), source).toBeUndefined();
  });

  it('writes its condition on the identifier it is given, never on an expression it would evaluate per offset', () => {
    expect(fixedLengthCondition('^a$', 'value7')).toBe('value7.length === 1 && value7.charCodeAt(0) === 97');
    expect(() => fixedLengthCondition('^a$', 'd.date')).toThrow(/not an identifier/);
  });

  it('is written in place in the checks of each array item, and a pattern checked once per body keeps its RegExp', () => {
    const date = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' };
    const row = { type: 'object', properties: { date } };
    const schema = { type: 'object', properties: { rows: { type: 'array', items: row }, asOf: date } };
    const code: string = bodyValidatorsCode([{ name: 'page', schema }], {}, (s: unknown) => s, new ModuleForm('cjs', 'module'));
    const rowFunction = code.slice(code.indexOf('function rowsItem('), code.indexOf('function page('));
    expect(rowFunction).toMatch(/\((value\d+)\.length === 10 && \1\.charCodeAt\(0\) - 48 >>> 0 <= 9 && /);
    expect(rowFunction).not.toContain('.test(');
    expect(code.match(/new RegExp\(/g)).toHaveLength(1);
    expect(code.slice(code.indexOf('function page('))).toMatch(/pattern\.test\(value\d+\)/);
  });
});
