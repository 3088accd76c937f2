// The CI workflow (.github/workflows/release.yml) runs exactly the steps of src/pipeline.mjs, which
// `pnpm release:dry` runs locally; it publishes with npm trusted publishing (OIDC, provenance, no stored token);
// the packages' links come from the root package.json (one place).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { metadataFor, packageFiles, syncMetadata } from '../src/package-metadata.mjs';
import { STEPS, VERSIONS } from '../src/pipeline.mjs';
import { atLeast, MIN_NPM, NPM_PUBLISH_ARGS } from '../src/release-publish.mjs';
import { ROOT } from '../src/releases.mjs';
import { publishable, readJson } from '../src/workspace.mjs';

type Step = { name?: string; run?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, string> };
type Job = { needs?: string; permissions?: Record<string, string>; steps: Step[] };
const text = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
const workflow = parseYaml(text) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<'test' | 'release', Job> & Record<string, Job | undefined>;
};
const rootPkg = readJson(join(ROOT, 'package.json'));

/** A job's commands in order: each `run:`, and changesets/action's `version:` and `publish:` inputs. */
const commandsOf = (job: Job) =>
  job.steps.flatMap((s) => (s.run ? [s.run] : s.uses?.startsWith('changesets/action@') ? [String(s.with?.version), String(s.with?.publish)] : []));

describe('.github/workflows/release.yml', () => {
  it('runs the steps of src/pipeline.mjs, job by job, in order (the steps `pnpm release:dry` runs)', () => {
    for (const job of ['test', 'release'] as const) expect(commandsOf(workflow.jobs[job]), job).toEqual(STEPS.filter((s) => s.job === job).map((s) => s.run));
    const action = workflow.jobs.release.steps.find((s) => s.uses?.startsWith('changesets/action@'))!;
    expect(action.with).toMatchObject({
      version: STEPS.find((s) => s.via === 'changesets-version')!.run,
      publish: STEPS.find((s) => s.via === 'changesets-publish')!.run,
    });
  });
  it('every step command is a script of the root package.json (or an install)', () => {
    for (const { run } of STEPS) {
      const script = /^pnpm (?!install)(\S+)/.exec(run)?.[1];
      if (script) expect(rootPkg.scripts, run).toHaveProperty(script);
    }
    expect(rootPkg.scripts['release:version']).toBe('changeset version && node tools/release/src/baseline.mjs'); // the baseline is recorded with the version
  });
  it('builds every package with the Nx build `pnpm test` runs before changesets/action packs and publishes them', () => {
    const steps = workflow.jobs.release.steps;
    const build = steps.findIndex((s) => s.run === 'pnpm build');
    const publish = steps.findIndex((s) => s.uses?.startsWith('changesets/action@'));
    expect(build, 'a `pnpm build` step in the release job').toBeGreaterThan(-1);
    expect(build, 'the build comes before changesets/action').toBeLessThan(publish);
    expect(rootPkg.scripts.build).toBe('nx run-many -t build --outputStyle=static');
    // The CI's build target: test-all runs `nx run-many -t … build …` over every project, as `pnpm build` does.
    const testAll = readFileSync(join(ROOT, 'tools/scripts/test-all.mjs'), 'utf8');
    expect(testAll).toMatch(/'nx', 'run-many', '-t', [^\]]*'build'/);
  });
  it('tests on push to main before releasing, on the pinned Node, pnpm and npm', () => {
    expect(workflow.on).toHaveProperty('push');
    expect((workflow.on.push as { branches: string[] }).branches).toEqual([readJson(join(ROOT, '.changeset/config.json')).baseBranch]);
    expect(workflow.jobs.release.needs).toBe('test');
    const nodeOf = (job: Job) => String(job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['node-version']);
    expect(nodeOf(workflow.jobs.test)).toBe(VERSIONS.nodeTest);
    expect(nodeOf(workflow.jobs.release)).toBe(VERSIONS.nodeRelease);
    expect(atLeast(VERSIONS.nodeRelease, '22.14.0')).toBe(true); // npm >= 11.5.1 needs Node >= 22.14
    expect(atLeast(VERSIONS.npm, MIN_NPM)).toBe(true);
  });
  it('publishes with trusted publishing: id-token write, provenance, no npm token anywhere', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.release.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', 'id-token': 'write' });
    expect(text).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN|secrets\.(?!GITHUB_TOKEN)/);
    expect(NPM_PUBLISH_ARGS).toEqual(['publish', '--provenance', '--access', 'public']);
    const setup = workflow.jobs.release.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))!;
    expect(setup.with?.['registry-url']).toBe('https://registry.npmjs.org');
  });
});

describe('package metadata in one place', () => {
  it('every publishable package.json carries the root repository, homepage and bugs (pnpm release:metadata --check)', () => {
    expect(syncMetadata({ check: true })).toEqual([]);
    expect(publishable(ROOT).sort()).toEqual([
      'packages/client',
      'packages/docs',
      'packages/testing',
      'packages/types',
      'packages/validators',
      'spec',
      'tools/contract',
    ]);
  });
  it('is derived from the root: repository with the directory, homepage at the README, bugs, public provenance', () => {
    const meta = metadataFor(rootPkg, 'tools/contract', 'main');
    expect(meta).toEqual({
      license: rootPkg.license,
      repository: { type: 'git', url: rootPkg.repository.url, directory: 'tools/contract' },
      homepage: `${rootPkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/tree/main/tools/contract#readme`,
      bugs: { url: rootPkg.bugs.url },
      publishConfig: { access: 'public', provenance: true },
    });
    // A changed root URL would be written into every package.json.
    const moved = { ...rootPkg, repository: { type: 'git', url: 'git+https://github.com/other/repo.git' } };
    expect(metadataFor(moved, 'packages/types', 'main').homepage).toBe('https://github.com/other/repo/tree/main/packages/types#readme');
    expect(packageFiles(ROOT).every((f) => f.content.includes(rootPkg.repository.url))).toBe(true);
  });
  /** A one-package workspace in a temporary folder with the root's links, `packages/a/package.json` as given. */
  function withWorkspace(packageJson: object, check: (root: string) => void) {
    const root = mkdtempSync(join(tmpdir(), 'metadata-'));
    try {
      mkdirSync(join(root, 'packages/a'), { recursive: true });
      mkdirSync(join(root, '.changeset'));
      writeFileSync(join(root, '.changeset/config.json'), JSON.stringify({ baseBranch: 'main' }));
      writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
      writeFileSync(join(root, 'package.json'), JSON.stringify({ private: true, license: 'MIT', repository: rootPkg.repository, bugs: rootPkg.bugs }));
      writeFileSync(join(root, 'packages/a/package.json'), JSON.stringify(packageJson));
      check(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  it('--check fails on a package whose links differ from the root, and writing fixes it', () => {
    withWorkspace({ name: '@x/a', version: '1.0.0', repository: 'github:someone/guessed' }, (root) => {
      expect(syncMetadata({ root, check: true })).toEqual(['packages/a/package.json (differs)']);
      expect(syncMetadata({ root })).toEqual([]);
      expect(syncMetadata({ root, check: true })).toEqual([]);
      expect(readJson(join(root, 'packages/a/package.json')).repository).toEqual({ type: 'git', url: rootPkg.repository.url, directory: 'packages/a' });
    });
  });
  it("keeps a package's own publishConfig fields (the contract's tarball exports) beside the shared ones", () => {
    const exports = { './*': './*' };
    withWorkspace({ name: '@x/a', version: '1.0.0', publishConfig: { access: 'restricted', exports } }, (root) => {
      expect(syncMetadata({ root })).toEqual([]);
      expect(readJson(join(root, 'packages/a/package.json')).publishConfig).toEqual({ access: 'public', provenance: true, exports });
    });
    expect(readJson(join(ROOT, 'tools/contract/package.json')).publishConfig.exports).toEqual(exports);
  });
});
