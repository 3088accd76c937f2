// The main job (`pnpm start`, tools/scripts/start.mjs) runs each server in a supervised process of its own. Killed
// outright (SIGKILL: no clean-up, as an out-of-memory kill or a crash would leave it), one server's death leaves the
// other answering, and the supervisor starts the dead one again on the same port.
// On a fresh clone the job builds before it loads anything that imports built files: the supervisor and the server
// entry import only Node built-ins and each other statically, and load the mock and the docs server dynamically.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const scripts = join(import.meta.dirname, '../../scripts');

it('the main job imports statically only what exists before the build: Node built-ins and its own scripts', () => {
  for (const file of ['start.mjs', 'main-job/supervise.mjs', 'main-job/servers.mjs']) {
    const source = readFileSync(join(scripts, file), 'utf8');
    const statics = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
    expect(
      statics.filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('./')),
      file,
    ).toEqual([]);
  }
  const servers = readFileSync(join(scripts, 'main-job/servers.mjs'), 'utf8');
  expect(servers).toContain("await import('../../contract/src/mock.mjs')");
  expect(servers).toContain("await import('../../../packages/docs/scripts/serve.mjs')");
});

let job: ChildProcess;
let output = '';
const banner = () => ({
  mock: output.match(/Mock API \(both families, Prism\): (\S+)/)?.[1],
  docs: output.match(/API reference \(Redoc\):\s+(\S+)/)?.[1],
  pids: output
    .match(/mock server pid (\d+), docs server pid (\d+)/)
    ?.slice(1)
    .map(Number),
});
async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what} not within ${ms} ms; output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const status = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    () => 0,
  );

beforeAll(async () => {
  job = spawn(process.execPath, [join(scripts, 'start.mjs'), '--no-build'], {
    env: { ...process.env, MOCK_PORT: '0', DOCS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  job.stdout!.on('data', (chunk) => (output += chunk));
  job.stderr!.on('data', (chunk) => (output += chunk));
  await until('the banner', () => banner().pids);
}, 90_000);
afterAll(async () => {
  job?.kill('SIGTERM');
  await new Promise((resolve) => (job.exitCode === null ? job.once('exit', resolve) : resolve(null)));
});

it('killing the mock leaves the docs answering, and the mock comes back on its port', async () => {
  const { mock, docs, pids } = banner();
  expect(await status(`${mock}/api/v1/health`)).toBe(200);
  process.kill(pids![0]!, 'SIGKILL');
  await until('the mock down', async () => (await status(`${mock}/api/v1/health`)) !== 200, 10_000);
  expect(await status(`${docs}/`)).toBeGreaterThan(0); // 200 once the docs are built, 404 before: it answers
  await until('the mock back', async () => (await status(`${mock}/api/v1/health`)) === 200);
  expect(output).toContain('the mock server exited (SIGKILL); starting it again');
}, 90_000);

it('killing the docs server leaves the mock answering, and the docs come back on their port', async () => {
  const { mock, docs, pids } = banner();
  const before = await status(`${docs}/`);
  process.kill(pids![1]!, 'SIGKILL');
  expect(await status(`${mock}/api/v1/health`)).toBe(200);
  await until('the docs back', async () => (await status(`${docs}/`)) === before);
  expect(output).toContain('the docs server exited (SIGKILL); starting it again');
}, 90_000);
