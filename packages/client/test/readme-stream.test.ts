// The stream example of the client's streaming guide (packages/docs/guides/client-streaming.md, linked from the
// README), run as written (only the base URL pointed at a stream mock on a free port), from a file inside this
// package so its `@laevitas-api/client` imports resolve to the built package.
import { expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useStreamMock } from './stream-mock-server.js';

const mock = useStreamMock({ eventsPerSecond: 50 });

it('the README stream example runs against the stream mock and prints typed trade and book fields', async () => {
  const guide = readFileSync(new URL('../../docs/guides/client-streaming.md', import.meta.url), 'utf8');
  const block = /<!-- stream-example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(guide)?.[1];
  expect(block, 'the streaming guide’s stream example').toBeTruthy();
  expect(block).toContain("v2BaseUrl: 'http://localhost:4010'");
  const dir = mkdtempSync(join(new URL('..', import.meta.url).pathname, '.readme-'));
  try {
    const file = join(dir, 'example.mjs');
    writeFileSync(file, block!.replace('http://localhost:4010', mock.url()));
    // console.log colours numbers when FORCE_COLOR is set (Nx sets it for tasks run from a terminal); a user reading
    // a log file sees plain text, and so does this test.
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 20_000, env });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toMatch(/^(trades\.futures\.binance\.\S+ trade at \d|book\.spot\.\S+ microprice \d)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
