#!/usr/bin/env node
// `pnpm release:publish` (the workflow's publish step, run by changesets/action once the "Version packages" pull
// request is merged): every publishable package is packed by pnpm (workspace: ranges become the fixed group's
// version; the CLI ships the bundle its build target wrote, the spec its own package) and the tarball published by npm with trusted publishing: npm ≥ 11.5.1
// exchanges the workflow's OIDC token (`id-token: write`) for a short-lived publish credential, so no token is
// stored anywhere, and attaches provenance (`--provenance`). A version already on the registry is skipped, so a
// re-run after a partial failure publishes the rest. Then `changeset tag` tags the versions (its `New tag:` lines
// tell changesets/action which GitHub releases to create).
// `--dry-run`: the same packing, then `npm publish --dry-run` of each tarball, no registry look-up, no tags.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { ROOT } from './releases.mjs';
import { publishable, readJson } from './workspace.mjs';

/** npm's first version with trusted publishing (OIDC). */
export const MIN_NPM = '11.5.1';
export const NPM_PUBLISH_ARGS = ['publish', '--provenance', '--access', 'public'];

/**
 * Whether `version` is at least `min`, by semver's precedence (node-semver, npm's own comparison): a prerelease is
 * below its release (11.5.1-rc.1 < 11.5.1), prerelease identifiers compare numerically (rc.2 < rc.10), and a string
 * that is not a version is never at least anything.
 * @param {string} version @param {string} min
 */
export const atLeast = (version, min) => {
  const parsed = semver.parse(version);
  return parsed !== null && semver.gte(parsed, min);
};

/** @param {string} cmd @param {string[]} args @param {string} cwd */
function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_loglevel: 'notice' } });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${out}`))));
  });
}

/**
 * @param {{root?: string, dryRun?: boolean, log?: (line: string) => void}} options
 * @returns {Promise<{published: string[], skipped: string[]}>}
 */
export async function releasePublish({ root = ROOT, dryRun = false, log = console.log } = {}) {
  const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
  if (!dryRun && !atLeast(npmVersion, MIN_NPM)) throw new Error(`npm ${npmVersion} cannot publish with trusted publishing (OIDC): it needs npm >= ${MIN_NPM}`);
  const out = mkdtempSync(join(tmpdir(), 'release-publish-'));
  /** @type {string[]} */ const published = [];
  /** @type {string[]} */ const skipped = [];
  try {
    /** @type {{name: string, version: string, tarball: string}[]} */
    const packed = [];
    for (const dir of publishable(root)) {
      const { name, version } = readJson(join(root, dir, 'package.json'));
      if (!dryRun && alreadyPublished(name, version)) {
        skipped.push(`${name}@${version}`);
        log(`release:publish: ${name}@${version} is on the registry already; skipped`);
        continue;
      }
      const before = new Set(readdirSync(out));
      execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: join(root, dir), stdio: ['ignore', 'ignore', 'pipe'] });
      const tarball = readdirSync(out).find((f) => !before.has(f));
      if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
      packed.push({ name, version, tarball: join(out, tarball) });
    }
    const args = (/** @type {string} */ tarball) => [
      ...NPM_PUBLISH_ARGS.slice(0, 1),
      tarball,
      ...NPM_PUBLISH_ARGS.slice(1),
      ...(dryRun ? ['--dry-run', '--offline'] : []),
    ];
    // Dry runs touch nothing, so they run side by side; real publishes go one by one (a failure stops the rest).
    if (dryRun) await Promise.all(packed.map((p) => run('npm', args(p.tarball), out)));
    else for (const p of packed) await run('npm', args(p.tarball), out);
    for (const p of packed) {
      published.push(`${p.name}@${p.version}`);
      log(
        `release:publish: npm ${args(p.tarball)
          .join(' ')
          .replace(out + '/', '')}: ${p.name}@${p.version}${dryRun ? ' (dry run)' : ''}`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  if (!dryRun) log(execFileSync(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), 'tag'], { cwd: root, encoding: 'utf8' }).trim());
  log(
    `release:publish: ${published.length} ${dryRun ? 'would be published' : 'published'} with npm ${npmVersion}${skipped.length ? `, ${skipped.length} already on the registry` : ''}`,
  );
  return { published, skipped };
}

/** @param {string} name @param {string} version */
function alreadyPublished(name, version) {
  try {
    return execFileSync('npm', ['view', `${name}@${version}`, 'version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === version;
  } catch {
    return false; // E404: never published
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await releasePublish({ dryRun: process.argv.includes('--dry-run') });
  } catch (caught) {
    console.error(`release:publish: ${/** @type {Error} */ (caught).message}`);
    process.exitCode = 1;
  }
}
