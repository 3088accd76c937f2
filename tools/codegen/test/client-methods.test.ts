// The client's method signatures return the named schema aliases, so a hover on a call reads
// `Promise<OptionsOhlcvtResponse>`: each method resolves to its operation's entry of `OperationResults`, which the types
// package declares in schemas.d.ts (re-exported by `@laevitas-api/types/signatures`, the entry the client loads) with
// each success body by its schema's name.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { programOfSnippets } from '@laevitas-api/test-support/consumer-program';
import { ROOT, loadBundle, operations } from './load.js';

const methods = readFileSync(join(ROOT, 'packages/client/src/generated/methods.ts'), 'utf8');
const signatures = readFileSync(join(ROOT, 'packages/types/generated/signatures.d.ts'), 'utf8');
const schemas = readFileSync(join(ROOT, 'packages/types/generated/schemas.d.ts'), 'utf8');
const results = /^(?:export )?interface OperationResults \{\n([\s\S]*?)\n\}/m.exec(schemas)?.[1] ?? '';
const ops = operations(loadBundle());

describe('client method signatures', () => {
  const named = ops.flatMap((op) => {
    const refs = op.responses.filter((r) => r.status < 300 && r.schema?.$ref).map((r) => r.schema.$ref.split('/').pop() as string);
    return refs.length ? [[op.operationId, refs] as const] : [];
  });

  it('most operations return a named schema', () => {
    expect(named.length).toBeGreaterThan(150);
  });

  it.each(named)('%s returns its schema by name', (id, refs) => {
    const line = results.split('\n').find((l) => l.trimStart().startsWith(`${id}:`));
    expect(line?.trim()).toBe(`${id}: ${refs.join(' | ')};`);
    for (const name of refs) expect(schemas).toMatch(new RegExp(`^(export )?(interface|type) ${name}\\b`, 'm'));
  });

  it('resolves each method to its OperationResults entry, imported from the signatures entry', () => {
    expect(methods).toContain("} from '@laevitas-api/types/signatures';");
    expect(methods).toMatch(/^ {2}OperationResults,$/m);
    expect(methods.match(/=> Promise<OperationResults\[Op\]>;/g)).toHaveLength(2);
    expect(signatures).toContain("export type * from './schemas.js';");
  });

  it('a hover on a method reads its schema by name', () => {
    // The compiler's own printing of the return type of two methods, as an editor shows it.
    const file = join(ROOT, 'packages/client/src/generated/.hover-check.ts');
    const code = `import type { OperationMethods } from './methods.js';\nexport declare const m: OperationMethods;\nexport const a = m.getOptionsOhlcvt;\nexport const b = m.getLegacyFutures;\n`;
    const program = programOfSnippets(new Map([[file, code]]));
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(file)!;
    const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
    const returned = (name: string) => {
      const [signature] = checker.getTypeOfSymbol(exported.find((s) => s.name === name)!).getCallSignatures();
      return checker.typeToString(checker.getReturnTypeOfSignature(signature!));
    };
    expect(returned('a')).toBe('Promise<OptionsOhlcvtResponse>');
    expect(returned('b')).toBe('Promise<LegacyFuturesLiveResponse>');
  }, 60_000);
});
