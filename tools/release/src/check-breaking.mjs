#!/usr/bin/env node
// `pnpm check:breaking`: compares the current bundle (spec/dist/openapi.json, or HEAD_SPEC) with the last release's
// (spec/releases/<last>/openapi.json, or BASE_SPEC), writes the API diff as markdown (reports/api-diff.md, or
// API_DIFF_OUT) and exits 1 when a change is breaking, unless a pending changeset releases a major or acknowledges
// that very change as a correction (corrections.mjs; the diff says which). Exits 1 too when an acknowledgement is
// malformed, has no checkable source, or matches no breaking change. Exit 2 when a document cannot be read.
// Pending acknowledgements describe the next release, so they are stale only in the default comparison (the last
// release with the current bundle). An explicit pair (BASE_SPEC and/or HEAD_SPEC naming another pair, e.g. two
// older releases) is judged on its own changes: an acknowledgement that matches one of them acknowledges it, and one
// that matches none is only listed as not part of that comparison.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { consoleLine, diffAsyncApi, diffMarkdown, diffSpecs } from './breaking.mjs';
import { majorChangeset, pendingChangesets } from './changesets.mjs';
import { acknowledgementTemplate, matchAcknowledgements, pendingAcknowledgements } from './corrections.mjs';
import { CHANGESETS, HEAD_BUNDLE, ROOT, baseAsyncApi, headAsyncApi, lastReleaseBundle, readDocument, readJson } from './releases.mjs';

/**
 * @param {{env?: NodeJS.ProcessEnv, log?: (line: string) => void, error?: (line: string) => void,
 *   defaultPair?: {base: string | undefined, head: string}}} [options]  `defaultPair` is what the gate compares
 *   when neither variable is set (tests name a fixture pair the default, to exercise the release-time rules)
 */
export async function checkBreaking({
  env = process.env,
  log = console.log,
  error = console.error,
  defaultPair = { base: lastReleaseBundle(), head: HEAD_BUNDLE },
} = {}) {
  const basePath = env.BASE_SPEC ? resolve(env.BASE_SPEC) : defaultPair.base;
  const headPath = env.HEAD_SPEC ? resolve(env.HEAD_SPEC) : defaultPair.head;
  const explicitPair = basePath !== (defaultPair.base && resolve(defaultPair.base)) || headPath !== resolve(defaultPair.head);
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
  /** @type {import('./corrections.mjs').DocumentChange[]} */
  const changes = [
    ...http.changes.map((c) => ({ ...c, document: /** @type {const} */ ('openapi') })),
    ...(streams?.diff.changes ?? []).map((c) => ({ ...c, document: /** @type {const} */ ('asyncapi') })),
  ];
  const breaking = changes.filter((c) => c.breaking);
  const additive = changes.length - breaking.length;
  const changesets = await pendingChangesets(env.CHANGESET_DIR ?? CHANGESETS);
  const pending = pendingAcknowledgements(changesets, ROOT);
  const matched = matchAcknowledgements(breaking, pending.acknowledgements, { staleIsError: !explicitPair });
  const allowedBy = matched.unacknowledged.length ? majorChangeset(changesets) : undefined;
  /** @param {import('./diff/change-graph.mjs').Change} c every change here is one of `changes`, with its document */
  const correction = (c) => matched.acknowledged.get(/** @type {import('./corrections.mjs').DocumentChange} */ (c));
  const inDocument = (/** @type {'openapi' | 'asyncapi'} */ d) => ({ changes: changes.filter((c) => c.document === d) });
  let markdown = diffMarkdown(inDocument('openapi'), {
    baseVersion: base.info?.version ?? basePath,
    headVersion: head.info?.version ?? headPath,
    allowedBy,
    correction,
  });
  if (streams)
    markdown +=
      '\n' +
      diffMarkdown(inDocument('asyncapi'), { title: 'Streams (AsyncAPI) diff', baseVersion: streams.base, headVersion: streams.head, allowedBy, correction });
  else if (asyncHead) markdown += `\n# Streams (AsyncAPI)\n\nNo released AsyncAPI document to compare with: every channel of ${asyncHead} is new.\n`;
  const out = resolve(env.API_DIFF_OUT ?? join(ROOT, 'reports/api-diff.md'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, markdown + '\n');
  const corrected = matched.acknowledged.size;
  log(
    `check:breaking: ${basePath} → ${headPath}: ${breaking.length} breaking${corrected ? ` (${corrected} acknowledged as corrections)` : ''}, ${additive} additive (diff: ${out})`,
  );
  for (const c of breaking) {
    const a = correction(c);
    if (a) log(`  correction [${c.rule}] ${c.where} — since ${a.since}, source ${a.source} (${a.changeset})`);
    else (allowedBy ? log : error)(`  ${allowedBy ? 'allowed' : 'BREAKING'} ${consoleLine(c)}`);
  }
  for (const a of matched.unmatched)
    log(`  pending acknowledgement ${a.rule} at ${JSON.stringify(a.where)} (${a.changeset}): not a change of this pair, ignored here`);
  const errors = [...pending.errors, ...matched.errors];
  for (const e of errors) error(`check:breaking: ${e}`);
  if (matched.unacknowledged.length && !allowedBy) {
    error(
      'check:breaking: breaking changes need a major changeset (`pnpm changeset`, choose major), a fix, or, when the contract was wrong and the service already behaved this way, ' +
        'an acknowledgement each in the changeset (see .changeset/README.md):\n' +
        acknowledgementTemplate(matched.unacknowledged).replace(/^/gm, '  '),
    );
    return 1;
  }
  if (errors.length) return 1;
  if (allowedBy) log(`check:breaking: allowed, ${allowedBy} releases a major`);
  else if (corrected) log(`check:breaking: passed, every breaking change is an acknowledged correction`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await checkBreaking();
