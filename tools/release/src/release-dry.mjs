#!/usr/bin/env node
// `pnpm release:dry`: what a release would do, without doing it and without touching the working tree. The
// publishable packages are built (Nx, cached), the repository's files (tracked and untracked, not ignored, plus the
// built dist/ folders) are copied to a temporary folder, and there: `changeset version` (with a throwaway patch
// changeset when none is pending, so versioning is always exercised), a check that the fixed group moved together,
// then `pnpm publish --dry-run` of every publishable package, the contract CLI included. The copy is deleted.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './releases.mjs';

/** @type {(cmd: string, args: string[], cwd: string, opts?: import('node:child_process').ExecFileSyncOptions) => string} */
const run = (cmd, args, cwd, opts = {}) =>
  /** @type {string} no caller overrides the encoding */ (execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts }));
const readJson = (/** @type {string} */ p) => JSON.parse(readFileSync(p, 'utf8'));

/** Workspace packages (from pnpm-workspace.yaml's globs, which are all `dir/*` or `dir`) that are not private. */
function publishable(/** @type {string} */ root) {
  const globs = [...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+['"]?([^'"\n]+)['"]?$/gm)].map((m) => m[1]);
  const dirs = globs.flatMap((g) => (g.endsWith('/*') ? readdirSync(join(root, g.slice(0, -2))).map((d) => join(g.slice(0, -2), d)) : [g]));
  return dirs.filter((d) => existsSync(join(root, d, 'package.json')) && !readJson(join(root, d, 'package.json')).private);
}

export function releaseDry({ log = console.log } = {}) {
  const packages = publishable(ROOT);
  const names = packages.map((d) => readJson(join(ROOT, d, 'package.json')).name);
  log(`release:dry: ${names.join(', ')}`);
  const before = run('git', ['status', '--porcelain'], ROOT);
  run('pnpm', ['exec', 'nx', 'run-many', '-t', 'build', `--projects=${names.join(',')}`, '--outputStyle=static'], ROOT, { stdio: 'ignore' });

  const copy = mkdtempSync(join(tmpdir(), 'release-dry-'));
  try {
    const files = run('git', ['ls-files', '-co', '--exclude-standard', '-z'], ROOT).split('\0').filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(ROOT, file))) continue; // deleted but not yet committed
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(ROOT, file), join(copy, file));
    }
    for (const dir of packages) if (existsSync(join(ROOT, dir, 'dist'))) cpSync(join(ROOT, dir, 'dist'), join(copy, dir, 'dist'), { recursive: true });

    const pending = readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    if (!pending.length) {
      writeFileSync(join(copy, '.changeset/release-dry-run.md'), `---\n${names.map((n) => `"${n}": patch`).join('\n')}\n---\n\nRelease dry run.\n`);
    }
    const versionsBefore = Object.fromEntries(packages.map((d) => [d, readJson(join(copy, d, 'package.json')).version]));
    log(run(process.execPath, [join(ROOT, 'node_modules/@changesets/cli/bin.js'), 'version'], copy).trim());
    const fixed = readJson(join(copy, '.changeset/config.json')).fixed.flat();
    const after = packages.map((d) => ({ dir: d, ...readJson(join(copy, d, 'package.json')) }));
    const grouped = new Set(after.filter((p) => fixed.includes(p.name)).map((p) => p.version));
    if (grouped.size !== 1) throw new Error(`the fixed group did not move together: ${after.map((p) => `${p.name}@${p.version}`).join(', ')}`);
    for (const p of after) {
      if (!fixed.includes(p.name)) throw new Error(`${p.name} is publishable but not in the fixed version group (.changeset/config.json)`);
      if (p.version === versionsBefore[p.dir]) throw new Error(`${p.name} was not versioned by changeset version`);
      if (!readFileSync(join(copy, p.dir, 'CHANGELOG.md'), 'utf8').includes(`## ${p.version}`))
        throw new Error(`${p.dir}/CHANGELOG.md has no ${p.version} entry`);
    }
    log(`changeset version: ${after.map((p) => `${p.name} ${versionsBefore[p.dir]} → ${p.version}`).join(', ')}`);
    for (const p of after) {
      const out = run('pnpm', ['publish', '--dry-run', '--no-git-checks', '--json'], join(copy, p.dir), {
        env: { ...process.env, npm_config_loglevel: 'error' },
      });
      const json = JSON.parse(out.slice(out.indexOf('{')));
      log(
        `pnpm publish --dry-run ${json.name}@${json.version}: ${json.files?.length ?? '?'} files, ${json.size ?? '?'} B packed, ${json.unpackedSize ?? '?'} B unpacked`,
      );
      if (json.name !== p.name || json.version !== p.version)
        throw new Error(`${p.dir}: dry run published ${json.name}@${json.version}, expected ${p.name}@${p.version}`);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  const afterStatus = run('git', ['status', '--porcelain'], ROOT);
  if (afterStatus !== before) throw new Error(`release:dry changed the working tree:\n${afterStatus}`);
  log('release:dry: passed; the working tree is unchanged');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    releaseDry();
  } catch (caught) {
    // execFileSync's error carries the child's stderr.
    const error = /** @type {Error & {stderr?: string}} */ (caught);
    console.error(`release:dry: ${error.stderr ?? ''}${error.message}`);
    process.exitCode = 1;
  }
}
