// The mock's port and interface, as the README's table states them, from the CLI as a process: MOCK_PORT sets the
// port, `--port N` wins over it, `0` takes a free port, and HOST is the interface it listens on.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const cli = join(import.meta.dirname, '../src/cli.mjs');
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
});

/** A port that was free a moment ago (the mock is started on it right after). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts `laevitas-contract mock` and resolves with the URL it prints once it listens. */
function startMock(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [cli, 'mock', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((found, fail) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk;
      const m = /Mock API \(both families\): (http:\/\/[^\s]+)/.exec(out);
      if (m) found(m[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) => fail(new Error(`the mock exited (${code}) before listening: ${out}`)));
  });
}

it('MOCK_PORT sets the port; --port N wins over it, and --port 0 takes a free one; HOST is the interface', async () => {
  const port = await freePort();
  // 127.0.0.2 is loopback too, and not the default interface: the URL proves HOST was used.
  const fromEnv = await startMock([], { MOCK_PORT: String(port), HOST: '127.0.0.2' });
  expect(fromEnv).toBe(`http://127.0.0.2:${port}`);
  expect((await fetch(`${fromEnv}/api/v1/health`)).status).toBe(200);
  const fromFlag = await startMock(['--port', '0'], { MOCK_PORT: String(port), HOST: '127.0.0.1' });
  expect(fromFlag).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(fromFlag).not.toBe(fromEnv);
  expect((await fetch(`${fromFlag}/api/v1/health`)).status).toBe(200);
}, 120_000);
