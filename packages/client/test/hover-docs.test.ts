// What an editor shows on a hover over `client.v1.dealerGex.history` in a user's project: the method's summary, read
// from the package's built declarations (dist/, what `@laevitas-api/client` resolves to), not from src/. The
// declaration bundler once printed the namespace maps' member comments at the end of the previous member's line,
// where the compiler does not read them as docs, and every method but each namespace's first lost its hover
// (tools/codegen/src/client-methods.mjs now writes each map as an interface of its own).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../src/index.js';
import { consumerProject } from './consumer-project.js';

const consumerFile = consumerProject('hover');

/** Each namespace method's documentation as the compiler reads it from the built declarations, by `family.namespace.method`. */
function hoverDocs(): Map<string, string> {
  const { file, program } = consumerFile('hover.mts', `import { createClient } from '@laevitas-api/client';\nexport const client = createClient();\n`);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const [client] = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const docs = new Map<string, string>();
  const clientType = checker.getTypeOfSymbol(client!);
  for (const family of ['v1', 'legacy']) {
    const familyType = checker.getTypeOfSymbol(clientType.getProperty(family)!);
    for (const namespace of familyType.getProperties())
      for (const method of checker.getTypeOfSymbol(namespace).getProperties())
        docs.set(`${family}.${namespace.name}.${method.name}`, ts.displayPartsToString(method.getDocumentationComment(checker)));
  }
  return docs;
}

describe('hover docs of the namespace methods, in the built declarations', () => {
  const docs = hoverDocs();
  const methods = Object.entries(NAMESPACES).flatMap(([family, namespaces]) =>
    Object.entries(namespaces).flatMap(([namespace, byMethod]) => Object.keys(byMethod).map((method) => `${family}.${namespace}.${method}`)),
  );

  it('every method of every namespace is found in the declarations', () => {
    expect(methods.length).toBeGreaterThan(250);
    expect([...docs.keys()].sort()).toEqual([...methods].sort());
  });

  it('every method shows its summary and route, not the next method', () => {
    const missing = methods.filter((m) => !/\(`(GET|POST|HEAD|PUT|DELETE|PATCH) \/[^`]*`\)/.test(docs.get(m) ?? ''));
    expect(missing).toEqual([]);
    expect(docs.get('v1.dealerGex.history')).toBe('Dealer GEX history (`GET /api/v1/options/gex/history`)');
  });
});
