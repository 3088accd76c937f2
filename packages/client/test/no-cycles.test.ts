// No import cycle inside the client, type-only imports included: a cycle of types still ties the files together (none
// can be read, moved or bundled on its own, and a type import turns into a run-time one with one edit). The ground
// types (src/internal/pipeline/types.ts) and the public hook types (src/internal/public-types.ts) exist so that every
// layer can name the call, the runtime and the billing meta without importing the layer that defines them. The graph
// is read with the TypeScript compiler API (import-graph.ts); every file under src/ is a node, generated ones too.
import { afterAll, expect, it } from 'vitest';
import ts from 'typescript';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cycleText, cyclesOf, importGraph, specifiersOf } from './import-graph.js';

const root = join(import.meta.dirname, '..');
const src = join(root, 'src');
const options = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!.options;

it('no import cycle among the files under src/, type-only imports included (each cycle found is named)', () => {
  const graph = importGraph(src, options);
  // The graph is the real one: the facade imports its parts, the pipeline its layers, the ground types their leaves.
  expect(graph.get(join(src, 'internal/stream/stream.ts'))).toContain(join(src, 'internal/stream/connection.ts'));
  expect(graph.get(join(src, 'internal/runtime.ts'))).toContain(join(src, 'internal/pipeline/pipeline.ts'));
  expect(graph.get(join(src, 'internal/pipeline/types.ts'))).toContain(join(src, 'internal/public-types.ts'));
  expect(graph.size).toBeGreaterThan(60);
  const cycles = cyclesOf(graph).map(({ files, cycle }) => `${files} files: ${cycleText(src, cycle)}`);
  expect(cycles, 'import cycles under src/').toEqual([]);
});

const fixture = mkdtempSync(join(tmpdir(), 'client-cycles-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

it('the check sees cycles made of type imports, re-exports, import() types and JSDoc @import tags, and names each', () => {
  const write = (name: string, text: string) => {
    mkdirSync(join(fixture, name, '..'), { recursive: true });
    writeFileSync(join(fixture, name), text);
  };
  // a → b (import type) → c (export … from) → a: one cycle of three files, type-only all the way.
  write('a.ts', "import type { B } from './b.js';\nexport type A = { b: B };\n");
  write('b.ts', "export type { C as B } from './deep/c.js';\n");
  write('deep/c.ts', "export type C = import('../a.js').A;\n");
  // d ⇄ e through a JSDoc @import tag in a JavaScript file, and a file importing itself.
  write('d.ts', "import type { E } from './e.js';\nexport type D = E;\n");
  write('e.js', "/** @import { D } from './d.js' */\n/** @type {D | undefined} */\nexport const e = undefined;\n");
  write('f.ts', "export type F = import('./f.js').F | 1;\n");
  // A package import and a file outside the folder are not nodes.
  write('g.ts', "import type { OperationId } from '@laevitas-api/types/signatures';\nexport type G = OperationId;\n");
  const graph = importGraph(fixture, { ...options, allowJs: true });
  const cycles = cyclesOf(graph).map(({ files, cycle }) => `${files} files: ${cycleText(fixture, cycle)}`);
  expect(cycles.sort()).toEqual(['1 files: f.ts → f.ts', '2 files: d.ts → e.js → d.ts', '3 files: a.ts → b.ts → deep/c.ts → a.ts']);
  expect(graph.get(join(fixture, 'g.ts'))).toEqual(new Set());
});

it('reads every form of import tsc follows, and nothing in a comment or a string', () => {
  const text = [
    "import a from './a.js';",
    "import type { B } from './b.js';",
    "export * from './c.js';",
    "export type { D } from './d.js';",
    "type E = import('./e.js').E;",
    "const f = () => import('./f.js');",
    "/** @import { G } from './g.js' */",
    "// import h from './h.js';",
    'const i = "import i from \'./i.js\'";',
  ].join('\n');
  expect(specifiersOf('probe.ts', text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js']);
});
