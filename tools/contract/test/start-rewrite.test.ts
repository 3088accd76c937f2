// The main job's warm start serves the last build while Nx checks it in the background, and a cache hit of that check
// restores its outputs in place: deleted, then copied back. Servers that read the build meanwhile answered 500s (the
// mock's lazily loaded validators: "Cannot find module"), 404s (the docs) and lost Prism (it boots from and watches
// the spec bundle). This runs the real start sequence (tools/scripts/start.mjs) in a copy of the workspace, with a
// `pnpm` on PATH whose "Nx check" deletes every output and holds it missing (./nx-restore-imitation.mjs) while the
// test sends requests no earlier one has warmed, in a CI-style environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
// What the main job runs on: the manifests, the spec, the packages and the two tools it starts. The workspace's
// package links are relative, so they resolve inside the copy; the installed packages are the workspace's own.
const COPIED = [
  'package.json',
  'pnpm-workspace.yaml',
  'nx.json',
  'tsconfig.base.json',
  'tsconfig.tools.json',
  'spec',
  'packages',
  'tools/contract',
  'tools/scripts',
];
const SKIPPED = /(?:^|\/)(?:\.vitest|coverage|reports|\.tmp)(?:\/|$)|^packages\/docs\/dist(?:\/|$)/;

let work: string;
let job: ChildProcess;
let output = '';

async function until<T>(what: string, probe: () => T | undefined | false, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} not within ${ms} ms; output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One GET of every `get` operation, its path parameters filled: requests no earlier request has warmed. */
function probesOf(document: { paths: Record<string, Record<string, unknown>> }) {
  return Object.entries(document.paths)
    .filter(([, item]) => item.get)
    .map(([path]) => path.replace(/\{[^}]+\}/g, 'BTC'));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'main-job-rewrite-'));
  const tree = join(work, 'repo');
  for (const entry of COPIED)
    cpSync(join(root, entry), join(tree, entry), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (from) => !SKIPPED.test(relative(root, from)),
    });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  // A small site stands in for the docs build (the warm start needs its index.html; the real one is 25 MB).
  mkdirSync(join(tree, 'packages/docs/dist'), { recursive: true });
  writeFileSync(join(tree, 'packages/docs/dist/index.html'), '<!doctype html><title>API reference</title>');
  writeFileSync(join(tree, 'packages/docs/dist/stream.html'), '<!doctype html><title>Streaming reference</title>');
  const bin = join(work, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'pnpm'), `#!/bin/sh\nexec "${process.execPath}" "${join(import.meta.dirname, 'nx-restore-imitation.mjs')}"\n`);
  chmodSync(join(bin, 'pnpm'), 0o755);
  mkdirSync(join(work, 'control'));
  job = spawn(process.execPath, [join(tree, 'tools/scripts/start.mjs')], {
    cwd: tree,
    env: {
      ...process.env,
      CI: 'true',
      MOCK_PORT: '0',
      DOCS_PORT: '0',
      PATH: `${bin}:${process.env.PATH}`,
      RESTORE_CONTROL: join(work, 'control'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  job.stdout!.on('data', (chunk) => (output += chunk));
  job.stderr!.on('data', (chunk) => (output += chunk));
}, 120_000);

afterAll(async () => {
  if (job && job.exitCode === null) {
    job.kill('SIGTERM');
    await new Promise((resolve) => job.once('exit', resolve));
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 30_000);

it('while the background check deletes and restores every output, the mock answers no 5xx and the docs stay up', async () => {
  const mock = await until('the banner', () => output.match(/Mock API \(both families, Prism\): (\S+)/)?.[1]);
  const docs = await until('the banner', () => output.match(/API reference \(Redoc\):\s+(\S+)/)?.[1]);
  const document = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
  const probes = probesOf(document);
  expect(probes.length).toBeGreaterThan(100);
  // The outputs go while Prism still boots (it reads its spec then; it is up seconds after the mock port opens), and
  // stay gone until it is up or dead: what only Prism answers waits for it meanwhile.
  expect(output).not.toContain('[mock] Prism is up');
  writeFileSync(join(work, 'control/go'), '');
  await until('the outputs deleted', () => existsSync(join(work, 'control/open')));
  expect(existsSync(join(work, 'repo/packages/validators/generated'))).toBe(false);

  const headers = { 'X-API-Key': 'any', apiKey: 'any' };
  const failures: string[] = [];
  for (const path of probes) {
    const response = await fetch(`${mock}${path}`, { headers, signal: AbortSignal.timeout(20_000) });
    const body = await response.text();
    if (response.status >= 500) failures.push(`GET ${path} ${response.status}: ${body.slice(0, 300)}`);
  }
  await until('Prism up or dead', () => /\[mock\] Prism (is up|exited)/.test(output));
  for (const page of ['/', '/stream.html']) {
    const response = await fetch(`${docs}${page}`, { signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) failures.push(`docs GET ${page} ${response.status}`);
  }
  writeFileSync(join(work, 'control/close'), '');
  expect(failures).toEqual([]);

  await until('the check done', () => /the build is up to date|the build changed/.test(output));
  expect(output).toContain('[main job] the build is up to date');
  expect(output).not.toContain('Prism exited');
  expect(output).not.toMatch(/server exited/);
}, 240_000);
