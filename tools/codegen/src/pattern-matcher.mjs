// A `pattern` compiled into plain JavaScript when its strings all have one length: `^`, then literal characters,
// character classes, fixed repetitions `{n}` and groups whose alternatives have equal lengths, then `$` (or not: a
// prefix of one length). Such a pattern is a list of "the code unit at offset i is in these ranges" checks, and a
// condition reading `charCodeAt` at those offsets answers as `RegExp#test` without entering the regexp engine. The
// OHLCVT row's date test was most of a 1,000-row page's validation; written in place the page's validation takes 8%
// less time than with the RegExp in pnpm bench (14% measured alone). Anything else returns undefined and keeps its RegExp. The pattern is parsed by regexpp (the
// ECMAScript grammar, Annex B included, as ESLint reads it), not by hand.
//
// Unicode: ajv (and so the generated code) compiles patterns without the `u` flag, which reads strings as UTF-16 code
// units, as `length` and `charCodeAt` do. Only characters of the Basic Multilingual Plane outside the surrogates are
// accepted in the pattern, so each check also matches exactly one code point: the matcher agrees with the `u` flag too
// (a surrogate in the string fails every check in both readings). Negated classes, `.` and `\s` are refused, since
// there the two readings differ or the set is long.
import { RegExpParser } from '@eslint-community/regexpp';
import { isIdentifier } from './validator-code.mjs';

/** @typedef {import('@eslint-community/regexpp').AST.Node} Node */
/** @typedef {[number, number][]} Ranges code-unit ranges, inclusive */
/**
 * What a fixed-length piece of a pattern checks: one code unit in ranges, a sequence, or equal-length alternatives.
 * @typedef {{ ranges: Ranges } | { sequence: Check[] } | { alternatives: Check[] }} Check
 */

/**
 * Beyond this many code units the unrolled checks cost more bytes in a browser bundle than the regexp engine costs
 * time (`^0x[0-9a-fA-F]{40}$` stays a RegExp); the date-time patterns are 13 to 24.
 */
const MAX_LENGTH = 24;
const DIGIT = /** @type {Ranges} */ ([[48, 57]]);
const WORD = /** @type {Ranges} */ ([
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
]);

/** A pattern outside the subset, caught by fixedLengthCondition. */
class Refused extends Error {}

/** @param {number} code a character of the pattern @returns {number} */
function plain(code) {
  if (code > 0xffff || (code >= 0xd800 && code <= 0xdfff)) throw new Refused('astral or surrogate');
  return code;
}

/** The ranges one class element (or a bare character or escape) matches. @param {Node} node @returns {Ranges} */
function ranges(node) {
  if (node.type === 'Character') return [[plain(node.value), node.value]];
  if (node.type === 'CharacterClassRange') return [[plain(node.min.value), plain(node.max.value)]];
  if (node.type === 'CharacterSet' && node.kind === 'digit' && !node.negate) return DIGIT;
  if (node.type === 'CharacterSet' && node.kind === 'word' && !node.negate) return WORD;
  if (node.type === 'CharacterClass' && !node.negate && !node.unicodeSets) return node.elements.flatMap(ranges);
  throw new Refused(node.raw);
}

/** The number of code units a check matches. @param {Check} check @returns {number} */
function width(check) {
  if ('ranges' in check) return 1;
  if ('sequence' in check) return check.sequence.reduce((sum, part) => sum + width(part), 0);
  const [first] = check.alternatives;
  return first ? width(first) : 0;
}

/** @param {import('@eslint-community/regexpp').AST.Alternative[]} alternatives @returns {Check} */
function alternativesCheck(alternatives) {
  /** @type {Check[]} */
  const checks = alternatives.map((alternative) => ({ sequence: alternative.elements.map(elementCheck) }));
  if (checks.length === 1) return /** @type {Check} */ (checks[0]);
  if (new Set(checks.map(width)).size !== 1) throw new Refused('alternatives of unequal length');
  return { alternatives: checks };
}

/** @param {Node} node an element of an alternative @returns {Check} */
function elementCheck(node) {
  switch (node.type) {
    case 'Group':
    case 'CapturingGroup':
      return alternativesCheck(node.alternatives);
    case 'Quantifier': {
      if (node.min !== node.max) throw new Refused(node.raw);
      const element = elementCheck(node.element);
      return { sequence: Array.from({ length: node.min }, () => element) };
    }
    default:
      return { ranges: ranges(node) };
  }
}

/** Sorted, with overlapping and adjacent ranges merged. @param {Ranges} list @returns {Ranges} */
function merged(list) {
  /** @type {Ranges} */
  const out = [];
  for (const [min, max] of [...list].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && min <= last[1] + 1) last[1] = Math.max(last[1], max);
    else out.push([min, max]);
  }
  return out;
}

/**
 * The test that the code unit of `s` at `offset` is in `min`..`min + span`: one unsigned comparison, as a code below
 * `min` wraps to above 2^31. Every offset is below the length tested first, so `charCodeAt` never returns NaN here.
 * @param {string} s @param {number} offset @param {number} min @param {number} span
 */
const unitTest = (s, offset, min, span) => (span ? `${s}.charCodeAt(${offset}) - ${min} >>> 0 <= ${span}` : `${s}.charCodeAt(${offset}) === ${min}`);

/**
 * The JavaScript condition of a check on `s` from `offset` on, as terms to join with `&&`.
 * @param {Check} check @param {number} offset @param {string} s @returns {string[]}
 */
function terms(check, offset, s) {
  if ('sequence' in check) {
    let at = offset;
    return check.sequence.flatMap((part) => {
      const out = terms(part, at, s);
      at += width(part);
      return out;
    });
  }
  if ('alternatives' in check) {
    const options = check.alternatives.map((option) => terms(option, offset, s).join(' && ') || 'true');
    return [`(${options.join(' || ')})`];
  }
  const tests = merged(check.ranges).map(([min, max]) => unitTest(s, offset, min, max - min));
  if (tests.length === 0) return ['false']; // `[]` matches nothing
  return [tests.length === 1 ? /** @type {string} */ (tests[0]) : `(${tests.join(' || ')})`];
}

/**
 * @param {string} source a pattern as the spec writes it (compiled by ajv without flags)
 * @param {string} s the identifier of the string to test (read once per offset, so never an expression)
 * @returns {string | undefined} a condition that holds exactly when `new RegExp(source).test(s)` does, or undefined
 *   outside the subset
 */
export function fixedLengthCondition(source, s) {
  if (!isIdentifier(s)) throw new Error(`codegen: ${s} is not an identifier`);
  try {
    const pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, { unicode: false });
    const [alternative, ...others] = pattern.alternatives;
    if (!alternative || others.length) return undefined;
    const elements = [...alternative.elements];
    const first = elements.shift();
    if (first?.type !== 'Assertion' || first.kind !== 'start') return undefined;
    const last = elements[elements.length - 1];
    const ends = last?.type === 'Assertion' && last.kind === 'end';
    if (ends) elements.pop();
    const check = { sequence: elements.map(elementCheck) };
    const length = width(check);
    if (length > MAX_LENGTH) return undefined;
    return [`${s}.length ${ends ? '===' : '>='} ${length}`, ...terms(check, 0, s)].join(' && ');
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
}
