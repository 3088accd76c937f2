// `client.stream()` is typed by the stream entry (a module augmentation of `@laevitas-api/client` in its built
// declarations), as it works only once that entry is imported. Compiled here as a user's project compiles it, against
// dist/: without the import the call is a compile error and the stream's declarations are not even loaded (the main
// entry's type-check stays that much cheaper, `node tools/bench/typecheck.mjs`); with it, in an ES module or a
// CommonJS file, the method returns the typed stream.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { consumerProject } from './consumer-project.js';

const consumerFile = consumerProject('stream-types');

/** Compiles one consumer file; its errors as `line: message`, and the client declaration files the program loaded. */
function compile(name: string, text: string): { errors: string[]; loaded: string[] } {
  const { program } = consumerFile(name, text);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  const loaded = program
    .getSourceFiles()
    .map((f) => f.fileName)
    .filter((f) => /\/(client\/dist|types\/generated)\//.test(f))
    .map((f) => f.replace(/^.*\/(client\/dist|types\/generated)\//, '$1/'));
  return { errors, loaded };
}

const call = `const stream = createClient({ apiKey: 'k' }).stream({ heartbeat: false });
const subscription = stream.subscribe('trades.futures.binance.*');
export const typed: AsyncIterable<{ data: { price: number } }> = subscription;
`;

describe('the type of client.stream(), from the built declarations', () => {
  it('without the stream entry the call does not compile and no stream declarations are loaded', () => {
    const { errors, loaded } = compile('rest-only.mts', `import { createClient } from '@laevitas-api/client';\ncreateClient().stream();\nexport {};\n`);
    expect(errors).toEqual(["2: Property 'stream' does not exist on type 'LaevitasClient'."]);
    expect(loaded.some((f) => f.startsWith('client/dist/index.d.ts'))).toBe(true);
    expect(loaded.filter((f) => /stream/.test(f))).toEqual([]);
  });

  it('an ES module that imports the stream entry gets the typed stream', () => {
    const { errors } = compile('with-stream.mts', `import { createClient } from '@laevitas-api/client';\nimport '@laevitas-api/client/stream';\n${call}`);
    expect(errors).toEqual([]);
  });

  it('a CommonJS file that imports the stream entry gets the typed stream too', () => {
    const { errors, loaded } = compile(
      'with-stream.cts',
      `import { createClient } from '@laevitas-api/client';\nimport '@laevitas-api/client/stream';\n${call}`,
    );
    expect(errors).toEqual([]);
    // Its own (CommonJS) declarations, augmenting the CommonJS client.
    expect(loaded).toContain('client/dist/stream.d.cts');
    expect(loaded).toContain('client/dist/index.d.cts');
  });

  it('the typed stream rejects what the contract does not have (the check can fail)', () => {
    const { errors } = compile(
      'bad-pattern.mts',
      `import { createClient } from '@laevitas-api/client';\nimport '@laevitas-api/client/stream';\ncreateClient().stream().subscribe('trades.nowhere.*');\n`,
    );
    expect(errors).toHaveLength(1);
  });
});
