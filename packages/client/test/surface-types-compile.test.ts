// The compile-time claims of the README ("a per-call option among the parameters is a type error", "paginate accepts
// x-pagination operations only") are the @ts-expect-error lines of surface-types.test.ts. This compiles that file with
// the TypeScript API, so `vitest run` proves them too: a directive whose line compiles is itself an error ("Unused
// '@ts-expect-error' directive"), and the lines without one must compile. A probe file (in memory) shows the check
// can fail.
import { expect, it } from 'vitest';
import ts from 'typescript';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const probe = join(root, 'test/__probe__.ts');
const probeSource = `import { createClient } from '../src/index.js';
// @ts-expect-error a paginated operation compiles, so this directive is unused
createClient().paginate('getOptionsOhlcvt');
`;

function diagnostics(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const options = { ...config.options, noEmit: true, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => name === probe || fileExists(name);
  host.getSourceFile = (name, version, ...rest) => (name === probe ? ts.createSourceFile(name, probeSource, version) : getSourceFile(name, version, ...rest));
  const program = ts.createProgram([join(root, 'test/surface-types.test.ts'), probe], options, host);
  const byFile = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? d.file.fileName.slice(root.length + 1) : '(global)';
    const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0;
    byFile.set(file, [...(byFile.get(file) ?? []), `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`]);
  }
  return byFile;
}

it('the compile-time checks of surface-types.test.ts hold', () => {
  const found = diagnostics();
  // The probe proves the check bites: its directive marks a line that compiles.
  expect(found.get('test/__probe__.ts')).toEqual(["2: Unused '@ts-expect-error' directive."]);
  found.delete('test/__probe__.ts');
  expect(Object.fromEntries(found)).toEqual({});
}, 120_000);
