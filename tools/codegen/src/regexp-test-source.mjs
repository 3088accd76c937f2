// The source a body validator compiles a `pattern` into: the spec's pattern with every capturing group made
// non-capturing. A validator only asks whether a string matches (`RegExp.prototype.test`), never what a group
// captured, and V8's regexp engine records no positions for a non-capturing group: the OHLCVT row's date pattern,
// with four groups, tested about 15% faster so (it is now compiled to charCodeAt checks, pattern-matcher.mjs; the
// twin serves the patterns that compiler refuses).
// The error still reports the pattern as the spec writes it. A pattern that refers back to a group (`\1`,
// `\k<name>`) or names one keeps its groups, since there the numbering is part of what it matches.

/**
 * @param {string} source a regular expression's source, as in the spec (no flags: ajv's `unicodeRegExp: false`)
 * @returns {string} a source matching exactly the same strings, with no capturing group where that is safe
 */
export function nonCapturingSource(source) {
  if (/\\[1-9]|\\k<|\(\?</.test(source)) return source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      // An escaped character (in or out of a class) is never a group or a class edge.
      out += char + (source[i + 1] ?? '');
      i++;
    } else if (inClass) {
      // Inside [...] a parenthesis is a literal; the first unescaped ] ends the class (`[]` is an empty class in JS).
      if (char === ']') inClass = false;
      out += char;
    } else if (char === '[') {
      inClass = true;
      out += char;
    } else if (char === '(' && source[i + 1] !== '?') {
      out += '(?:';
    } else {
      out += char;
    }
  }
  return out;
}
