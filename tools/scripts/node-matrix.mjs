#!/usr/bin/env node
// The packages' tests on every supported Node major (20, 22, 24, 26), each under the pinned binary of that major
// (@laevitas-api/runtimes installs it from the npm registry once and caches it). NODE_MATRIX=22,24 narrows the run;
// NODE_MATRIX_CACHE moves the cache. Importing this file runs nothing (the matrix runs only when executed directly).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_VERSIONS, checkedNodeBinary, describeNode, toolchainNode } from '@laevitas-api/runtimes';

export const PACKAGES = ['packages/types', 'packages/validators', 'packages/client'];
const root = resolve(import.meta.dirname, '../..');

/** The matrix: each package's vitest under each Node of `majors`; the number of failed package runs. */
function runMatrix(/** @type {string[]} */ majors) {
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  let failed = 0;
  for (const major of majors) {
    const version = NODE_VERSIONS[major];
    if (!version) throw new Error(`NODE_MATRIX: no pinned version for Node ${major} (supported: ${Object.keys(NODE_VERSIONS).join(', ')})`);
    const node = checkedNodeBinary(version);
    const leg = describeNode(toolchainNode({ version: `v${version}`, execPath: node }));
    console.log(`\nnode matrix leg ${major}: ${leg}`);
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
