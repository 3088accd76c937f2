#!/usr/bin/env node
// `pnpm release:dry`: the release workflow's steps (src/pipeline.mjs, the list .github/workflows/release.yml is
// checked against), run locally without publishing and without touching the working tree. The publishable packages
// are built (Nx, cached), the repository's files (tracked and untracked, not ignored, plus the built dist/ folders)
// are copied to a temporary folder with the installed node_modules linked in, and each step runs as its `local`
// mode says: tool versions compared, the lockfile checked, the release gate run in the working tree, then in the
// copy `pnpm release:version` (with a throwaway patch changeset when none is pending, so versioning is always
// exercised) and `pnpm release:publish --dry-run`. Checked after versioning: the fixed group moved together, each
// package has its CHANGELOG entry, and the release baseline was recorded. The copy is deleted.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { STEPS, VERSIONS } from './pipeline.mjs';
import { ROOT } from './releases.mjs';
import { atLeast, MIN_NPM } from './release-publish.mjs';
import { publishable, readJson } from './workspace.mjs';

/** @type {(cmd: string, args: string[], cwd: string, opts?: import('node:child_process').ExecFileSyncOptions) => string} */
const run = (cmd, args, cwd, opts = {}) =>
  /** @type {string} no caller overrides the encoding */ (execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts }));
const pnpm = (/** @type {string} */ command) => command.split(' ').slice(1);

export function releaseDry({ log = console.log } = {}) {
  const packages = publishable(ROOT);
  const names = packages.map((d) => readJson(join(ROOT, d, 'package.json')).name);
  log(`release:dry: ${names.join(', ')}`);
  const before = run('git', ['status', '--porcelain'], ROOT);
  run('pnpm', ['exec', 'nx', 'run-many', '-t', 'build', `--projects=${names.join(',')}`, '--outputStyle=static'], ROOT, { stdio: 'ignore' });

  const copy = mkdtempSync(join(tmpdir(), 'release-dry-'));
  try {
    copyWorkspace(copy, packages);
    const versionsBefore = Object.fromEntries(packages.map((d) => [d, readJson(join(copy, d, 'package.json')).version]));
    STEPS.forEach((step, i) => {
      const label = `step ${i + 1}/${STEPS.length} [${step.job}] ${step.name}: ${step.run}`;
      if (step.local === 'skip') return log(`${label}: skipped, ${step.why}`);
      if (step.local === 'tools') return log(`${label}: ${tools(step.run)}`);
      if (step.local === 'lockfile') {
        run('pnpm', ['install', '--frozen-lockfile', '--lockfile-only', '--offline'], ROOT);
        return log(`${label}: lockfile in sync (pnpm install --frozen-lockfile --lockfile-only --offline)`);
      }
      if (step.local === 'root') {
        run('pnpm', pnpm(step.run), ROOT);
        return log(`${label}: passed`);
      }
      if (step.via === 'changesets-version') {
        const pending = readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
        if (!pending.length)
          writeFileSync(join(copy, '.changeset/release-dry-run.md'), `---\n${names.map((n) => `"${n}": patch`).join('\n')}\n---\n\nRelease dry run.\n`);
        run('pnpm', pnpm(step.run), copy);
        log(`${label}: ${checkVersioned(copy, packages, versionsBefore)}`);
        return;
      }
      const out = run('pnpm', [...pnpm(step.run), '--dry-run'], copy);
      log(`${label} --dry-run:\n${out.trim().replace(/^/gm, '  ')}`);
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  const afterStatus = run('git', ['status', '--porcelain'], ROOT);
  if (afterStatus !== before) throw new Error(`release:dry changed the working tree:\n${afterStatus}`);
  log('release:dry: passed; the working tree is unchanged');
}

/** The repository's files, the built dist/ folders, and links to the installed node_modules. @param {string} copy @param {string[]} packages */
function copyWorkspace(copy, packages) {
  const files = run('git', ['ls-files', '-co', '--exclude-standard', '-z'], ROOT).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue; // deleted but not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  for (const dir of packages) if (existsSync(join(ROOT, dir, 'dist'))) cpSync(join(ROOT, dir, 'dist'), join(copy, dir, 'dist'), { recursive: true });
  const workspaceDirs = ['.', ...new Set(files.filter((f) => f.endsWith('/package.json')).map((f) => dirname(f)))];
  for (const dir of workspaceDirs)
    if (existsSync(join(ROOT, dir, 'node_modules')) && existsSync(join(copy, dir)))
      symlinkSync(join(ROOT, dir, 'node_modules'), join(copy, dir, 'node_modules'));
}

/** The versions a `npm install --global …@x` step pins, against what is installed here. @param {string} command */
function tools(command) {
  const pins = Object.fromEntries([...command.matchAll(/(npm|pnpm)@(\S+)/g)].map((m) => [m[1], m[2]]));
  return Object.entries(pins)
    .map(([tool, pinned]) => {
      const here = run(tool, ['--version'], ROOT).trim();
      const note = tool === 'npm' && !atLeast(here, MIN_NPM) ? ` (publishing needs >= ${MIN_NPM}; the dry run does not)` : '';
      return `${tool} ${pinned} in CI, ${here} here${here === pinned ? '' : ' (differs)'}${note}`;
    })
    .join('; ');
}

/**
 * After `pnpm release:version` in the copy: the fixed group moved together, each package has its CHANGELOG entry,
 * and the bundle was recorded as the release baseline of its info.version.
 * @param {string} copy @param {string[]} packages @param {Record<string, string>} versionsBefore
 */
function checkVersioned(copy, packages, versionsBefore) {
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
  const bundle = readFileSync(join(copy, 'spec/dist/openapi.json'), 'utf8');
  const version = JSON.parse(bundle).info.version;
  const baseline = join(copy, 'spec/releases', version, 'openapi.json');
  if (!existsSync(baseline) || readFileSync(baseline, 'utf8') !== bundle)
    throw new Error(`the release baseline spec/releases/${version}/openapi.json was not recorded`);
  return `${after.map((p) => `${p.name} ${versionsBefore[p.dir]} → ${p.version}`).join(', ')}; baseline spec/releases/${version} recorded`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    releaseDry();
  } catch (caught) {
    // execFileSync's error carries the child's stderr.
    const error = /** @type {Error & {stderr?: string, stdout?: string}} */ (caught);
    console.error(`release:dry: ${error.stdout ?? ''}${error.stderr ?? ''}${error.message}`);
    process.exitCode = 1;
  }
}
