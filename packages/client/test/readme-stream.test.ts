// The README's stream example, run as written (only the base URL pointed at a stream mock on a free port), from a
// file inside this package so its `@laevitas-api/client` imports resolve to the built package.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error plain ESM module of the contract tools
import { attachStreamMock } from '../../../tools/contract/src/stream/mock.mjs';

let server: Server;
let gateway: { close: () => Promise<void> };
let base: string;
beforeAll(async () => {
  server = createServer((_, res) => res.writeHead(404).end());
  gateway = attachStreamMock(server, { eventsPerSecond: 50 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await gateway.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('the README stream example runs against the stream mock and prints typed trade and book fields', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /<!-- stream-example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block, 'README stream example').toBeTruthy();
  expect(block).toContain("v2BaseUrl: 'http://localhost:4010'");
  const dir = mkdtempSync(join(new URL('..', import.meta.url).pathname, '.readme-'));
  try {
    const file = join(dir, 'example.mjs');
    writeFileSync(file, block!.replace('http://localhost:4010', base));
    const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 20_000 });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toMatch(/^(trades\.futures\.binance\.\S+ trade at \d|book\.spot\.\S+ microprice \d)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
