// Dredd, installed only when asked for. Dredd 14 is archived and its dependency tree carries advisories (README:
// "Dredd is optional"), so nothing installs it with the CLI or the workspace (the CLI declares no dependency on it, not
// even an optional peer, which pnpm installs into a workspace project as if it were a dependency): `laevitas-contract
// run` uses a Dredd that is already installed, and `run --dredd` installs dredd@14.1.0 on demand from the npm registry
// into a cache folder of its own, with overrides that move the critical and high advisories of its tree to patched
// versions (the contract run with Dredd passes on them). The install goes to a temporary folder renamed into place,
// so two runs installing at once never see half a tree.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export const DREDD_VERSION = '14.1.0';

/**
 * npm overrides for Dredd's tree (npm applies overrides of the root package.json only, which the cache folder's is):
 * form-data < 2.5.4 (predictable multipart boundary, critical), jsonpath-plus < 10.3.0 (code execution, critical),
 * js-yaml < 3.14.2 / 4.1.1 (prototype pollution in merge), lodash < 4.17.23 (prototype pollution in unset/omit),
 * minimist < 0.2.4 (prototype pollution, critical). The workspace's pnpm-workspace.yaml carries the same list.
 */
export const DREDD_OVERRIDES = Object.freeze({
  'form-data@<2.5.4': '2.5.5',
  'jsonpath-plus@<10.3.0': '10.4.0',
  'js-yaml@<3.14.2': '3.14.2',
  'js-yaml@>=4 <4.1.1': '4.1.1',
  'lodash@<4.17.23': '4.18.1',
  'minimist@<0.2.4': '0.2.4',
});

/** Where `--dredd` installs Dredd: LAEVITAS_DREDD_HOME, else the user's cache folder. */
export const dreddHome = () =>
  process.env.LAEVITAS_DREDD_HOME ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'laevitas-api', `dredd-${DREDD_VERSION}`);

/** The command a user runs to add Dredd to their own project instead. */
export const DREDD_PEER_COMMAND = `npm i -D dredd@${DREDD_VERSION}`;

/** Why Dredd did not run when it was not asked for and is not installed: names both ways to get it. */
export const notInstalled = () =>
  `not installed (optional: \`laevitas-contract run --dredd\` installs dredd@${DREDD_VERSION} from the npm registry into ${dreddHome()}, or add it to your project: ${DREDD_PEER_COMMAND})`;

const require = createRequire(import.meta.url);

/**
 * The folder of an installed Dredd: one installed beside the CLI (`npx -p dredd@14.1.0 -p @laevitas-api/contract`),
 * then the project's own (resolved from the working directory), then the one `--dredd` installed.
 * @param {{home?: string, cwd?: string}} [where]
 * @returns {string | undefined}
 */
export function findDredd({ home = dreddHome(), cwd = process.cwd() } = {}) {
  for (const from of [require, createRequire(join(cwd, 'package.json'))]) {
    try {
      return dirname(from.resolve('dredd/package.json'));
    } catch {
      // not resolvable from there: try the next place
    }
  }
  const cached = join(home, 'node_modules/dredd');
  return existsSync(join(cached, 'bin/dredd')) ? cached : undefined;
}

/**
 * Dredd's folder, installed into `home` first when no Dredd is found (npm, from the registry, with DREDD_OVERRIDES).
 * Throws, naming the command to run by hand, when npm fails.
 * @param {{home?: string, log?: (line: string) => void, npm?: string}} [options] `npm`: the installer to run
 * @returns {string}
 */
export function ensureDredd({ home = dreddHome(), log = console.log, npm: installer = 'npm' } = {}) {
  const found = findDredd({ home });
  if (found) return found;
  mkdirSync(dirname(home), { recursive: true });
  const staging = mkdtempSync(`${home}.installing-`);
  try {
    const manifest = { name: 'laevitas-contract-dredd', private: true, dependencies: { dredd: DREDD_VERSION }, overrides: DREDD_OVERRIDES };
    writeFileSync(join(staging, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    log(`dredd: installing dredd@${DREDD_VERSION} from the npm registry into ${home} (asked for with --dredd; once, then reused)`);
    const started = Date.now();
    const npm = spawnSync(installer, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: staging,
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (npm.status !== 0) {
      const why = npm.error ? npm.error.message : `exit ${npm.status}`;
      const said = (npm.stderr ?? '').trim().split('\n').slice(-3).join(' ');
      throw new Error(
        `installing dredd@${DREDD_VERSION} failed (npm: ${why})${said ? `: ${said}` : ''}; add it to your project instead: ${DREDD_PEER_COMMAND}`,
      );
    }
    try {
      renameSync(staging, home);
    } catch (error) {
      // Another run finished the same install first: use its copy.
      if (!findDredd({ home })) throw error;
    }
    log(`dredd: installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return /** @type {string} */ (findDredd({ home }));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
