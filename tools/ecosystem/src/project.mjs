// The packages as a user gets them: packed with `pnpm pack` (workspace: ranges replaced, `files` applied), then
// installed with npm from the tarballs into a clean project per runtime, which knows nothing of the workspace.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { CACHE } from './cache.mjs';

const root = resolve(import.meta.dirname, '../../..');
export const PACKED = ['packages/types', 'packages/validators', 'packages/client'];

/** @typedef {{name: string, file: string, sha256: string}} Tarball */

/**
 * Packs the published packages into a fresh temporary folder.
 * @returns {{dir: string, tarballs: Tarball[]}}
 */
export function packAll() {
  const dir = mkdtempSync(join(tmpdir(), 'ecosystem-pack-'));
  const tarballs = PACKED.map((pkg) => {
    const before = new Set(readdirSync(dir));
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: join(root, pkg), stdio: ['ignore', 'pipe', 'pipe'] });
    const file = readdirSync(dir).find((f) => f.endsWith('.tgz') && !before.has(f));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${pkg}`);
    const { name } = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8'));
    return {
      name,
      file: join(dir, file),
      sha256: createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex'),
    };
  });
  return { dir, tarballs };
}

/**
 * A clean project for one runtime, with the tarballs installed by npm (and, through them, the packages' own
 * dependencies from the registry). Reinstalled only when a tarball changed; the smoke files are copied every run.
 * @param {string} runtime  @param {Tarball[]} tarballs  @param {string} smokeDir
 * @returns {{dir: string, installedSeconds?: number}}
 */
export function projectFor(runtime, tarballs, smokeDir) {
  const dir = join(CACHE, 'projects', runtime);
  const stampFile = join(dir, '.installed');
  const stamp = tarballs.map((t) => `${t.name} ${t.sha256}`).join('\n');
  /** @type {number | undefined} */
  let installedSeconds;
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
    const started = Date.now();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'tarballs'), { recursive: true });
    /** @type {Record<string, string>} */
    const dependencies = {};
    for (const t of tarballs) {
      copyFileSync(t.file, join(dir, 'tarballs', basename(t.file)));
      dependencies[t.name] = `file:tarballs/${basename(t.file)}`;
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `ecosystem-smoke-${runtime}`, private: true, type: 'module', dependencies }, null, 2));
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    if (npm.status !== 0) throw new Error(`npm install of the tarballs for ${runtime} failed (exit ${npm.status}):\n${npm.stdout}${npm.stderr}`);
    writeFileSync(stampFile, stamp);
    installedSeconds = (Date.now() - started) / 1000;
  }
  rmSync(join(dir, 'smoke'), { recursive: true, force: true });
  cpSync(smokeDir, join(dir, 'smoke'), { recursive: true });
  return { dir, ...(installedSeconds === undefined ? {} : { installedSeconds }) };
}
