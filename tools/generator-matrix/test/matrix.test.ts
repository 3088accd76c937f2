// The generator matrix: each generator's output, through a consumer calling three operations of each family, type-
// checks under strict, skipLibCheck false, nodenext and bundler; and in each the consumer's two @ts-expect-error
// lines (`instrument_name: 123`, a misspelt field of the documented OhlcvtRow) are needed, or tsc reports them unused.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checks, prepare, runChecks } from '../src/typecheck.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    genDir: string;
  }
}

type Result = { consumer: string; setting: string; ok: boolean; seconds: number; output: string; all: string };
let results: Result[] = [];

beforeAll(async () => {
  const dir = inject('genDir');
  prepare(dir);
  const started = performance.now();
  results = await runChecks(dir);
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`generator-matrix: ${results.length} type checks (one tsc per setting, in parallel) in ${took} s`);
});

describe('generated clients type-check with their consumer', () => {
  it.each(checks().map((c: { consumer: string; setting: string }) => [c.consumer, c.setting]))('%s under %s', (consumer, setting) => {
    const result = results.find((r) => r.consumer === consumer && r.setting === setting)!;
    expect(result.output, `${consumer}/${setting}`).toBe('');
    expect(result.ok).toBe(true);
  });
  it("leaves no compiler error outside the generators' files", () => {
    const attributed = new Set(results.flatMap((r) => r.output.split('\n')).filter(Boolean));
    const stray = [...new Set(results.flatMap((r) => r.all.split('\n')))].filter((line) => /error TS/.test(line) && !attributed.has(line));
    expect(stray).toEqual([]);
  });
  it('covers all three generators under both settings', () => {
    expect(results.map((r) => `${r.consumer}/${r.setting}`).sort()).toEqual([
      'hey-api/bundler',
      'hey-api/nodenext',
      'openapi-typescript/bundler',
      'openapi-typescript/nodenext',
      'orval/bundler',
      'orval/nodenext',
    ]);
  });
});

describe('documented properties keep a type in hey-api', () => {
  it('no named property comes out `unknown` but the legacy envelope base, which every endpoint narrows with allOf', () => {
    const types = readFileSync(join(inject('genDir'), 'hey-api/combined/types.gen.ts'), 'utf8');
    const untyped = [...types.matchAll(/^ {4}([A-Za-z_][\w]*)\??: unknown;$/gm)].map((m) => m[1]);
    expect(untyped).toEqual(['data']);
    expect(types).toMatch(/export type LegacyLiveEnvelope = \{\n(?:.*\n)*? {4}data: unknown;/);
  });
});
