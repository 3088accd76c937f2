#!/usr/bin/env node
// Checks a package the way the registry will see it: packs it with `pnpm pack` into a temporary folder, runs
// `publint --strict` and `attw` on the tarball (not the folder: a file left out of `files` or a workspace: range
// only shows in the tarball), then checks what is inside (README, LICENSE, metadata, peer ranges, source maps).
//   node tools/consumer-check/pack-check.mjs [package dir] [-- extra attw arguments]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * What is wrong with an unpacked package folder (`package/` of a tarball), one message per problem.
 * @param {string} dir
 * @returns {string[]}
 */
export function packedIssues(dir) {
  const issues = [];
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const file of ['README.md', 'LICENSE']) if (!existsSync(join(dir, file))) issues.push(`${file} is not in the tarball`);
  if (existsSync(join(dir, 'LICENSE')) && pkg.license === 'MIT' && !/MIT License/.test(readFileSync(join(dir, 'LICENSE'), 'utf8')))
    issues.push('LICENSE is not the MIT text although package.json says MIT');
  for (const field of ['repository', 'homepage', 'bugs', 'keywords', 'license'])
    if (pkg[field] === undefined || (Array.isArray(pkg[field]) && !pkg[field].length)) issues.push(`package.json has no ${field}`);
  for (const [kind, ranges] of Object.entries({
    dependencies: pkg.dependencies,
    peerDependencies: pkg.peerDependencies,
    optionalDependencies: pkg.optionalDependencies,
  })) {
    for (const [name, range] of Object.entries(ranges ?? {})) {
      if (String(range).startsWith('workspace:')) issues.push(`${kind}.${name} is still ${range}`);
      if (kind === 'peerDependencies' && !/^\^\d/.test(String(range)))
        issues.push(`peerDependencies.${name} is ${range}; a peer range starts with ^ so a consumer's newer minor satisfies it`);
    }
  }
  const files = filesUnder(dir).map((f) => relative(dir, f));
  const shipped = new Set(files);
  for (const file of files) {
    if (!/\.(c|m)?(js|ts)$/.test(file) && !file.endsWith('.map')) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    if (file.endsWith('.map')) {
      const map = JSON.parse(text);
      if (Array.isArray(map.sourcesContent) && map.sourcesContent.some((/** @type {string | null} */ s) => s != null))
        issues.push(`${file} embeds its sources (sourcesContent)`);
      continue;
    }
    for (const [, target] of text.matchAll(/\/\/# sourceMappingURL=(\S+)/g)) {
      if (target === undefined) continue;
      if (target.startsWith('data:')) {
        issues.push(`${file} inlines its source map`);
        continue;
      }
      const mapPath = relative(dir, resolve(dir, dirname(file), target));
      if (!shipped.has(mapPath)) issues.push(`${file} points to ${target}, which is not in the tarball`);
    }
  }
  return issues;
}

/** The bin script of an installed package, found the way Node finds packages (neither exports `./package.json`). */
function binOf(/** @type {string} */ name) {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'node_modules', name, 'package.json'))) {
    if (dirname(dir) === dir) throw new Error(`pack-check: ${name} is not installed`);
    dir = dirname(dir);
  }
  const root = join(dir, 'node_modules', name);
  const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return join(root, typeof bin === 'string' ? bin : Object.values(bin)[0]);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
}

/**
 * Packs `packageDir`, lints the tarball and returns the issues (empty when the package is ready to publish).
 * @param {string} packageDir
 * @param {string[]} [attwArgs]
 * @returns {string[]}
 */
export function checkPackage(packageDir, attwArgs = []) {
  const temp = mkdtempSync(join(tmpdir(), 'pack-check-'));
  const issues = [];
  try {
    run('pnpm', ['pack', '--pack-destination', temp], packageDir);
    const tarball = readdirSync(temp).find((f) => f.endsWith('.tgz'));
    if (!tarball) return ['pnpm pack wrote no tarball'];
    const tgz = join(temp, tarball);
    console.log(`${relative(process.cwd(), packageDir) || '.'}: ${tarball} (${(statSync(tgz).size / 1024).toFixed(0)} kB packed)`);
    const publint = binOf('publint');
    const attw = binOf('@arethetypeswrong/cli');
    /** @type {[name: string, args: string[]][]} */
    const linters = [
      ['publint', [publint, 'run', tgz, '--strict']],
      ['attw', [attw, tgz, ...attwArgs]],
    ];
    for (const [name, args] of linters) {
      try {
        process.stdout.write(run(process.execPath, args, packageDir));
      } catch (caught) {
        // execFileSync's error carries the child's output.
        const error = /** @type {{stdout?: string, stderr?: string}} */ (caught);
        issues.push(`${name} failed on the tarball:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      }
    }
    run('tar', ['-xzf', tgz, '-C', temp], temp);
    issues.push(...packedIssues(join(temp, 'package')));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return issues;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const split = args.indexOf('--');
  const dir = resolve(split === -1 ? (args[0] ?? '.') : (args.slice(0, split)[0] ?? '.'));
  const issues = checkPackage(dir, split === -1 ? [] : args.slice(split + 1));
  for (const issue of issues) console.error(`✗ ${issue}`);
  if (issues.length) process.exit(1);
  console.log('pack-check: the tarball is ready to publish');
}
