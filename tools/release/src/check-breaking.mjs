#!/usr/bin/env node
// `pnpm check:breaking`: compares the current bundle (spec/dist/openapi.json, or HEAD_SPEC) with the last release's
// (spec/releases/<last>/openapi.json, or BASE_SPEC), writes the API diff as markdown (reports/api-diff.md, or
// API_DIFF_OUT) and exits 1 when a change is breaking, unless a pending changeset releases a major (then the diff
// says which). Exit 2 when a document cannot be read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { consoleLine, diffAsyncApi, diffMarkdown, diffSpecs } from './breaking.mjs';
import { majorChangeset, pendingChangesets } from './changesets.mjs';
import { CHANGESETS, HEAD_BUNDLE, ROOT, baseAsyncApi, headAsyncApi, lastReleaseBundle, readDocument, readJson } from './releases.mjs';

export async function checkBreaking({ env = process.env, log = console.log, error = console.error } = {}) {
  const basePath = env.BASE_SPEC ? resolve(env.BASE_SPEC) : lastReleaseBundle();
  const headPath = env.HEAD_SPEC ? resolve(env.HEAD_SPEC) : HEAD_BUNDLE;
  if (!basePath) {
    error('check:breaking: no released bundle under spec/releases/ (run `pnpm release:baseline`) and no BASE_SPEC');
    return 2;
  }
  let base, head;
  try {
    base = readJson(basePath);
    head = readJson(headPath);
  } catch (e) {
    error(`check:breaking: cannot read ${base ? headPath : basePath}: ${/** @type {Error} */ (e).message}`);
    return 2;
  }
  const http = diffSpecs(base, head);
  // The streams' document, when both sides have one (a first AsyncAPI document is all additions).
  const asyncHead = headAsyncApi(env);
  const asyncBase = baseAsyncApi(basePath, env);
  let streams;
  if (asyncHead && asyncBase) {
    try {
      streams = { diff: diffAsyncApi(readDocument(asyncBase), readDocument(asyncHead)), base: asyncBase, head: asyncHead };
    } catch (e) {
      error(`check:breaking: cannot compare ${asyncBase} with ${asyncHead}: ${/** @type {Error} */ (e).message}`);
      return 2;
    }
  }
  const changes = [...http.changes, ...(streams?.diff.changes ?? [])];
  const diff = { changes, breaking: changes.filter((c) => c.breaking), additive: changes.filter((c) => !c.breaking) };
  const allowedBy = diff.breaking.length ? majorChangeset(await pendingChangesets(env.CHANGESET_DIR ?? CHANGESETS)) : undefined;
  let markdown = diffMarkdown(http, { baseVersion: base.info?.version ?? basePath, headVersion: head.info?.version ?? headPath, allowedBy });
  if (streams)
    markdown += '\n' + diffMarkdown(streams.diff, { title: 'Streams (AsyncAPI) diff', baseVersion: streams.base, headVersion: streams.head, allowedBy });
  else if (asyncHead) markdown += `\n# Streams (AsyncAPI)\n\nNo released AsyncAPI document to compare with: every channel of ${asyncHead} is new.\n`;
  const out = resolve(env.API_DIFF_OUT ?? join(ROOT, 'reports/api-diff.md'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, markdown + '\n');
  log(`check:breaking: ${basePath} → ${headPath}: ${diff.breaking.length} breaking, ${diff.additive.length} additive (diff: ${out})`);
  if (!diff.breaking.length) return 0;
  for (const c of diff.breaking) (allowedBy ? log : error)(`  ${allowedBy ? 'allowed' : 'BREAKING'} ${consoleLine(c)}`);
  if (allowedBy) {
    log(`check:breaking: allowed, ${allowedBy} releases a major`);
    return 0;
  }
  error('check:breaking: breaking changes need a major changeset (`pnpm changeset`, choose major) or a fix');
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await checkBreaking();
