#!/usr/bin/env node
// In the test command: fails when the spec changed since the last release bundle and no changeset was added. The
// bundle is compared, not the source files, so reformatting the YAML needs no changeset while any change a consumer
// could see (the bundle is what every package is generated from) does.
import { pendingChangesets } from './changesets.mjs';
import { CHANGESETS, HEAD_BUNDLE, baseAsyncApi, headAsyncApi, lastReleaseBundle, readDocument } from './releases.mjs';

const canonical = (/** @type {string | undefined} */ path) => (path ? JSON.stringify(readDocument(path)) : '');

export async function checkChangeset({ env = process.env, log = console.log, error = console.error } = {}) {
  const base = env.BASE_SPEC ?? lastReleaseBundle();
  const head = env.HEAD_SPEC ?? HEAD_BUNDLE;
  if (!base) {
    error('check:changeset: no released bundle under spec/releases/ (run `pnpm release:baseline`)');
    return 1;
  }
  const asyncHead = headAsyncApi(env);
  if (canonical(base) === canonical(head) && (!asyncHead || canonical(asyncHead) === canonical(baseAsyncApi(base, env)))) {
    log(`check:changeset: the spec is the released one (${base}); no changeset needed`);
    return 0;
  }
  const changesets = await pendingChangesets(env.CHANGESET_DIR ?? CHANGESETS);
  if (changesets.some((c) => c.releases.length)) {
    log(`check:changeset: the spec changed since ${base}; changesets: ${changesets.map((c) => c.id).join(', ')}`);
    return 0;
  }
  error(
    `check:changeset: the spec changed since the last release (${base}) and no changeset was added: run \`pnpm changeset\` (minor for an additive change, major for a breaking one; \`pnpm check:breaking\` tells which)`,
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await checkChangeset();
