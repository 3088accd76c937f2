#!/usr/bin/env node
// @ts-check (the package's tsconfig checks only the JavaScript that asks for it)
// This package's tests under Node 22 from the matrix: MSW 3 needs Node >= 22.12, the machine's (and CI's) Node is 20.
// The binary is the one tools/scripts/node-matrix.mjs pins and caches (the `node` package of the npm registry,
// installed once into ~/.cache/laevitas-api/node/<version>; NODE_MATRIX_CACHE moves it), so both runs share it.
// Arguments go to vitest (`pnpm test -- test/handlers.test.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const matrix = readFileSync(join(root, 'tools/scripts/node-matrix.mjs'), 'utf8');
// The pin is read from the matrix script rather than copied (importing it would run the whole matrix).
const pinned = /NODE_VERSIONS\s*=\s*\{[^}]*\b22:\s*'([0-9.]+)'/.exec(matrix)?.[1];
if (!pinned) throw new Error('packages/testing: no Node 22 pin found in tools/scripts/node-matrix.mjs (NODE_VERSIONS)');
const version = process.env.TESTING_NODE_VERSION ?? pinned;
const cache = process.env.NODE_MATRIX_CACHE ?? join(homedir(), '.cache/laevitas-api/node');
const prefix = join(cache, version);
const node = join(prefix, 'node_modules/.bin/node');

if (!existsSync(node)) {
  mkdirSync(prefix, { recursive: true });
  const started = Date.now();
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${version}`], {
    stdio: 'inherit',
  });
  if (npm.status !== 0) throw new Error(`npm install node@${version} failed (exit ${npm.status})`);
  console.log(`installed node@${version} from the npm registry in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const reported = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
if (reported !== `v${version}`) throw new Error(`${node} reports ${reported}, expected v${version}`);
console.log(`packages/testing: vitest on Node ${reported} (MSW 3 needs >= 22.12)`);
const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}` };
const run = spawnSync(node, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], {
  cwd: resolve(import.meta.dirname, '..'),
  env,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
