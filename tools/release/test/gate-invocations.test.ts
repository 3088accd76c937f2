// Every invocation of the gate that tools/release/README.md documents, run as a user runs it (the CLI, with the
// variables set) while a correction changeset is pending. The acknowledgements describe the next release: in the
// default comparison (last release → current bundle) one that matches nothing is stale and fails the release; an
// explicit pair (two releases, a release and a candidate, even two identical files) is judged on its own changes,
// its acknowledged changes pass, and a pending acknowledgement of none of them is listed, not an error.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const RELEASE = 'spec/releases/1.33.0/openapi.json';
const dir = mkdtempSync(join(tmpdir(), 'gate-invocations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The release with `exchange` required on the options routes and dropped from instrument records: two breaking changes.
const candidate = JSON.parse(readFileSync(join(ROOT, RELEASE), 'utf8'));
candidate.components.parameters.OptionsExchangeQuery.required = true;
delete candidate.components.schemas.InstrumentRecord.properties.exchange;
writeFileSync(join(dir, 'candidate.json'), JSON.stringify(candidate));
writeFileSync(join(dir, 'copy.json'), readFileSync(join(ROOT, RELEASE)));

const ack = (rule: string, where: string) =>
  `  - rule: ${rule}\n    where: ${JSON.stringify(where)}\n    source: spec/paths/v1/options_reference-price.yaml#/get\n`;
const REQUIRED = ack('parameter-required', 'OptionsExchangeQuery (query parameter `exchange`)');
const REMOVED = ack('response-field-removed', 'InstrumentRecord.exchange');
/** A changeset directory with one pending minor correction acknowledging `acks`. */
function pending(name: string, acks: string) {
  const changesets = join(dir, name, '.changeset'); // @changesets/read looks for the directory by that name
  mkdirSync(changesets, { recursive: true });
  writeFileSync(join(changesets, 'config.json'), '{}');
  writeFileSync(
    join(changesets, 'contract-was-wrong.md'),
    `---\n'@laevitas-api/types': minor\n---\n\nThe options routes need \`exchange\`.\n\n\`\`\`yaml corrections\nsince: API v1.18.0\nacknowledges:\n${acks}\`\`\`\n`,
  );
  return changesets;
}
const both = pending('both', REQUIRED + REMOVED);
const one = pending('one', REQUIRED);

/** `[BASE_SPEC=…] [HEAD_SPEC=…] pnpm check:breaking`, run through the script the package.json runs. */
function checkBreaking(vars: Record<string, string>, changesets: string) {
  const run = spawnSync(process.execPath, ['tools/release/src/check-breaking.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...vars, CHANGESET_DIR: changesets, API_DIFF_OUT: join(dir, `diff-${Math.random()}.md`) },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

it('`pnpm check:breaking` (last release → bundle): a pending acknowledgement of no change of the bundle is stale and fails', () => {
  const { status, out } = checkBreaking({}, both);
  expect(status, out).toBe(1);
  expect(out).toMatch(/matches no breaking change \(stale/);
}, 60_000);

it('`BASE_SPEC=<last release> pnpm check:breaking` names the default pair: the same release-time rule', () => {
  const { status, out } = checkBreaking({ BASE_SPEC: RELEASE }, both);
  expect(status, out).toBe(1);
  expect(out).toMatch(/stale/);
}, 60_000);

it('`HEAD_SPEC=<candidate> pnpm check:breaking`: the candidate is judged on its own changes, both acknowledged', () => {
  const { status, out } = checkBreaking({ HEAD_SPEC: join(dir, 'candidate.json') }, both);
  expect(status, out).toBe(0);
  expect(out).toMatch(/2 breaking \(2 acknowledged as corrections\)/);
}, 60_000);

it('`BASE_SPEC=A HEAD_SPEC=B pnpm check:breaking` on two identical files passes; the pending acknowledgements are listed', () => {
  for (const head of [RELEASE, join(dir, 'copy.json')]) {
    const { status, out } = checkBreaking({ BASE_SPEC: RELEASE, HEAD_SPEC: head }, both);
    expect(status, out).toBe(0);
    expect(out).toMatch(/0 breaking/);
    expect(out).toMatch(/pending acknowledgement parameter-required .* not a change of this pair, ignored here/);
    expect(out).not.toMatch(/stale/);
  }
}, 60_000);

it('`BASE_SPEC=A HEAD_SPEC=B pnpm check:breaking`: acknowledged changes of the pair pass, an unacknowledged one fails', () => {
  expect(checkBreaking({ BASE_SPEC: RELEASE, HEAD_SPEC: join(dir, 'candidate.json') }, both).status).toBe(0);
  const partial = checkBreaking({ BASE_SPEC: RELEASE, HEAD_SPEC: join(dir, 'candidate.json') }, one);
  expect(partial.status, partial.out).toBe(1);
  expect(partial.out).toMatch(/BREAKING \[response-field-removed\]/);
  // Reversed, the pair's changes are additions: nothing to acknowledge, nothing stale.
  const reversed = checkBreaking({ BASE_SPEC: join(dir, 'candidate.json'), HEAD_SPEC: RELEASE }, both);
  expect(reversed.status, reversed.out).toBe(0);
}, 60_000);
