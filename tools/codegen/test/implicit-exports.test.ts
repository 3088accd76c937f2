// The declaration files whose declarations are exported without the keyword (implicit-exports.mjs says why): the
// first keeps its `export`, the others lose it on the syntax nodes, doc comments included, and an export declaration,
// which would turn the file's implicit exports off, fails generation.
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { astToString } from 'openapi-typescript';
import { implicitExports, unexported } from '../src/implicit-exports.mjs';

const f = ts.factory;
const exported = () => [f.createModifier(ts.SyntaxKind.ExportKeyword)];
const documented = <T extends ts.Node>(node: T, doc: string) => ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, `* ${doc} `, true);
const declarations = () => [
  documented(f.createInterfaceDeclaration(exported(), 'A', undefined, undefined, []), 'First.'),
  documented(f.createTypeAliasDeclaration(exported(), 'B', undefined, f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)), 'Second.'),
  f.createVariableStatement(
    [...exported(), f.createModifier(ts.SyntaxKind.DeclareKeyword)],
    f.createVariableDeclarationList([f.createVariableDeclaration('C', undefined, f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword))], ts.NodeFlags.Const),
  ),
];

describe('implicitExports', () => {
  it('keeps `export` on the first declaration only, and every doc comment', () => {
    expect(astToString(implicitExports(declarations()))).toBe(
      ['/** First. */', 'export interface A {', '}', '/** Second. */', 'type B = string;', 'declare const C: number;', ''].join('\n'),
    );
  });

  it('drops it from every declaration with unexported', () => {
    expect(astToString(unexported(declarations().slice(1)))).toBe(['/** Second. */', 'type B = string;', 'declare const C: number;', ''].join('\n'));
  });

  it('fails when the first declaration has no `export` to keep', () => {
    expect(() => implicitExports(unexported(declarations()))).toThrow(/first declaration/);
  });

  it('fails on an export declaration, which exports only what it names', () => {
    const reexport = f.createExportDeclaration(undefined, false, undefined, f.createStringLiteral('./x.js'));
    expect(() => implicitExports([...declarations(), reexport])).toThrow(/export declaration/);
  });
});
