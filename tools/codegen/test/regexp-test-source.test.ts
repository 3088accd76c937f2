// The body validators test a pattern with its non-capturing twin (regexp-test-source.mjs): it must match exactly the
// strings the spec's pattern matches, for every pattern in the spec and for the shapes a tokenizer can get wrong.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonCapturingSource } from '../src/regexp-test-source.mjs';
import { specPatterns } from './load.js';

/** Shapes where groups, escapes and classes meet. */
const TRICKY = [
  String.raw`^\(([0-9]+)\)$`,
  String.raw`^[(]+(a|b)[)]$`,
  String.raw`^[\](]+(x)$`,
  String.raw`^[]a(b)$`,
  String.raw`^(?:a|b)(c)(?=d)d$`,
  String.raw`^(?!x)(y|z)+$`,
  String.raw`^\\(a|\\)$`,
  String.raw`^((a)(b(c)))?$`,
];

/** Strings built from a pattern's own characters, digits and a few separators: near-misses as well as matches. */
const near = (source: string) => {
  const alphabet = [...new Set([...source.replace(/[\\^$]/g, ''), ...'0123456789aAzZ-_: .T'])];
  return fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join(''));
};

describe('nonCapturingSource', () => {
  it('turns capturing groups into non-capturing ones and leaves escapes, classes and (?…) groups alone', () => {
    expect(nonCapturingSource(String.raw`^[0-9]{4}-(0[1-9]|1[0-2])$`)).toBe(String.raw`^[0-9]{4}-(?:0[1-9]|1[0-2])$`);
    expect(nonCapturingSource(String.raw`^\(([0-9]+)\)$`)).toBe(String.raw`^\((?:[0-9]+)\)$`);
    expect(nonCapturingSource(String.raw`^[(]+(a|b)[)]$`)).toBe(String.raw`^[(]+(?:a|b)[)]$`);
    expect(nonCapturingSource(String.raw`^[]a(b)$`)).toBe(String.raw`^[]a(?:b)$`);
    expect(nonCapturingSource(String.raw`^(?:a)(?=b)(?!c)(d)$`)).toBe(String.raw`^(?:a)(?=b)(?!c)(?:d)$`);
  });

  it('keeps the groups of a pattern that refers back to one or names one', () => {
    for (const source of [String.raw`^(a)\1$`, String.raw`^(?<x>a)\k<x>$`, String.raw`^(?<=a)(b)$`]) expect(nonCapturingSource(source)).toBe(source);
  });

  it('matches exactly what the original matches, for every spec pattern and the tricky shapes (seeded)', () => {
    const patterns = [...specPatterns(), ...TRICKY];
    expect(patterns.length).toBeGreaterThan(30);
    for (const source of patterns) {
      const original = new RegExp(source);
      const twin = new RegExp(nonCapturingSource(source));
      fc.assert(
        fc.property(near(source), (text) => original.test(text) === twin.test(text)),
        { seed: 0x5eed, numRuns: 300 },
      );
    }
  });
});
