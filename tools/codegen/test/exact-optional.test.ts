// Optional request-side members of the generated types accept an explicit `undefined` (exactOptionalPropertyTypes):
// every optional query/header/cookie parameter of every operation, and every optional field of every schema a request
// body reaches. Response-only schemas keep `?: T`, since a response never carries an explicit undefined.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import openapiTS from 'openapi-typescript';
import { acceptExplicitUndefined } from '../src/exact-optional.mjs';
import { ROOT } from './load.js';

// The declarations live in four files (components and operations, the schemas with the signature maps, the parameter
// shapes the maps name, the signatures entry); one source of their statements is all this test reads.
const text = ['openapi.d.ts', 'schemas.d.ts', 'parameter-shapes.d.ts', 'signatures.d.ts']
  .map((name) => readFileSync(join(ROOT, 'packages/types/generated', name), 'utf8'))
  .join('\n');
const file = ts.createSourceFile('generated.d.ts', text, ts.ScriptTarget.Latest, true);
const top = (name: string) => file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name)!;
const nameOf = (m: ts.TypeElement) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : '');
const literalMembers = (m: ts.TypeElement | undefined): readonly ts.TypeElement[] => {
  const type = m && ts.isPropertySignature(m) ? m.type : undefined;
  if (!type) return [];
  const literal = ts.isUnionTypeNode(type) ? type.types.find(ts.isTypeLiteralNode) : type;
  return literal && ts.isTypeLiteralNode(literal) ? literal.members : [];
};
const acceptsUndefined = (m: ts.PropertySignature) =>
  !!m.type && ts.isUnionTypeNode(m.type) && m.type.types.some((t) => t.kind === ts.SyntaxKind.UndefinedKeyword);
const optional = (members: readonly ts.TypeElement[]) =>
  members.filter((m): m is ts.PropertySignature => ts.isPropertySignature(m) && !!m.questionToken && m.type?.kind !== ts.SyntaxKind.NeverKeyword);

function optionalFieldsDeep(node: ts.Node, out: ts.PropertySignature[] = []): ts.PropertySignature[] {
  if (ts.isPropertySignature(node) && node.questionToken) out.push(node);
  ts.forEachChild(node, (child) => void optionalFieldsDeep(child, out));
  return out;
}

describe('explicit undefined on optional request-side members', () => {
  // Each operation's parameters, from the signature map. A repeated set points at the first operation with it
  // (`OperationParameters["first"]`), a repeated location at the first operation's location (`…["first"]["query"]`).
  const parameterMap = new Map(top('OperationParameters').members.map((m) => [nameOf(m), m] as const));
  const target = (type: ts.TypeNode | undefined): { id: string; location?: string } | undefined => {
    if (!type || !ts.isIndexedAccessTypeNode(type) || !ts.isLiteralTypeNode(type.indexType) || !ts.isStringLiteral(type.indexType.literal)) return undefined;
    const inner = target(type.objectType);
    return inner ? { id: inner.id, location: type.indexType.literal.text } : { id: type.indexType.literal.text };
  };
  // Most sets name their shape (`PathQueryParameters<{…path}, {…query}>`, tools/codegen/src/parameter-shapes.mjs): the
  // shape's locations, each with the argument its type parameter stands for.
  const shapes = new Map(
    file.statements.filter((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && !!s.typeParameters).map((s) => [s.name.text, s] as const),
  );
  const shapeMembers = (type: ts.TypeNode | undefined): readonly ts.TypeElement[] | undefined => {
    if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return undefined;
    const shape = shapes.get(type.typeName.text);
    if (!shape || !ts.isTypeLiteralNode(shape.type)) return undefined;
    const args = new Map(shape.typeParameters!.map((p, i) => [p.name.text, type.typeArguments![i]!] as const));
    const argumentOf = (t: ts.TypeNode): ts.TypeNode | undefined =>
      ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) ? args.get(t.typeName.text) : undefined;
    return shape.type.members.map((location) => {
      const own = (location as ts.PropertySignature).type!;
      const bare = ts.isUnionTypeNode(own) ? own.types.map(argumentOf).find(Boolean) : argumentOf(own);
      return bare ? ts.factory.createPropertySignature(undefined, nameOf(location), (location as ts.PropertySignature).questionToken, bare) : location;
    });
  };
  const parametersOf = (entry: ts.TypeElement): readonly ts.TypeElement[] => {
    const type = ts.isPropertySignature(entry) ? entry.type : undefined;
    const pointer = target(type);
    return pointer ? parametersOf(parameterMap.get(pointer.id)!) : (shapeMembers(type) ?? literalMembers(entry));
  };
  const locationMembers = (location: ts.TypeElement): readonly ts.TypeElement[] => {
    const pointer = target(ts.isPropertySignature(location) ? location.type : undefined);
    if (!pointer?.location) return literalMembers(location);
    return locationMembers(parametersOf(parameterMap.get(pointer.id)!).find((l) => nameOf(l) === pointer.location)!);
  };
  const bodies = top('OperationRequestBodies').members;
  const schemas = literalMembers(top('components').members.find((m) => nameOf(m) === 'schemas'));

  it('every optional query, header and cookie parameter of every operation', () => {
    let checked = 0;
    const missing: string[] = [];
    for (const op of parameterMap.values()) {
      const locations = parametersOf(op);
      for (const location of locations.filter((l) => ['query', 'header', 'cookie'].includes(nameOf(l)))) {
        for (const param of optional(locationMembers(location))) {
          checked++;
          if (!acceptsUndefined(param)) missing.push(`${nameOf(op)}.${nameOf(location)}.${nameOf(param)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });

  it('every optional field of the request-body schemas, and no field of a schema no request body reaches', () => {
    // A schema is referred to by its name (`RiskPosition`), or through `components["schemas"]["RiskPosition"]`.
    const schemaNames = new Set(schemas.map((s) => nameOf(s)));
    const refs = (node: ts.Node): string[] => {
      const found: string[] = [];
      const visit = (n: ts.Node) => {
        if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && schemaNames.has(n.typeName.text)) found.push(n.typeName.text);
        ts.forEachChild(n, visit);
      };
      visit(node);
      return [...found, ...[...node.getText(file).matchAll(/components\["schemas"\]\["(\w+)"\]/g)].map((m) => m[1]!)];
    };
    // A schema's body is its named declaration (`interface RiskRequest {…}` / `type RiskPosition = …`, exported without
    // the keyword: tools/codegen/src/implicit-exports.mjs); `components.schemas.RiskRequest` only points at it, so
    // walking the member alone would reach nothing.
    const declared = new Map(
      file.statements
        .filter((s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration => ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s))
        .map((s) => [s.name.text, s] as const),
    );
    const bodyOf = (member: ts.TypeElement): ts.Node => {
      const type = ts.isPropertySignature(member) ? member.type : undefined;
      const named = type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? declared.get(type.typeName.text) : undefined;
      return named && named.name.text === nameOf(member) ? named : member;
    };
    const bySchema = new Map(schemas.map((s) => [nameOf(s), bodyOf(s)]));
    expect([...bySchema.values()].filter((body) => ts.isPropertySignature(body)).length, 'schemas still written inline in components').toBeLessThan(
      schemas.length,
    );
    const queue = bodies.flatMap(refs);
    const reached = new Set<string>();
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      if (reached.has(name) || !bySchema.has(name)) continue;
      reached.add(name);
      queue.push(...refs(bySchema.get(name)!));
    }
    expect([...reached]).toEqual(
      expect.arrayContaining(['RiskRequest', 'RiskPosition', 'CreditTokenChallengeRequest', 'CreditTokenRequest', 'JsonRpcRequest']),
    );
    const sent = [...reached].flatMap((name) => optionalFieldsDeep(bySchema.get(name)!).map((f) => [name, f] as const));
    const received = [...bySchema].filter(([name]) => !reached.has(name)).flatMap(([name, body]) => optionalFieldsDeep(body).map((f) => [name, f] as const));
    expect(sent.length).toBeGreaterThan(0);
    expect(received.length).toBeGreaterThan(100);
    expect(sent.filter(([, f]) => !acceptsUndefined(f)).map(([s, f]) => `${s}.${nameOf(f)}`)).toEqual([]);
    expect(received.filter(([, f]) => acceptsUndefined(f)).map(([s, f]) => `${s}.${nameOf(f)}`)).toEqual([]);
  });

  it('the transform leaves a spec without request bodies or optional parameters unchanged, and adds undefined once', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'getA',
            parameters: [
              { name: 'q', in: 'query', schema: { type: 'string' } },
              { name: 'r', in: 'query', required: true, schema: { type: 'string' } },
            ],
            responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Out' } } } } },
          },
          post: {
            operationId: 'postA',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/In' } } } },
            responses: { 200: { description: 'ok' } },
          },
        },
      },
      components: {
        schemas: {
          In: {
            type: 'object',
            required: ['a'],
            properties: { a: { type: 'string' }, b: { type: ['string', 'null'] }, nested: { $ref: '#/components/schemas/Nested' } },
          },
          Nested: { type: 'object', properties: { c: { type: 'number' } } },
          Out: { type: 'object', properties: { d: { type: 'number' } } },
        },
      },
    };
    const printed = ts
      .createPrinter()
      .printList(
        ts.ListFormat.MultiLine,
        ts.factory.createNodeArray(acceptExplicitUndefined(await openapiTS(doc as any))),
        ts.createSourceFile('x.ts', '', ts.ScriptTarget.Latest),
      );
    expect(printed).toMatch(/q\?: string \| undefined;/);
    expect(printed).toMatch(/r: string;/);
    expect(printed).toMatch(/b\?: string \| null \| undefined;/);
    expect(printed).toMatch(/a: string;/);
    expect(printed).toMatch(/c\?: number \| undefined;/);
    expect(printed).toMatch(/d\?: number;/);
    expect(printed.match(/\| undefined \| undefined/g)).toBeNull();
  });
});
