// A user's project in miniature, for the tests that compile consumer code against the built declarations (dist/, what
// `@laevitas-api/client` resolves to for a user) rather than against src/: hover-docs.test.ts, stream-types.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strictConsumerOptions } from '@laevitas-api/test-support/consumer-program';
import ts from 'typescript';
import { afterAll } from 'vitest';

/** The strict consumer's compiler options that every package's consumer tests and the type-check bench share. */
export const CONSUMER_OPTIONS = strictConsumerOptions();

/**
 * A folder for one test file's consumer files, removed after its tests. It lies in the package's own folder, so
 * `@laevitas-api/client` resolves to this package's built entry, as it would for a user.
 * @returns the program of one consumer file written there
 */
export function consumerProject(prefix: string): (name: string, text: string) => { file: string; program: ts.Program } {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../.tmp');
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, `${prefix}-`));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  return (name, text) => {
    const file = join(work, name);
    writeFileSync(file, text);
    return { file, program: ts.createProgram([file], CONSUMER_OPTIONS) };
  };
}
