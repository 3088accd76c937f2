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
