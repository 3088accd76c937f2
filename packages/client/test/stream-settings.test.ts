// Stream settings the README states and stream.test.ts does not reach: the service URL by default, the stream
// without a REST client, the credit token of a WebSocket pass, the key in the query, and `heartbeat: false`.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createClient } from '../src/index.js';
import { createStream, type LaevitasStream } from '../src/stream-entry.js';
import { startGateway, type Gateway } from './gateway-server.js';

let gateway: Gateway;
const streams: LaevitasStream[] = [];
beforeEach(async () => {
  gateway = await startGateway(); // accepts 'test-key' only
});
afterEach(async () => {
  vi.useRealTimers();
  for (const s of streams.splice(0)) s.close();
  await gateway.stop();
});
const track = (stream: LaevitasStream) => (streams.push(stream), stream);
const until = async (predicate: () => boolean) => {
  for (let i = 0; i < 2000 && !predicate(); i++) await new Promise((r) => setImmediate(r));
  expect(predicate()).toBe(true);
};
const subscribed = (pattern: string) => () => gateway.connections.some((c) => c.patterns.has(pattern));

it('without v2BaseUrl the stream connects to wss://apiv2.laevitas.ch/ws, from the client or from createStream alone', () => {
  expect(track(createClient({ apiKey: 'k' }).stream()).url).toBe('wss://apiv2.laevitas.ch/ws');
  expect(track(createStream({ apiKey: 'k' })).url).toBe('wss://apiv2.laevitas.ch/ws');
});

it('createStream({ apiKey }) on Node puts nothing secret in the URL: the key goes in the apikey header', async () => {
  const stream = track(createStream({ url: gateway.url, apiKey: 'test-key', heartbeat: false }));
  stream.subscribe('trades.futures.binance.*');
  await gateway.waitFor(subscribed('trades.futures.binance.*'));
  expect(gateway.connections[0]!.headers.apikey).toBe('test-key');
  expect(gateway.connections[0]!.url.search).toBe('');
  expect(stream.url).not.toContain('test-key');
});

it('creditToken is sent as X-Credit-Token (a WebSocket pass)', async () => {
  const stream = track(createStream({ url: gateway.url, apiKey: undefined, creditToken: 'pass-1', heartbeat: false, reconnect: false }));
  stream.subscribe('trades.futures.binance.*');
  // This gateway knows no passes (it refuses the connection with 4001); the handshake it saw is what counts here.
  await gateway.waitFor(() => gateway.connections.length > 0);
  expect(gateway.connections[0]!.headers['x-credit-token']).toBe('pass-1');
  expect(gateway.connections[0]!.url.searchParams.has('apiKey')).toBe(false);
});

it('heartbeat: false sends no ping, and a silent connection is kept (fake clock, two minutes)', async () => {
  gateway.answerPings = false;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const stream = track(createStream({ url: gateway.url, apiKey: 'test-key', heartbeat: false }));
  let dropped = false;
  stream.on('disconnected', () => (dropped = true));
  stream.subscribe('trades.futures.binance.*');
  await until(subscribed('trades.futures.binance.*'));
  await vi.advanceTimersByTimeAsync(120_000);
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  expect(gateway.received.filter((r) => r.message.method === 'ping')).toEqual([]);
  expect(dropped).toBe(false);
  expect(gateway.connections).toHaveLength(1);
});
