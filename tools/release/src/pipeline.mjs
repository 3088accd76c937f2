// The release pipeline, step by step: what .github/workflows/release.yml runs on the CI host and what
// `pnpm release:dry` runs locally for each step. tools/release/test/workflow.test.ts checks the workflow file's
// steps against this list, so the two cannot drift apart.
//
// Job `test` (every push to main): the whole `pnpm test` on Node 20, the oldest supported runtime.
// Job `release` (after `test`): Node 24 with npm >= 11.5.1 (trusted publishing), the release gate, the build (the
// same Nx build target `pnpm test` runs: a job starts from a fresh checkout, and the packages ship their dist/), then
// changesets/action: while changesets are pending it runs the version step and opens (or updates) the "Version
// packages" pull request; once that is merged it runs the publish step.

export const VERSIONS = { nodeTest: '20.20.2', nodeRelease: '24.21.0', pnpm: '12.21.0', npm: '11.19.1' };

/**
 * @typedef {{job: 'test' | 'release', name: string, run: string, via?: 'changesets-version' | 'changesets-publish',
 *   local: 'tools' | 'lockfile' | 'skip' | 'root' | 'copy', why: string}} Step
 * `via`: the step is an input of changesets/action (`version:` or `publish:`) rather than a `run:` step.
 * `local`, what `pnpm release:dry` does with it: `tools` compares the installed tool versions, `lockfile` checks
 * that the lockfile is in sync without installing, `root` runs the command in the working tree (read-only
 * commands), `copy` runs it in the temporary copy (publish with `--dry-run`), `skip` says why it is not run.
 */

/** @type {Step[]} */
export const STEPS = [
  { job: 'test', name: 'Install pnpm', run: `npm install --global pnpm@${VERSIONS.pnpm}`, local: 'tools', why: 'the pinned pnpm' },
  { job: 'test', name: 'Install', run: 'pnpm install --frozen-lockfile', local: 'lockfile', why: 'the lockfile matches every package.json' },
  { job: 'test', name: 'Test', run: 'pnpm test', local: 'skip', why: '`pnpm test` is the run that calls `pnpm release:dry`' },
  {
    job: 'release',
    name: 'Install npm and pnpm',
    run: `npm install --global npm@${VERSIONS.npm} pnpm@${VERSIONS.pnpm}`,
    local: 'tools',
    why: 'npm >= 11.5.1 publishes with OIDC trusted publishing',
  },
  { job: 'release', name: 'Install', run: 'pnpm install --frozen-lockfile', local: 'lockfile', why: 'the lockfile matches every package.json' },
  { job: 'release', name: 'Release gate', run: 'pnpm release:check', local: 'root', why: 'changeset, breaking changes, package metadata' },
  {
    job: 'release',
    name: 'Audit policy',
    run: 'pnpm release:audit',
    local: 'skip',
    why: "the registry's audit endpoint answers on the CI host; the policy itself is tested on recorded reports (audit-policy.test.ts)",
  },
  {
    job: 'release',
    name: 'Build',
    run: 'pnpm build',
    local: 'skip',
    why: 'release:dry builds the publishable packages with the same Nx build target before it copies the workspace',
  },
  {
    job: 'release',
    name: 'Version',
    run: 'pnpm release:version',
    via: 'changesets-version',
    local: 'copy',
    why: 'changeset version, then the release baseline',
  },
  {
    job: 'release',
    name: 'Publish',
    run: 'pnpm release:publish',
    via: 'changesets-publish',
    local: 'copy',
    why: 'pack, npm publish --provenance (dry run here), tags',
  },
];
