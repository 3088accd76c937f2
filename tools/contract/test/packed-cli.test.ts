// The published CLI, proved from outside the workspace: the package is packed (`pnpm pack`, with the validators and
// types it depends on at the same version), installed into an empty temporary project that has no access to the
// workspace (only the tarballs and the registry's packages, taken from the local pnpm store when it has them), and
// run there by its bin: --help, --version, `run` against its own mock, against a pass-through of that mock, against
// the mock with one injected drift (exit 1, naming the operation) and against a closed port (exit 2). Dredd is not
// installed with it; `run --dredd` installs it, with the overrides, into a cache folder (here one inside the project).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forward, reply } from '../src/forward.mjs';
import { startDriftServer } from './drift-server.mjs';
import { operationsOf } from '../src/spec-model.mjs';
import { findDredd } from '../src/dredd-install.mjs';

const PACKAGE = resolve(import.meta.dirname, '..');
const ROOT = resolve(PACKAGE, '../..');
const own = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version as string;
const spec = JSON.parse(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));
const specVersion = spec.info.version as string;
// Counted from the spec rather than written down, so adding operations does not break this test.
const operations = operationsOf(spec) as { family: string }[];
const v1Count = operations.filter((op) => op.family === 'v1').length;
// A child pnpm must not inherit the workspace's pnpm/npm settings from the pnpm that runs this test, nor its NODE_PATH
// (pnpm points it into the workspace, where Node would find the workspace's Dredd for the installed CLI).
const cleanEnv: Record<string, string | undefined> = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(npm_|pnpm_|PNPM_|VITEST|NODE_OPTIONS$|NODE_PATH$)/.test(k)),
);

let project: string;
let bin: string;
let mock: ChildProcess | undefined;
let mockUrl: string;
const servers: Server[] = [];
const stops: (() => Promise<void>)[] = [];
const timings: Record<string, number> = {};

/** Runs the installed bin; resolves with its exit code and output (never rejects on a non-zero exit). */
function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string; err: string }>((done) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: project, env: { ...cleanEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => done({ code, out, err }));
  });
}

beforeAll(async () => {
  const started = Date.now();
  project = mkdtempSync(join(tmpdir(), 'laevitas-contract-consumer-'));
  // Not the machine's cache folder, where the workspace's own `--dredd` runs have installed Dredd already.
  cleanEnv.LAEVITAS_DREDD_HOME = join(project, 'dredd-cache');
  for (const dir of ['tools/contract', 'spec', 'packages/client', 'packages/validators', 'packages/types']) {
    execFileSync('pnpm', ['pack', '--pack-destination', project], { cwd: join(ROOT, dir), env: cleanEnv, stdio: 'ignore' });
  }
  timings.packMs = Date.now() - started;
  const tarball = (name: string) => `file:./laevitas-api-${name}-${own}.tgz`;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, dependencies: { '@laevitas-api/contract': tarball('contract') } }),
  );
  // The unpublished dependencies come from their tarballs; everything else from the registry (the store first).
  writeFileSync(
    join(project, 'pnpm-workspace.yaml'),
    `overrides:\n  '@laevitas-api/spec': ${tarball('spec')}\n  '@laevitas-api/client': ${tarball('client')}\n  '@laevitas-api/validators': ${tarball('validators')}\n  '@laevitas-api/types': ${tarball('types')}\nallowBuilds:\n  '@scarf/scarf': false\n`,
  );
  const installStarted = Date.now();
  execFileSync('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile', '--reporter=silent'], { cwd: project, env: cleanEnv, stdio: 'ignore' });
  timings.installMs = Date.now() - installStarted;
  bin = join(project, 'node_modules/@laevitas-api/contract/dist/cli.mjs');
  expect(existsSync(join(project, 'node_modules/.bin/laevitas-contract'))).toBe(true);

  mock = spawn(process.execPath, [bin, 'mock', '--port', '0'], { cwd: project, env: cleanEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  mockUrl = await new Promise<string>((found, fail) => {
    let out = '';
    mock!.stdout!.on('data', (c) => {
      out += c;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) found(m[1]);
    });
    mock!.on('exit', (code) => fail(new Error(`the installed mock exited (${code}) before listening: ${out}`)));
  });
}, 600_000);

afterAll(async () => {
  if (mock && mock.exitCode === null) {
    const exited = new Promise((r) => mock!.once('exit', r));
    mock.kill('SIGTERM');
    await exited;
  }
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  for (const stop of stops) await stop();
  console.log(`packed CLI: pack ${timings.packMs} ms, install ${timings.installMs} ms`);
  if (project) rmSync(project, { recursive: true, force: true });
}, 60_000);

describe('the packed CLI installed outside the workspace', () => {
  it('is installed from the tarball, reads the spec of its own version from @laevitas-api/spec, and ships no source copy', () => {
    const installed = join(project, 'node_modules/@laevitas-api/contract');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@laevitas-api/validators']).toBe(own);
    expect(manifest.dependencies['@laevitas-api/spec']).toBe(own);
    // Resolved as the CLI resolves it: from its own folder (pnpm does not hoist it to the consumer's node_modules).
    const spec = createRequire(join(installed, 'package.json')).resolve('@laevitas-api/spec/openapi.json');
    expect(readFileSync(spec, 'utf8')).toBe(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));
    expect(existsSync(join(installed, 'vendor'))).toBe(false);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    // Dredd is installed only when asked for: the CLI declares no dependency on it, and the install brought none.
    for (const kind of ['dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta'])
      expect(manifest[kind]?.dredd, kind).toBeUndefined();
    expect(readdirSync(join(project, 'node_modules/.pnpm')).filter((dir) => dir.startsWith('dredd'))).toEqual([]);
  });

  it('--help and --version work', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/laevitas-contract run/);
    expect(help.out).toMatch(/--family legacy\|v1/);
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.out.trim()).toBe(`@laevitas-api/contract ${own} (spec ${specVersion})`);
  });

  it('run against its own embedded mock passes every operation, and says Dredd was skipped and why', async () => {
    const reports = join(project, 'reports-mock');
    const run = await cli(['run', '--reports', reports]);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain(`selected ${operations.length} of ${operations.length} operations (all)`);
    expect(run.out).toContain(`conformance: ${operations.length} passed, 0 failed, 0 skipped`);
    expect(
      run.out,
      run.out
        .split('\n')
        .filter((l) => /^(dredd|conformance|stream):/.test(l))
        .join('\n'),
    ).toMatch(/dredd: not installed \(optional: `laevitas-contract run --dredd` installs dredd@14\.1\.0 .*npm i -D dredd@14\.1\.0\)/);
    const summary = JSON.parse(readFileSync(join(reports, 'contract-summary.json'), 'utf8'));
    expect(summary.version).toBe(own);
    expect(summary.conformance.failed).toBe(0);
    expect(summary.operations.length).toBe(summary.conformance.passed + summary.conformance.skipped);
    expect(existsSync(join(reports, 'conformance.junit.xml'))).toBe(true);
  }, 180_000);

  it('--family v1 runs the versioned operations (114 in 1.33.0) and no legacy one', async () => {
    const reports = join(project, 'reports-v1');
    const run = await cli(['run', '--family', 'v1', '--reports', reports]);
    expect(run.code, run.out + run.err).toBe(0);
    expect(v1Count).toBeGreaterThanOrEqual(114);
    expect(run.out).toContain(`selected ${v1Count} of ${operations.length} operations (--family v1)`);
    const ops = JSON.parse(readFileSync(join(reports, 'contract-summary.json'), 'utf8')).operations as { path: string }[];
    expect(ops.length).toBe(v1Count);
    expect(ops.filter((o) => o.path.startsWith('/analytics/') || o.path.startsWith('/historical/'))).toEqual([]);
  }, 180_000);

  it('run against a forwarding pass-through of the installed mock (a live target) passes', async () => {
    const passThrough = createServer(async (req, res) => reply(res, await forward(req, new URL(req.url!, mockUrl))));
    servers.push(passThrough);
    await new Promise<void>((r) => passThrough.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(passThrough.address() as { port: number }).port}`;
    // Market-data tags of both families: the payment operations need a live run's money-moving handling (issue 9).
    const run = await cli(
      ['run', '--base-url', target, '--v2-base-url', target, '--tag', 'Options,Legacy futures', '--reports', join(project, 'reports-live')],
      { LAEVITAS_API_KEY: 'consumer-secret-key' },
    );
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toMatch(/selected \d+ of \d+ operations \(--tag "Options","Legacy futures"\)/);
    expect(run.out + run.err).not.toContain('consumer-secret-key');
  }, 180_000);

  it('with one injected drift exits 1 naming the drifted operation', async () => {
    const drift = await startDriftServer({ upstream: mockUrl, fault: 'wrong-type' });
    stops.push(drift.stop);
    const run = await cli(
      ['run', '--base-url', drift.url, '--v2-base-url', drift.url, '--family', 'v1', '--tag', 'Options', '--reports', join(project, 'reports-drift')],
      { GITHUB_ACTIONS: 'true' },
    );
    expect(run.code, run.out + run.err).toBe(1);
    // On GitHub Actions the failure is also an annotation on the pull request.
    expect(run.out).toMatch(/^::error title=Contract%3A getOptionsOhlcvt::GET \/api\/v1\/options\/ohlcvt \[schema\]/m);
    expect(drift.altered()).toEqual(['getOptionsOhlcvt']);
    expect(run.out).toMatch(/FAIL getOptionsOhlcvt\s+GET \/api\/v1\/options\/ohlcvt\s+\[schema\]/);
    const failed = JSON.parse(readFileSync(join(project, 'reports-drift/contract-summary.json'), 'utf8')).operations.filter(
      (o: { status: string }) => o.status === 'failed',
    );
    expect(failed.map((o: { operationId: string }) => o.operationId)).toEqual(['getOptionsOhlcvt']);
  }, 180_000);

  it('against a closed port exits 2 with the host, the port and the error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r)); // a port that was just free and is now closed
    const run = await cli(['run', '--base-url', `http://127.0.0.1:${port}`, '--v2-base-url', `http://127.0.0.1:${port}`]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`host 127.0.0.1, port ${port}`);
    expect(run.err).toMatch(/ECONNREFUSED/);
  });

  it('an unknown operation exits 2 with the closest names; --only runs exactly that operation', async () => {
    const unknown = await cli(['run', '--only', 'getOptionsOhlcv']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--only: no operation "getOptionsOhlcv" in the spec; closest: getOptionsOhlcvt/);
    const one = await cli(['run', '--base-url', mockUrl, '--v2-base-url', mockUrl, '--only', 'getOptionsOhlcvt', '--reports', join(project, 'reports-one')]);
    expect(one.code, one.out + one.err).toBe(0);
    const ops = JSON.parse(readFileSync(join(project, 'reports-one/contract-summary.json'), 'utf8')).operations;
    expect(ops.map((o: { operationId: string }) => o.operationId)).toEqual(['getOptionsOhlcvt']);
  }, 120_000);

  it('run --dredd installs Dredd from the registry into its cache folder, with the patched dependencies, and runs it', async () => {
    const home = join(project, 'dredd-asked');
    const reports = join(project, 'reports-dredd');
    const run = await cli(['run', '--dredd', '--only', 'getHealth', '--no-stream', '--reports', reports], { LAEVITAS_DREDD_HOME: home });
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain(`dredd: installing dredd@14.1.0 from the npm registry into ${home}`);
    expect(run.out).toMatch(/^dredd: [1-9]\d* passed, 0 failed, /m);
    const version = (name: string) => JSON.parse(readFileSync(join(home, 'node_modules', name, 'package.json'), 'utf8')).version as string;
    expect(version('dredd')).toBe('14.1.0');
    // The advisories the overrides fix (dredd-install.mjs): request's form-data, optimist's minimist, the parsers' js-yaml.
    expect({ formData: version('form-data'), jsonpathPlus: version('jsonpath-plus'), minimist: version('minimist'), jsYaml: version('js-yaml') }).toEqual({
      formData: '2.5.5',
      jsonpathPlus: '10.4.0',
      minimist: '0.2.4',
      jsYaml: '3.14.2',
    });
    // Later runs reuse it: the CLI's lookup finds the installed folder (a second run would cost Dredd's minutes again).
    expect(findDredd({ home, cwd: project })).toBe(join(home, 'node_modules/dredd'));
  }, 900_000);
});
