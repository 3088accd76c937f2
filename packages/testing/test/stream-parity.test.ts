// The stream handlers and the contract tool's stream mock run one protocol (@laevitas-api/stream-mock-core): the same
// requests, sent to the mock over a real socket and to the handlers through MSW, get the same replies, frame for
// frame, logged in and not, and the same close code on demand.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { attachStreamMock } from '../../../tools/contract/src/stream/mock.mjs';
import { openGateway } from '../../../tools/contract/src/stream/connect.mjs';
import { createStreamGateway, DEFAULT_STREAM_URL, TestWebSocket } from '../src/index.js';

const SCRIPT: unknown[] = [
  { id: 1, method: 'ping' },
  { id: 2, method: 'subscribe', params: { channels: ['trades.*', 'book.spot.*', 'trades.*'] } },
  { id: 3, method: 'subscribe', params: { channels: ['ohlc.ticker.*'] } },
  { id: 4, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } },
  { id: 5, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } },
  'not json',
  { id: 6, method: 'stream' },
  { id: 7, method: 'unsubscribe', params: { channels: ['book.spot.*'] } },
  { id: 8, method: 'mock.close', params: { code: 4007 } },
  { id: 9, method: 'subscribe', params: { channels: ['trades.options.coinbase.X'] } },
  { id: 10, method: 'ping' },
];
const LAST = 10;

type Socket = { send(text: string): void; frames: any[]; closed: Promise<number>; opened: Promise<unknown> };

/** Sends the script, then collects the replies up to the last one's. */
async function replies(socket: Socket, script = SCRIPT): Promise<any[]> {
  await socket.opened;
  for (const frame of script) socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  for (let i = 0; i < 400 && !socket.frames.some((f) => f.id === LAST); i++) await new Promise((r) => setTimeout(r, 5));
  return socket.frames.filter((f) => !('channel' in f));
}

let mockServer: Server | undefined;
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A socket to the contract tool's stream mock (a fresh one per call: its subscription ids start at sub-1-1). */
async function toMock(headers: Record<string, string>): Promise<Socket> {
  mockServer = createServer();
  const gateway = attachStreamMock(mockServer, { eventsPerSecond: 0.001 });
  await new Promise<void>((done) => mockServer!.listen(0, '127.0.0.1', done));
  const server = mockServer;
  closers.push(
    () => gateway.close(),
    () => new Promise((done) => server.close(done)),
  );
  const { ws } = openGateway(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`, headers.apikey);
  const frames: any[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  return {
    send: (text) => ws.send(text),
    frames,
    opened: new Promise((resolve) => ws.once('open', resolve)),
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
  };
}

/** A socket through the MSW handlers of a fresh gateway. */
function toHandlers(headers: Record<string, string>): Socket {
  const gateway = createStreamGateway();
  const msw = setupServer(gateway.handler);
  msw.listen({ onUnhandledFrame: 'error' });
  closers.push(() => msw.close());
  const socket = new TestWebSocket(DEFAULT_STREAM_URL, { headers });
  const frames: any[] = [];
  socket.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))));
  closers.push(() => socket.close());
  return {
    send: (text) => socket.send(text),
    frames,
    opened: new Promise((resolve) => socket.addEventListener('open', resolve)),
    closed: new Promise((resolve) => socket.addEventListener('close', (e) => resolve(e.code))),
  };
}

describe('the stream handlers and the stream mock', () => {
  it('answer the same requests with the same replies, frame for frame, with a key and without', async () => {
    for (const headers of [{ apikey: 'test-key' }, {}]) {
      const fromMock = await replies(await toMock(headers));
      // The handlers are checked after the mock: MSW, once listening, would intercept the mock's own socket too.
      const fromHandlers = await replies(toHandlers(headers));
      expect(fromMock.length).toBe(SCRIPT.length);
      expect(fromHandlers).toEqual(fromMock);
      for (const close of closers.splice(0)) await close();
    }
  });

  it('close with the same code on demand', async () => {
    const mock = await toMock({ apikey: 'k' });
    await mock.opened;
    mock.send(JSON.stringify({ id: 1, method: 'mock.close', params: { code: 4003 } }));
    const handlers = toHandlers({ apikey: 'k' });
    await handlers.opened;
    handlers.send(JSON.stringify({ id: 1, method: 'mock.close', params: { code: 4003 } }));
    expect(await handlers.closed).toBe(await mock.closed);
    expect(await handlers.closed).toBe(4003);
  });
});
