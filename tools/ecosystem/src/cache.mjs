// Installs from the npm registry into a cache folder, once per exact version, and reuses the install: the same
// approach as the Node matrix (@laevitas-api/runtimes), whose Node binaries the smoke reuses.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** ECOSYSTEM_CACHE moves it. */
export const CACHE = process.env.ECOSYSTEM_CACHE ?? join(homedir(), '.cache/laevitas-api/ecosystem');

/**
 * `npm install` of `specs` into `<cache>/<name>`, unless the folder already holds exactly that install (a stamp
 * file names the specs). Returns the folder and whether it was installed now (with the seconds it took).
 * @param {string} name  @param {string[]} specs  @param {{cwdPackageJson?: object}} [options]
 * @returns {{dir: string, installedSeconds?: number}}
 */
export function cachedInstall(name, specs, options = {}) {
  const dir = join(CACHE, name);
  const stampFile = join(dir, '.installed');
  const stamp = JSON.stringify(specs);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return { dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (options.cwdPackageJson) writeFileSync(join(dir, 'package.json'), JSON.stringify(options.cwdPackageJson, null, 2));
  const started = Date.now();
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error', ...(options.cwdPackageJson ? [] : ['--no-save']), ...specs],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    },
  );
  if (npm.status !== 0) throw new Error(`npm install ${specs.join(' ')} into ${dir} failed (exit ${npm.status})`);
  writeFileSync(stampFile, stamp);
  return { dir, installedSeconds: (Date.now() - started) / 1000 };
}
