// A typed override with a misspelt field fails to compile: test/types/fail/misspelt.ts is compiled with the package's
// compiler options, and every line marked `expect-error: <text>` must get an error containing that text (and no other
// line any error); test/types/ok.ts, the same overrides spelt right, and the guide's examples must compile clean.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { mkdirSync, writeFileSync } from 'node:fs';
import { guideExample } from './support/guide.js';

const here = dirname(fileURLToPath(import.meta.url));
const FAIL = join(here, 'types/fail/misspelt.ts');
const OK = join(here, 'types/ok.ts');
const STREAM_FAIL = join(here, 'types/fail/stream.ts');
const STREAM_OK = join(here, 'types/stream-ok.ts');
// The guide's two examples, compiled as a consumer would (`@laevitas-api/testing` resolves to this package's build).
const GUIDE_DIR = join(here, '../.tmp/guide');
const GUIDE_NODE = join(GUIDE_DIR, 'node.test.ts');
const GUIDE_BROWSER = join(GUIDE_DIR, 'browser.test.ts');

function diagnosticsOf(files: string[]): ts.Diagnostic[] {
  const config = ts.readConfigFile(resolve(here, '../tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, resolve(here, '..'));
  // skipLibCheck: the declarations of the types package are checked by its own tests; here it is minutes against seconds.
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true, skipLibCheck: true });
  return ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(resolve(d.file.fileName)));
}

describe('typed overrides', () => {
  it('fail to compile with a misspelt field, each where it is misspelt; spelt right they compile, and so do both examples of the guide', () => {
    mkdirSync(GUIDE_DIR, { recursive: true });
    writeFileSync(GUIDE_NODE, guideExample('node'));
    writeFileSync(GUIDE_BROWSER, guideExample('browser'));
    const diagnostics = diagnosticsOf([FAIL, OK, GUIDE_NODE, GUIDE_BROWSER]);
    const lines = readFileSync(FAIL, 'utf8').split('\n');
    const expected = lines.flatMap((text, line) => {
      const marker = /\/\/ expect-error: (.+)$/.exec(text);
      return marker ? [{ line, text: marker[1]!.trim() }] : [];
    });
    expect(expected.length).toBe(8);
    const found = diagnostics.map((d) => ({
      file: resolve(d.file!.fileName),
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    expect(found.filter((d) => [OK, GUIDE_NODE, GUIDE_BROWSER].includes(d.file))).toEqual([]);
    for (const { line, text } of expected) {
      const here = found.filter((d) => d.file === FAIL && d.line === line).map((d) => d.message);
      expect(here.join('\n'), `line ${line + 1}: ${lines[line]}`).toContain(text);
    }
    const unexpected = found.filter((d) => d.file === FAIL && !expected.some((e) => e.line === d.line));
    expect(unexpected).toEqual([]);
  });
});

describe('typed stream doubles', () => {
  it('refuse a push on a channel outside the grammar, a field of the wrong type, and an undocumented close code; spelt right they compile', () => {
    const lines = readFileSync(STREAM_FAIL, 'utf8').split('\n');
    const expected = lines.flatMap((text, line) => {
      const marker = /\/\/ expect-error: (.+)$/.exec(text);
      return marker ? [{ line, text: marker[1]!.trim() }] : [];
    });
    expect(expected.length).toBe(8);
    const found = diagnosticsOf([STREAM_FAIL, STREAM_OK]).map((d) => ({
      file: resolve(d.file!.fileName),
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    expect(found.filter((d) => d.file === STREAM_OK)).toEqual([]);
    for (const { line, text } of expected) {
      const messages = found.filter((d) => d.file === STREAM_FAIL && d.line === line).map((d) => d.message);
      expect(messages.join('\n'), `line ${line + 1}: ${lines[line]}`).toContain(text);
    }
    expect(found.filter((d) => d.file === STREAM_FAIL && !expected.some((e) => e.line === d.line))).toEqual([]);
  });
});
