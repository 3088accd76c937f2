// The README says an operation's ES module imports the runtime's helpers by name, so a bundler keeps only those it
// calls. pnpm bench measures the size that buys; this holds the claim itself: esbuild bundles one operation's module
// and the output declares a helper its checks call and not one they never call. The same bundle without tree-shaking
// declares both, so the missing helper is the bundler's choice, not a name esbuild renamed or a module never reached:
// a runtime the bundler cannot shake (a CommonJS module, a helper looked up by a computed name, a module with side
// effects) fails here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as checks from '../runtime/checks.mjs';

// GET /api/v1/health: its validators are all shared modules, each calling a few of runtime/checks.mjs's helpers.
const entry = fileURLToPath(new URL('../generated/ops/getHealth.mjs', import.meta.url));
const used = 'numberLimit'; // the rate-limit headers' numeric bounds
const unused = 'patternError'; // no validator of the operation checks a pattern

/** The operation's module and the shared modules it imports: the generated code whose helper calls the bundle holds. */
function generatedSources() {
  const own = readFileSync(entry, 'utf8');
  const shared = [...own.matchAll(/from "(\.\.\/shared\/[^"]+\.mjs)"/g)].map(([, path]) => readFileSync(new URL(path!, `file://${entry}`), 'utf8'));
  return [own, ...shared];
}

/** The bundle of the operation's ES module, as a browser app importing only it would get it. */
async function bundle(treeShaking: boolean) {
  const { outputFiles } = await build({ entryPoints: [entry], bundle: true, format: 'esm', minify: false, write: false, treeShaking, logLevel: 'silent' });
  return outputFiles[0]!.text;
}

const declares = (code: string, name: string) => new RegExp(`\\b(?:var|let|const|function) ${name}\\b`).test(code);

describe("one operation's ES module bundle", () => {
  it('is checked against helpers the operation calls and does not call', () => {
    expect(Object.keys(checks)).toEqual(expect.arrayContaining([used, unused]));
    const calls = new Set(generatedSources().flatMap((code) => [...code.matchAll(/\bchecks\.(\w+)/g)].map(([, name]) => name)));
    expect(calls).toContain(used);
    expect(calls).not.toContain(unused);
  });

  it('keeps the runtime helpers the operation calls and drops the others', async () => {
    const code = await bundle(true);
    expect(declares(code, used)).toBe(true);
    expect(declares(code, unused)).toBe(false);
  });

  it('holds both without tree-shaking, so the dropped one was the bundler dropping it', async () => {
    const code = await bundle(false);
    expect(declares(code, used)).toBe(true);
    expect(declares(code, unused)).toBe(true);
  });
});

// The formats are imported by name too, and the runtime's `byFormat` table (tools/codegen's, which names all three) is
// a call a bundler keeps unless marked pure: with it kept, every bundle that checks one format carried all of them.
describe("one operation's ES module bundle, formats", () => {
  // GET /analytics/… custom change: its query takes full dates only (`format: date`), no date-time and no URI.
  const dateOnly = fileURLToPath(new URL('../generated/ops/getLegacyCustomChange.mjs', import.meta.url));

  it('keeps the format the operation checks and drops the others and their table', async () => {
    const { outputFiles } = await build({ entryPoints: [dateOnly], bundle: true, format: 'esm', write: false, logLevel: 'silent' });
    const code = outputFiles[0]!.text;
    expect(declares(code, 'date')).toBe(true);
    expect(['dateTime', 'uri', 'byFormat'].filter((name) => declares(code, name))).toEqual([]);
  });
});
