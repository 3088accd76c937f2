// The workspace's publishable packages: the pnpm-workspace.yaml globs (all `dir/*` or `dir`) whose package.json is
// not private. One list for the dry run, the publish step and the metadata check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';

export const readJson = (/** @type {string} */ p) => JSON.parse(readFileSync(p, 'utf8'));

/** @param {string} root @returns {string[]} package folders relative to root, in workspace order */
export function publishable(root) {
  /** @type {string[]} */
  const globs = parseYaml(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')).packages ?? [];
  const dirs = globs.flatMap((g) =>
    g.endsWith('/*')
      ? readdirSync(join(root, g.slice(0, -2)))
          .sort()
          .map((d) => `${g.slice(0, -2)}/${d}`)
      : [g],
  );
  return dirs.filter((d) => existsSync(join(root, d, 'package.json')) && !readJson(join(root, d, 'package.json')).private);
}

/**
 * The version of the fixed group (.changeset/config.json `fixed`): the version a release ships in, which names its
 * baseline folder (spec/releases/<version>). The group's members must agree on it.
 * @param {string} root @returns {string}
 */
export function groupVersion(root) {
  /** @type {string[]} */
  const fixed = readJson(join(root, '.changeset/config.json')).fixed?.flat() ?? [];
  const versions = new Map(
    publishable(root)
      .map((d) => readJson(join(root, d, 'package.json')))
      .filter((p) => fixed.includes(p.name))
      .map((p) => [p.name, p.version]),
  );
  const distinct = new Set(versions.values());
  if (!versions.size || distinct.size !== 1)
    throw new Error(`the fixed group has no single version: ${[...versions].map(([n, v]) => `${n}@${v}`).join(', ') || 'no member found'}`);
  return /** @type {string} */ ([...distinct][0]);
}
