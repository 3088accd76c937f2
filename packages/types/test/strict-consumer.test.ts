// The strict consumer that every package's consumer tests and the type-check bench compile with
// (`@laevitas-api/test-support/consumer-program`): its options say what its README says, and a snippet compiled with
// it resolves this package by name from disk, as a file in a user's project would.
import { describe, expect, it } from 'vitest';
import { STRICT_CONSUMER_TSCONFIG, programOfSnippets, strictConsumerOptions } from '@laevitas-api/test-support/consumer-program';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const errorsOf = (program: ts.Program, file: string) =>
  ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));

describe('the strict consumer', () => {
  it('compiles with NodeNext, strict, exactOptionalPropertyTypes, no ambient types and libraries unchecked', () => {
    const options = strictConsumerOptions();
    expect(options).toMatchObject({
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      types: [],
    });
    expect(STRICT_CONSUMER_TSCONFIG.exactOptionalPropertyTypes).toBe(true);
  });

  it('takes changes in tsconfig spelling, and refuses a value the compiler does not know, naming it', () => {
    expect(strictConsumerOptions({ skipLibCheck: false }).skipLibCheck).toBe(false);
    expect(() => strictConsumerOptions({ module: 'NodeNineteen' })).toThrow(/compiler options refused: .*'--module'/);
  });

  it('resolves a snippet’s imports on disk from its path, and reports its errors under exactOptionalPropertyTypes', () => {
    const file = `${HERE}.strict-consumer-snippet.mts`;
    const code = [
      "import type { OhlcvtRow } from '@laevitas-api/types';",
      'declare const row: OhlcvtRow;',
      'export const close: number = row.close;',
      'export const missing: { a?: number } = { a: undefined };',
    ].join('\n');
    const program = programOfSnippets(new Map([[file, code]]));
    const errors = errorsOf(program, file);
    // One error, and only the exactOptionalPropertyTypes one: the import resolved and the row is typed.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/exactOptionalPropertyTypes/);
  }, 60_000);
});
