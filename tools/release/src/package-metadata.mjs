#!/usr/bin/env node
// The published packages' links, set in one place: the root package.json's `repository`, `homepage` and `bugs`.
// Each publishable package gets `repository` (with its `directory`), a `homepage` at its folder's README, the same
// `bugs`, the root's `license`, and `publishConfig` {access: public, provenance: true}. npm's trusted publishing
// checks `repository.url` against the repository the workflow runs in, so a package without it (or with another)
// cannot be published from CI. `pnpm release:metadata` writes them; `--check` (in `pnpm release:check` and the
// release tests) fails when a package.json differs. Written and compared through codegen's Output, like every
// generated file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Output } from '../../codegen/src/output.mjs';
import { ROOT } from './releases.mjs';
import { publishable, readJson } from './workspace.mjs';

/**
 * `git+https://github.com/o/r.git` → `https://github.com/o/r`.
 * @param {string} url
 */
export const webUrl = (url) => url.replace(/^git\+/, '').replace(/\.git$/, '');

/**
 * The metadata of one package, from the root's.
 * @param {Record<string, any>} rootPkg @param {string} dir @param {string} branch the default branch (homepage links)
 */
export function metadataFor(rootPkg, dir, branch) {
  const { repository, bugs, license } = rootPkg;
  if (!repository?.url || !bugs?.url) throw new Error('release:metadata: the root package.json needs repository.url and bugs.url');
  return {
    license,
    repository: { type: 'git', url: repository.url, directory: dir },
    homepage: `${webUrl(repository.url)}/tree/${branch}/${dir}#readme`,
    bugs: { url: bugs.url },
    publishConfig: { access: 'public', provenance: true },
  };
}

/** Every publishable package.json with its metadata applied (key order kept; new keys go last). @param {string} root */
export function packageFiles(root) {
  const rootPkg = readJson(join(root, 'package.json'));
  const branch = readJson(join(root, '.changeset/config.json')).baseBranch ?? 'main';
  return publishable(root).map((dir) => {
    const path = `${dir}/package.json`;
    const pkg = readJson(join(root, path));
    const metadata = metadataFor(rootPkg, dir, branch);
    // A package's own publishConfig fields (the contract's `exports` for the tarball) stay beside the shared ones.
    const publishConfig = { ...pkg.publishConfig, ...metadata.publishConfig };
    return { path, content: JSON.stringify({ ...pkg, ...metadata, publishConfig }, null, 2) + '\n' };
  });
}

/** @param {{root?: string, check?: boolean}} options @returns {string[]} the stale files (check) */
export function syncMetadata({ root = ROOT, check = false } = {}) {
  const output = new Output({ root, check });
  for (const { path, content } of packageFiles(root)) output.add(path, content);
  return output.commit();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const stale = syncMetadata({ check });
  if (check && stale.length) {
    console.error(`release:metadata: package metadata differs from the root package.json in:\n  ${stale.join('\n  ')}\nrun \`pnpm release:metadata\``);
    process.exitCode = 1;
  } else
    console.log(
      `release:metadata: ${check ? 'checked' : 'written'} ${packageFiles(ROOT).length} packages (${readFileSync(join(ROOT, 'package.json'), 'utf8').match(/"url": "([^"]+)"/)?.[1]})`,
    );
}
