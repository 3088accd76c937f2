#!/usr/bin/env node
// `pnpm release:dry`: the release workflow's steps (src/pipeline.mjs, the list .github/workflows/release.yml is
// checked against), run locally without publishing and without touching the working tree. The publishable packages
// are built (Nx, cached), the repository's files (tracked and untracked, not ignored, plus the built dist/ folders)
// are copied to a temporary folder, and each step runs as its `local` mode says: tool versions compared, the
// lockfile checked, the release gate run in the working tree, then on the copy the root package.json's
// `release:version` script (with a throwaway patch changeset when none is pending, so versioning is always
// exercised) and `release:publish --dry-run`. The copy gets no node_modules (a pnpm command run where they are
// linked in relinks the workspace's own): each part of a script runs from this workspace with RELEASE_ROOT=copy. Checked after versioning: the fixed group moved together and stays on
// the API's version line (it prints the version it would release), each package has its CHANGELOG entry (warning of
// the acknowledged corrections it releases), and the release baseline was recorded. The copy is deleted.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import correctionBlock from './correction-block.cjs';
import { STEPS } from './pipeline.mjs';
import { ROOT } from './releases.mjs';
import { atLeast, MIN_NPM } from './release-publish.mjs';
import { publishable, readJson } from './workspace.mjs';

const { correctionNotice, readCorrectionBlock } = correctionBlock;

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
        const corrections = pendingCorrections(join(copy, '.changeset'), pending);
        const releasedBefore = releasedBundles(copy);
        if (!pending.length)
          writeFileSync(join(copy, '.changeset/release-dry-run.md'), `---\n${names.map((n) => `"${n}": patch`).join('\n')}\n---\n\nRelease dry run.\n`);
        runScript(step.run, copy);
        log(`${label}: ${checkVersioned(copy, packages, versionsBefore, corrections, releasedBefore)}`);
        return;
      }
      const out = runScript(step.run, copy, ['--dry-run']);
      log(`${label} --dry-run:\n${out.trim().replace(/^/gm, '  ')}`);
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  const relinked = linksInto(copy);
  if (relinked.length) throw new Error(`release:dry relinked the workspace's node_modules into its copy (run pnpm install):\n  ${relinked.join('\n  ')}`);
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
}

/**
 * Runs a root package.json script (`pnpm release:version`) on the copy: each `&&` part, `changeset …` by this
 * workspace's Changesets, `node tools/…` by this workspace's file with RELEASE_ROOT=copy.
 * @param {string} command `pnpm <script>` @param {string} copy @param {string[]} extra arguments for the last part
 */
function runScript(command, copy, extra = []) {
  const [name] = pnpm(command);
  const script = name === undefined ? undefined : readJson(join(copy, 'package.json')).scripts[name];
  if (!script) throw new Error(`no script for \`${command}\` in package.json`);
  const parts = script.split('&&').map((/** @type {string} */ p) => p.trim().split(/\s+/));
  return parts
    .map((/** @type {string[]} */ [bin, ...args], /** @type {number} */ i) => {
      const all = i === parts.length - 1 ? [...args, ...extra] : args;
      // NODE_PATH: the copy has no node_modules, and Changesets requires the changelog module (.changeset/config.json)
      // from the copy; its one dependency (yaml) is found in this workspace's tools/release.
      const env = { ...process.env, RELEASE_ROOT: copy, NODE_PATH: join(ROOT, 'tools/release/node_modules') };
      if (bin === 'changeset') return run(process.execPath, [join(ROOT, 'node_modules/@changesets/cli/bin.js'), ...all], copy, { env });
      const [file, ...fileArgs] = all;
      if (bin === 'node' && file?.startsWith('tools/')) return run(process.execPath, [join(ROOT, file), ...fileArgs], copy, { env });
      throw new Error(`release:dry does not know how to run \`${[bin, ...all].join(' ')}\` (from \`${command}\`) on the copy`);
    })
    .join('');
}

/** Links in the workspace's node_modules folders (root and packages, scopes included) that point into `copy`. @param {string} copy */
function linksInto(copy) {
  const dirs = [
    '.',
    ...run('git', ['ls-files', '*package.json'], ROOT)
      .split('\n')
      .filter(Boolean)
      .map((f) => dirname(f)),
  ];
  /** @type {string[]} */
  const found = [];
  for (const dir of new Set(dirs)) {
    const modules = join(ROOT, dir, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      const paths =
        entry.name.startsWith('@') && entry.isDirectory()
          ? readdirSync(join(modules, entry.name)).map((n) => join(modules, entry.name, n))
          : [join(modules, entry.name)];
      for (const path of paths) if (lstatSync(path).isSymbolicLink() && readlinkSync(path).includes(basename(copy))) found.push(path);
    }
  }
  return found;
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

/** Every released bundle under spec/releases (`<version>/<file>` → its text). @param {string} root @returns {Map<string, string>} */
function releasedBundles(root) {
  const dir = join(root, 'spec/releases');
  if (!existsSync(dir)) return new Map();
  return new Map(readdirSync(dir).flatMap((v) => readdirSync(join(dir, v)).map((f) => [`${v}/${f}`, readFileSync(join(dir, v, f), 'utf8')])));
}

/**
 * The major the fixed group shares with the API (`info.version`), or an error saying why a version leaves it.
 * @param {string} groupVersion what `changeset version` gave the group @param {string} apiVersion info.version
 * @returns {string} the line, e.g. `1`
 */
export function onVersionLine(groupVersion, apiVersion) {
  const api = semver.parse(String(apiVersion));
  const group = semver.parse(groupVersion);
  if (!api || !group) throw new Error(`not a version: ${api ? groupVersion : apiVersion} (the group and info.version are semver)`);
  const apiLine = String(api.major);
  if (group.major !== api.major)
    throw new Error(
      `the fixed group would release ${groupVersion}, off the API's version line (info.version ${apiVersion}, so ${apiLine}.x): ` +
        'a breaking change that corrects the contract to what the service already did is acknowledged in its changeset (.changeset/README.md), not released as a major',
    );
  return apiLine;
}

/**
 * The acknowledged corrections of the pending changesets, before `changeset version` deletes them: for each, the
 * packages it releases and the warning lines their CHANGELOGs must carry.
 * @param {string} dir the copy's .changeset folder @param {string[]} files its pending changesets
 * @returns {{file: string, packages: string[], warnings: string[]}[]}
 */
function pendingCorrections(dir, files) {
  return files.flatMap((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const { acknowledges } = readCorrectionBlock(text);
    if (!acknowledges.length) return [];
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    const warnings = correctionNotice(acknowledges)
      .split('\n')
      .filter((l) => l.startsWith('**Correction**'));
    return [{ file, packages: Object.keys(parseYaml(front) ?? {}), warnings }];
  });
}

/**
 * After `pnpm release:version` in the copy: the fixed group moved together and stays on the API's version line (the
 * major of info.version: a correction is released as a minor, a major only when the API itself broke), every package
 * (in the group or versioned on its own) was versioned and has its CHANGELOG entry, the entry of a package released
 * with acknowledged corrections warns its users, and the bundle was recorded as the release baseline of the
 * version it ships in, leaving every earlier release's bundle as it was. Returns what would be released.
 * @param {string} copy @param {string[]} packages @param {Record<string, string>} versionsBefore
 * @param {{file: string, packages: string[], warnings: string[]}[]} corrections
 * @param {Map<string, string>} releasedBefore the released bundles before versioning (releasedBundles)
 */
function checkVersioned(copy, packages, versionsBefore, corrections, releasedBefore) {
  const fixed = readJson(join(copy, '.changeset/config.json')).fixed.flat();
  const after = packages.map((d) => ({ dir: d, ...readJson(join(copy, d, 'package.json')) }));
  const grouped = new Set(after.filter((p) => fixed.includes(p.name)).map((p) => p.version));
  if (grouped.size !== 1) throw new Error(`the fixed group did not move together: ${after.map((p) => `${p.name}@${p.version}`).join(', ')}`);
  const groupVersion = /** @type {string} */ ([...grouped][0]);
  const apiVersion = readJson(join(copy, 'spec/dist/openapi.json')).info.version;
  const apiLine = onVersionLine(groupVersion, apiVersion);
  for (const p of after) {
    // A package outside the fixed group (the testing kit, at 0.x while its API settles) is versioned on its own: it
    // must still have been versioned and have its CHANGELOG entry, like the group's members.
    if (p.version === versionsBefore[p.dir]) throw new Error(`${p.name} was not versioned by changeset version`);
    if (!readFileSync(join(copy, p.dir, 'CHANGELOG.md'), 'utf8').includes(`## ${p.version}`))
      throw new Error(`${p.dir}/CHANGELOG.md has no ${p.version} entry`);
    const changelog = readFileSync(join(copy, p.dir, 'CHANGELOG.md'), 'utf8');
    const entry = changelog
      .slice(changelog.indexOf(`## ${p.version}`))
      .split(/^## /m, 2)
      .join('## ');
    for (const c of corrections.filter((c) => c.packages.includes(p.name)))
      for (const warning of c.warnings)
        if (!entry.includes(warning))
          throw new Error(`${p.dir}/CHANGELOG.md ${p.version} does not warn of the corrections of .changeset/${c.file}: ${warning}`);
  }
  // The baseline is named by the version the release ships in (the group's), so the last release's stays as it was.
  const bundle = readFileSync(join(copy, 'spec/dist/openapi.json'), 'utf8');
  const version = groupVersion;
  const baseline = join(copy, 'spec/releases', version, 'openapi.json');
  if (!existsSync(baseline) || readFileSync(baseline, 'utf8') !== bundle)
    throw new Error(`the release baseline spec/releases/${version}/openapi.json was not recorded`);
  for (const [released, before] of releasedBefore)
    if (readFileSync(join(copy, 'spec/releases', released), 'utf8') !== before) throw new Error(`versioning overwrote the released spec/releases/${released}`);
  const warned = corrections.length ? `; CHANGELOGs warn of the corrections of ${corrections.map((c) => `.changeset/${c.file}`).join(', ')}` : '';
  return (
    `would release ${groupVersion} (the fixed group, on the API's ${apiLine}.x line: info.version ${apiVersion}): ` +
    `${after.map((p) => `${p.name} ${versionsBefore[p.dir]} → ${p.version}`).join(', ')}; baseline spec/releases/${version} recorded${warned}`
  );
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
