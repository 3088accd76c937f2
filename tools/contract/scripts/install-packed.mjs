#!/usr/bin/env node
// Installs the contract CLI as the release would publish it, into a folder outside the workspace: the package is
// packed (`pnpm pack`: its built bundle, dist/) with the workspace packages it depends on (the spec among them) at the
// same version, and installed from those tarballs, so what runs is what npm would serve. The drift watch runs this
// copy rather than the workspace's sources. Usage: node tools/contract/scripts/install-packed.mjs <folder>
// (then <folder>/node_modules/.bin/laevitas-contract). Needs `pnpm generate` and the builds done first.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const target = process.argv[2];
if (!target) {
  console.error('usage: install-packed.mjs <folder>');
  process.exit(2);
}
const project = resolve(target);
mkdirSync(project, { recursive: true });
const version = JSON.parse(readFileSync(join(root, 'tools/contract/package.json'), 'utf8')).version;
// A child pnpm must not inherit the settings of a pnpm that runs this script.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|pnpm_|PNPM_|NODE_OPTIONS$|NODE_PATH$)/.test(k)));
const packages = { contract: 'tools/contract', spec: 'spec', client: 'packages/client', validators: 'packages/validators', types: 'packages/types' };
for (const dir of Object.values(packages)) execFileSync('pnpm', ['pack', '--pack-destination', project], { cwd: join(root, dir), env, stdio: 'inherit' });
const tarball = (/** @type {string} */ name) => `file:./laevitas-api-${name}-${version}.tgz`;
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({ name: 'contract-cli', private: true, dependencies: { '@laevitas-api/contract': tarball('contract') } }, null, 2),
);
writeFileSync(
  join(project, 'pnpm-workspace.yaml'),
  `overrides:\n${['spec', 'client', 'validators', 'types'].map((n) => `  '@laevitas-api/${n}': ${tarball(n)}`).join('\n')}\nallowBuilds:\n  '@scarf/scarf': false\n`,
);
execFileSync('pnpm', ['install', '--no-frozen-lockfile', '--reporter=silent'], { cwd: project, env, stdio: 'inherit' });
console.log(`@laevitas-api/contract ${version} installed: ${join(project, 'node_modules/.bin/laevitas-contract')}`);
