// The `export` keyword of each top-level declaration is the most expensive token a consumer's compiler parses in our
// declaration files: TypeScript 5.9 reads a modifier speculatively (a look-ahead and a try-parse per keyword, each
// rescanning the tokens after it), and the 515 of schemas.d.ts cost as much to parse as about 4,000 ordinary syntax
// nodes (149 M instructions under valgrind, a tenth of what the client's declarations add to a consumer's type-check;
// `node tools/bench/typecheck.mjs`). A declaration file with no export declaration (`export {}`, `export … from`,
// `export =`) is an export context: every top-level declaration in it is exported without the keyword (TypeScript's
// binder, `setExportContextFlag`; the rule that lets ambient module declarations omit it). One `export` is kept,
// on the first declaration, because a file without any import or export is a global script instead of a module.
// Same exports, same types: packages/types/test/exports.test.ts asks the compiler what each file exports.
// The keyword is taken off the syntax nodes before they are printed; the declarations a generator writes as text
// after them (stream.mjs, types.mjs) are written without it.
import ts from 'typescript';

/**
 * The declarations with `export` on the first only: the opening nodes of a declaration file whose every other
 * top-level declaration is written without the keyword.
 * @param {readonly ts.Node[]} nodes top-level declarations, the file's first among them
 * @returns {ts.Node[]}
 */
export function implicitExports(nodes) {
  const [first, ...rest] = nodes;
  if (!first || !exportModifier(first)) throw new Error("codegen: a file's first declaration carries its one `export`, and there is none");
  return [first, ...unexported(rest)];
}

/**
 * The declarations without their `export` keyword, for a file whose first declaration carries it (implicitExports).
 * @param {readonly ts.Node[]} nodes top-level declarations
 * @returns {ts.Node[]}
 */
export function unexported(nodes) {
  return nodes.map((node) => {
    // An export declaration makes the file export only what it names: its declarations would need their keyword.
    if (ts.isExportDeclaration(node) || ts.isExportAssignment(node))
      throw new Error('codegen: a file with an export declaration exports only what it names: its declarations need their `export`');
    const keyword = exportModifier(node);
    if (!keyword || !ts.canHaveModifiers(node)) return node;
    // The update keeps the node's original, and with it the doc comment openapi-typescript attached to it.
    return ts.factory.replaceModifiers(
      node,
      (ts.getModifiers(node) ?? []).filter((modifier) => modifier !== keyword),
    );
  });
}

/** @param {ts.Node} node */
function exportModifier(node) {
  return ts.canHaveModifiers(node) ? ts.getModifiers(node)?.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) : undefined;
}
