// The docs server's handling of clients that go away (scripts/serve.mjs): a connection reset mid-request is dropped
// without a write, and the server goes on serving. The hostile-input fuzz of this server is in
// tools/contract/test/docs-fuzz.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onClientError, serveDocs } from '../scripts/serve.mjs';

let site: string;
let server: Awaited<ReturnType<typeof serveDocs>>;
let port: number;
beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'docs-serve-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>docs</title>');
  server = await serveDocs(0, '127.0.0.1', { root: site });
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(site, { recursive: true, force: true });
});

/** A socket stand-in that records what the handler does to it. */
function recordingSocket(writable: boolean) {
  const calls: string[] = [];
  const socket = { writable, destroy: () => calls.push('destroy'), end: (data: string) => calls.push(`end ${data.split('\r\n')[0]}`) };
  return { socket: socket as never, calls };
}

it('destroys a reset connection without writing to it, even while its socket still reads as writable', () => {
  const reset = recordingSocket(true);
  onClientError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), reset.socket);
  expect(reset.calls).toEqual(['destroy']);
  // A parse error on a live socket is still answered: the check above is about resets, not every error.
  const malformed = recordingSocket(true);
  onClientError(Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), malformed.socket);
  expect(malformed.calls).toEqual(['end HTTP/1.1 400 Bad Request']);
});

it('a client that resets mid-request (headers, a request line, a body cut short) leaves the server serving', async () => {
  const codes: string[] = [];
  const record = (error: NodeJS.ErrnoException) => codes.push(String(error.code));
  server.prependListener('clientError', record);
  try {
    for (const partial of ['GET / HTTP/1.1\r\nHost: docs\r\n', 'GET /ind', 'POST / HTTP/1.1\r\nHost: docs\r\nContent-Length: 100\r\n\r\nabc']) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(partial);
          setTimeout(() => socket.resetAndDestroy(), 50);
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
    }
    await expect.poll(() => codes.filter((code) => code === 'ECONNRESET').length, { timeout: 5_000 }).toBeGreaterThan(0);
  } finally {
    server.removeListener('clientError', record);
  }
  const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<title>docs</title>');
});
