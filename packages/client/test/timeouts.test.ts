// Timeouts with and without a caller's signal. Without one the client passes no AbortSignal to fetch (it costs a
// tenth of a loopback request); the timeout races the exchange and a late response is let go, its body cancelled
// so the connection is freed. With one, the request is aborted, by the timeout or by the caller.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, createClient } from '../src/index.js';

const servers: { close(): void; closeAllConnections(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** Answers every request after `delayMs` with a body streamed slowly; reports how each response ended. */
async function lateServer(delayMs: number) {
  const ended: Promise<'finished' | 'cut'>[] = [];
  const server = createServer((req, res: ServerResponse) => {
    ended.push(new Promise((resolve) => res.on('close', () => resolve(res.writableFinished ? 'finished' : 'cut'))));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      // The rest would take seconds: a connection kept for it is a connection not released.
      const timer = setInterval(() => res.write('{"x":1},'), 50);
      res.on('close', () => clearInterval(timer));
      setTimeout(() => res.end('{}],"meta":{"next_cursor":null}}'), 5_000);
    }, delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ended };
}

const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' as const };

describe('timeouts', () => {
  it('without a signal: a typed timeout at once, and the late response is cut when it arrives', async () => {
    // The server answers after a second: far enough from the 50 ms timeout that a loaded machine cannot blur the two.
    const server = await lateServer(1_000);
    const client = createClient({ v2BaseUrl: server.origin, timeout: 50, retry: false, rateLimit: false });
    const started = Date.now();
    const error = await client.v1.options.ohlcvt({ query }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(900);
    // On a loaded machine the request may reach the server only after the client gave up on it.
    await vi.waitFor(() => expect(server.ended.length).toBe(1), { timeout: 5_000 });
    expect(await server.ended[0]).toBe('cut');
  });

  it('with a signal: the timeout aborts the request (no unhandled rejection), and so does the caller', async () => {
    const server = await lateServer(1_000);
    const client = createClient({ v2BaseUrl: server.origin, timeout: 50, retry: false, rateLimit: false });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const timedOut = await client.v1.options.ohlcvt({ query }, { signal: new AbortController().signal }).catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(APIConnectionTimeoutError);
      const controller = new AbortController();
      const aborted = client.v1.options.ohlcvt({ query }, { signal: controller.signal, timeout: 10_000 }).catch((e: unknown) => e);
      setTimeout(() => controller.abort(), 20);
      expect(await aborted).toBeInstanceOf(APIUserAbortError);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
