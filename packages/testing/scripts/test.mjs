#!/usr/bin/env node
// @ts-check (the package's tsconfig checks only the JavaScript that asks for it)
// This package's tests under Node 22 from the matrix: MSW 3 needs Node >= 22.12, the machine's (and CI's) Node is 20.
// The binary is the one @laevitas-api/runtimes pins and caches (the `node` package of the npm registry,
// installed once into ~/.cache/laevitas-api/node/<version>; NODE_MATRIX_CACHE moves it), so both runs share it.
// TESTING_NODE_VERSION picks another exact version. Arguments go to vitest (`pnpm test -- test/handlers.test.ts`).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { NODE_VERSIONS, checkedNodeBinary } from '@laevitas-api/runtimes';

const root = resolve(import.meta.dirname, '../../..');
const pinned = NODE_VERSIONS[22];
if (!pinned) throw new Error('packages/testing: @laevitas-api/runtimes pins no Node 22 (NODE_VERSIONS)');
const version = process.env.TESTING_NODE_VERSION ?? pinned;
const node = checkedNodeBinary(version);
console.log(`packages/testing: vitest on Node v${version} (MSW 3 needs >= 22.12)`);
const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}` };
const run = spawnSync(node, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: resolve(import.meta.dirname, '..'),
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
