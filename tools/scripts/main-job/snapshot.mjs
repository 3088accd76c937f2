// What the main job's servers read from disk while they run, copied out of the build before they start: the docs
// site (served file by file on every request) and the spec bundle Prism boots from (and watches: Prism restarts
// itself when that file changes). The background Nx check may restore its cached outputs in place (Nx deletes an
// output directory and copies it back), and a server reading the build itself would meet missing files for as long
// as that takes: 404s from the docs, a Prism that fails to boot. A copy under .tmp/main-job/ is nothing Nx writes.
// The mock's own front reads the spec and loads every validator once at start (tools/contract/src/mock.mjs), so it
// needs no copy.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{dir: string, docsRoot: string, specBundle: string}} Snapshot */

let taken = 0;

/**
 * Copies the served outputs of the build under `root` into a directory of their own (one per call: a restart on a new
 * build gets a fresh copy while the old servers still read theirs). Missing outputs are left missing (the servers
 * then answer as they would from the build: the docs 404).
 * @param {string} root the workspace root  @returns {Snapshot}
 */
export function takeSnapshot(root) {
  const dir = join(snapshotsDir(root), `serving-${process.pid}-${++taken}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const docsRoot = join(dir, 'docs');
  const specBundle = join(dir, 'spec', 'openapi.yaml');
  const docsDist = join(root, 'packages/docs/dist');
  if (existsSync(docsDist)) cpSync(docsDist, docsRoot, { recursive: true, preserveTimestamps: true });
  else mkdirSync(docsRoot);
  mkdirSync(join(dir, 'spec'));
  cpSync(join(root, 'spec/dist/openapi.yaml'), specBundle, { preserveTimestamps: true });
  return { dir, docsRoot, specBundle };
}

/** @param {Snapshot} snapshot */
export function dropSnapshot(snapshot) {
  rmSync(snapshot.dir, { recursive: true, force: true });
}

/**
 * Removes the copies of main jobs that are gone (one killed outright never removed its own).
 * @param {string} root
 */
export function dropStaleSnapshots(root) {
  const dir = snapshotsDir(root);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const pid = Number(/^serving-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** @param {string} root */
const snapshotsDir = (root) => join(root, '.tmp/main-job');

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}
