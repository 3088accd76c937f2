#!/usr/bin/env node
// `pnpm check:breaking`: compares the current bundle (spec/dist/openapi.json, or HEAD_SPEC) with the last release's
// (spec/releases/<last>/openapi.json, or BASE_SPEC), writes the API diff as markdown (reports/api-diff.md, or
// API_DIFF_OUT) and exits 1 when a change is breaking, unless a pending changeset releases a major (then the diff
// says which). Exit 2 when a document cannot be read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { diffMarkdown, diffSpecs } from './breaking.mjs';
import { majorChangeset, pendingChangesets } from './changesets.mjs';
import { CHANGESETS, HEAD_BUNDLE, ROOT, lastReleaseBundle, readJson } from './releases.mjs';

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
    error(`check:breaking: cannot read ${base ? headPath : basePath}: ${e.message}`);
    return 2;
  }
  const diff = diffSpecs(base, head);
  const allowedBy = diff.breaking.length ? majorChangeset(await pendingChangesets(env.CHANGESET_DIR ?? CHANGESETS)) : undefined;
  const markdown = diffMarkdown(diff, { baseVersion: base.info?.version ?? basePath, headVersion: head.info?.version ?? headPath, allowedBy });
  const out = resolve(env.API_DIFF_OUT ?? join(ROOT, 'reports/api-diff.md'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, markdown + '\n');
  log(`check:breaking: ${basePath} → ${headPath}: ${diff.breaking.length} breaking, ${diff.additive.length} additive (diff: ${out})`);
  if (!diff.breaking.length) return 0;
  for (const c of diff.breaking) (allowedBy ? log : error)(`  ${allowedBy ? 'allowed' : 'BREAKING'} [${c.rule}] ${c.operation ?? ''}: ${c.message}`);
  if (allowedBy) {
    log(`check:breaking: allowed, ${allowedBy} releases a major`);
    return 0;
  }
  error('check:breaking: breaking changes need a major changeset (`pnpm changeset`, choose major) or a fix');
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await checkBreaking();
