// The `export` keyword of each top-level declaration is the most expensive token a consumer's compiler parses in our
// declaration files: TypeScript 5.9 reads a modifier speculatively (a look-ahead and a try-parse per keyword, each
// rescanning the tokens after it), and the 515 of schemas.d.ts cost as much to parse as about 4,000 ordinary syntax
// nodes (149 M instructions under valgrind, a tenth of what the client's declarations add to a consumer's type-check;
// `node tools/bench/typecheck.mjs`). A declaration file with no export declaration (`export {}`, `export … from`,
// `export =`) is an export context: every top-level declaration in it is exported without the keyword (TypeScript's
// binder, `setExportContextFlag`; the rule that lets ambient module declarations omit it). One `export` is kept,
// on the first declaration, because a file without any import or export is a global script instead of a module.
// Same exports, same types: packages/types/test/exports.test.ts asks the compiler what each file exports.

/**
 * The declarations with `export` dropped from every top-level `type`, `interface` and `declare` but the first.
 * @param {string} text a declaration file's text, top-level declarations at column 0
 * @returns {string}
 */
export function implicitExports(text) {
  if (/^export\s*(\{|\*|=|type\s*\{|type\s*\*)/m.test(text))
    throw new Error('codegen: a file with an export declaration exports only what it names: its declarations need their `export`');
  let first = true;
  return text.replace(/^export (?=type |interface |declare )/gm, (keyword) => {
    if (!first) return '';
    first = false;
    return keyword;
  });
}
