// Where the released bundles live and which one is the last: spec/releases/<version>/openapi.json, one folder per
// released version (the fixed group's version, which may be ahead of info.version within the API's major), kept
// forever so any two releases can be compared. `pnpm release:baseline` writes the current bundle as the release of
// the group's version (run it when a version is released, and once after the first publication's last spec change).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

// RELEASE_ROOT: another checkout to work on (release:dry runs these scripts on its temporary copy, from here, so
// they resolve their dependencies from this workspace's node_modules).
export const ROOT = process.env.RELEASE_ROOT ? resolve(process.env.RELEASE_ROOT) : resolve(import.meta.dirname, '../../..');
export const RELEASES = join(ROOT, 'spec/releases');
export const HEAD_BUNDLE = join(ROOT, 'spec/dist/openapi.json');
export const CHANGESETS = join(ROOT, '.changeset');

/**
 * Semver order of `x.y.z` folder names (pre-release tags sort before their release).
 * @param {string} a @param {string} b
 * @returns {number}
 */
export function compareVersions(a, b) {
  /** @type {(v: string) => (number | string)[]} */
  const parse = (v) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [pa, pb] = [parse(a), parse(b)];
  // The first three parts are numbers in a folder that passed lastReleaseBundle's filter.
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return /** @type {number} */ (pa[i]) - /** @type {number} */ (pb[i]);
  if (pa.length !== pb.length) return pa.length > pb.length ? -1 : 1;
  return a.localeCompare(b);
}

/** The last released bundle's path, or undefined when nothing was released yet. */
export function lastReleaseBundle(dir = RELEASES) {
  if (!existsSync(dir)) return undefined;
  const versions = readdirSync(dir)
    .filter((v) => /^\d+\.\d+\.\d+/.test(v) && existsSync(join(dir, v, 'openapi.json')))
    .sort(compareVersions);
  const newest = versions.at(-1);
  return newest === undefined ? undefined : join(dir, newest, 'openapi.json');
}

export const readJson = (/** @type {string} */ path) => JSON.parse(readFileSync(path, 'utf8'));

/** The AsyncAPI document of the streams, once the repository has one: its bundle if codegen writes one, else the source. */
export function headAsyncApi(env = process.env) {
  if (env.ASYNC_HEAD_SPEC) return resolve(env.ASYNC_HEAD_SPEC);
  if (env.HEAD_SPEC) return undefined; // an explicit HTTP document is compared alone unless ASYNC_HEAD_SPEC says more
  return [join(ROOT, 'spec/dist/asyncapi.json'), join(ROOT, 'spec/asyncapi.yaml')].find((p) => existsSync(p));
}

/**
 * The released AsyncAPI document beside a released OpenAPI bundle, if that release had one.
 * @param {string | undefined} baseBundle
 */
export function baseAsyncApi(baseBundle, env = process.env) {
  if (env.ASYNC_BASE_SPEC) return resolve(env.ASYNC_BASE_SPEC);
  const path = baseBundle && join(dirname(baseBundle), 'asyncapi.json');
  return path && existsSync(path) ? path : undefined;
}

/** JSON or YAML, by extension. */
export const readDocument = (/** @type {string} */ path) => (/\.ya?ml$/.test(path) ? parseYaml(readFileSync(path, 'utf8')) : readJson(path));
