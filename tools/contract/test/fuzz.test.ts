// Property-based fuzzing of the mock over every operation and every parameter (see fuzz-requests.mjs for what is
// generated). Each property run is one batch: one request per operation of a slice of the spec, sent concurrently;
// every answer must be documented for its operation with a schema-valid body, and the health check must answer 200
// after the batch (the mock is alive). Seeded and bounded: FUZZ_SEED (default 17), FUZZ_RUNS batches per slice
// (default 6), FUZZ_SECONDS per slice (default 4); `pnpm fuzz` runs a longer budget with a fresh seed. The seed
// is printed on failure by fast-check ("seed: …") and in the test name.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { operations, requestFor, sendAndCheck } from './fuzz-requests.mjs';

const seed = Number(process.env.FUZZ_SEED ?? 17);
const runs = Number(process.env.FUZZ_RUNS ?? 6);
const secondsPerSlice = Number(process.env.FUZZ_SECONDS ?? 4);
const SLICE = 12;
const slices: any[][] = [];
for (let i = 0; i < operations.length; i += SLICE) slices.push(operations.slice(i, i + SLICE));

let mock: { url: string; stop: () => Promise<void>; prism: { deaths: unknown[] } };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

describe(`fuzz (seed ${seed}, ${runs} batches per slice of ${SLICE} operations)`, () => {
  it.each(slices.map((ops, i) => [i, ops] as const))(
    'slice %i: every answer documented and schema-valid, mock alive after each batch',
    async (i, ops) => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(fc.tuple(...ops.map(requestFor)), async (batch) => {
          const problems = (await Promise.all(batch.map((request: any) => sendAndCheck(mock.url, request)))).filter((p): p is string => Boolean(p));
          const health = await fetch(`${mock.url}/api/v1/health`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status,
            (e) => `no answer: ${e.message}`,
          );
          if (health !== 200) problems.push(`health answered ${health} after the batch`);
          failures.push(...problems);
          return problems.length === 0;
        }),
        { seed: seed + i, numRuns: runs, interruptAfterTimeLimit: secondsPerSlice * 1000, endOnFailure: true },
      );
      expect(failures).toEqual([]);
      expect(mock.prism.deaths).toEqual([]);
    },
    120_000,
  );
});
