// The project's stream mock (tools/contract/src/stream/mock.mjs) attached to a plain HTTP server on a free port, no
// Prism, for the tests that run the stream client against the contract's own gateway.
import { afterAll, beforeAll } from 'vitest';
import { createServer, type Server } from 'node:http';
// @ts-expect-error plain ESM module of the contract tools
import { attachStreamMock } from '@laevitas-api/contract/stream-mock';

/** Starts the mock before the file's tests and stops it after; `url()` is its http base URL (`v2BaseUrl`). */
export function useStreamMock(options: { eventsPerSecond: number }): { url: () => string } {
  let server: Server;
  let gateway: { close: () => Promise<void> };
  let base = '';
  beforeAll(async () => {
    server = createServer((_, res) => res.writeHead(404).end());
    gateway = attachStreamMock(server, options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await gateway.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: () => base };
}
