// An operation's parameter set written as one of the five shapes (tools/codegen/src/parameter-shapes.mjs) is the same
// type as the literal openapi-typescript writes, by the identity test the types package uses; a set no shape fits
// (a header parameter, a location with docs) stays the literal.
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { asShape, shapeDeclarations } from '../src/parameter-shapes.mjs';

const PATH = '{ market: string; currency: "BTC" | "ETH" }';
const QUERY = '{ limit?: number | undefined; cursor?: string | undefined }';
const NEVER = (location: string) => `${location}?: never`;
const sets = {
  OptionalQueryParameters: `{ query?: ${QUERY} | undefined; ${NEVER('header')}; ${NEVER('path')}; ${NEVER('cookie')} }`,
  QueryParameters: `{ query: ${QUERY}; ${NEVER('header')}; ${NEVER('path')}; ${NEVER('cookie')} }`,
  PathParameters: `{ ${NEVER('query')}; ${NEVER('header')}; path: ${PATH}; ${NEVER('cookie')} }`,
  PathQueryParameters: `{ query: ${QUERY}; ${NEVER('header')}; path: ${PATH}; ${NEVER('cookie')} }`,
  PathOptionalQueryParameters: `{ query?: ${QUERY} | undefined; ${NEVER('header')}; path: ${PATH}; ${NEVER('cookie')} }`,
};

const printer = ts.createPrinter();
const literalOf = (text: string) => {
  const file = ts.createSourceFile('set.ts', `type T = ${text};`, ts.ScriptTarget.Latest, true);
  return { literal: (file.statements[0] as ts.TypeAliasDeclaration).type as ts.TypeLiteralNode, file };
};
const shaped = (text: string) => {
  const { literal, file } = literalOf(text);
  return printer.printNode(ts.EmitHint.Unspecified, asShape(literal), file);
};

/** The compiler's errors on a module of the shapes and `code`, under the strictness consumers use. */
function errorsOf(code: string) {
  const blank = ts.createSourceFile('shapes.ts', '', ts.ScriptTarget.Latest);
  const shapes = shapeDeclarations()
    .map((d) => printer.printNode(ts.EmitHint.Unspecified, d, blank))
    .join('\n');
  const name = '/virtual/shapes.ts';
  const options: ts.CompilerOptions = { strict: true, exactOptionalPropertyTypes: true, noEmit: true, types: [], lib: ['lib.es5.d.ts'] };
  const source = `${shapes}\ntype Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;\n${code}\nexport {};\n`;
  const host = ts.createCompilerHost(options);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (f, lang, ...rest) => (f === name ? ts.createSourceFile(f, source, lang) : getSource(f, lang, ...rest));
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => f === name || exists(f);
  const program = ts.createProgram([name], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('parameter shapes', () => {
  it.each(Object.entries(sets))('%s is the literal it replaces', (shape, text) => {
    const written = shaped(text);
    expect(written.startsWith(`${shape}<`)).toBe(true);
    expect(errorsOf(`export const same: Same<${written}, ${text}> = true;`)).toEqual([]);
  });

  it('the identity check fails on a different set (the check above can fail)', () => {
    const errors = errorsOf(`export const same: Same<${shaped(sets.PathQueryParameters)}, ${sets.PathOptionalQueryParameters}> = true;`);
    expect(errors.length).toBe(1);
  });

  it('leaves a set with a header parameter, or a location with docs of its own, as the literal', () => {
    const header = `{ ${NEVER('query')}; header: { "x-checkout-token": string }; path: ${PATH}; ${NEVER('cookie')} }`;
    const none = `{ ${NEVER('query')}; ${NEVER('header')}; ${NEVER('path')}; ${NEVER('cookie')} }`;
    for (const text of [header, none]) expect(shaped(text).startsWith('{')).toBe(true);
    // openapi-typescript writes docs as synthetic comments on the nodes it makes.
    const { literal, file } = literalOf(sets.QueryParameters);
    expect(printer.printNode(ts.EmitHint.Unspecified, asShape(literal), file).startsWith('QueryParameters<')).toBe(true);
    ts.addSyntheticLeadingComment(literal.members[0]!, ts.SyntaxKind.MultiLineCommentTrivia, '* The window. ', true);
    expect(printer.printNode(ts.EmitHint.Unspecified, asShape(literal), file).startsWith('{')).toBe(true);
  });
});
