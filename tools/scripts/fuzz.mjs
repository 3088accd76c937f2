#!/usr/bin/env node
// `pnpm fuzz`: the fuzz suites of every port of the main job: the mock's (test/fuzz.test.ts, generated API requests;
// test/mock-raw-fuzz.test.ts, raw hostile HTTP) and the docs server's (test/docs-fuzz.test.ts), with a longer budget
// than the test command (FUZZ_RUNS batches per slice of operations, FUZZ_SECONDS per slice) and a fresh seed unless
// FUZZ_SEED is given. The seed is printed first, so a failure can be replayed with `FUZZ_SEED=<seed> pnpm fuzz`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = {
  ...process.env,
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '60',
  FUZZ_SECONDS: process.env.FUZZ_SECONDS ?? '60',
};
console.log(
  `fuzz: seed ${env.FUZZ_SEED}, ${env.FUZZ_RUNS} batches per slice, at most ${env.FUZZ_SECONDS} s per slice (replay: FUZZ_SEED=${env.FUZZ_SEED} pnpm fuzz)`,
);
const result = spawnSync('pnpm', ['exec', 'vitest', 'run', 'test/fuzz.test.ts', 'test/mock-raw-fuzz.test.ts', 'test/docs-fuzz.test.ts'], {
  cwd: join(root, 'tools/contract'),
  env,
  stdio: 'inherit',
});
if (result.status !== 0) console.log(`fuzz: failed with seed ${env.FUZZ_SEED}`);
process.exitCode = result.status ?? 1;
