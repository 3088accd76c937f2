// The stream handlers answer as the stream mock does, in-process: these run the real stream client of this repository
// (and, where the frames themselves are the point, a bare TestWebSocket) against `setupServer(gateway.handler)`. The
// clean-project test (test/consumer.test.ts) repeats the essentials from the packed tarballs, on Node and in Chromium.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import {
  createStream,
  StreamAuthError,
  StreamClosedError,
  StreamRateLimitError,
  StreamRequestError,
  type LaevitasStream,
  type StreamOptions,
} from '@laevitas-api/client/stream';
import { validateStreamEvent, validateStreamMessage } from '@laevitas-api/validators/stream';
import { STREAM_CLOSE_CODES } from '@laevitas-api/types/stream';
import { createStreamGateway, DEFAULT_STREAM_URL, TestWebSocket, type StreamGateway } from '../src/index.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const streams: LaevitasStream[] = [];
const sockets: { close(): void }[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  for (const socket of sockets.splice(0)) socket.close();
  server.resetHandlers();
});

function gateway(options: Parameters<typeof createStreamGateway>[0] = {}): StreamGateway {
  const g = createStreamGateway(options);
  server.use(g.handler);
  return g;
}
function stream(options: StreamOptions = {}): LaevitasStream {
  const s = createStream({ apiKey: 'test-key', WebSocket: TestWebSocket, ...options });
  streams.push(s);
  return s;
}
/** A bare socket through the handlers, with the frames it received. */
function probe(headers: Record<string, string> = { apikey: 'test-key' }, url = DEFAULT_STREAM_URL) {
  const socket = new TestWebSocket(url, { headers });
  sockets.push(socket);
  const frames: any[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })),
  );
  socket.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))));
  const opened = new Promise((resolve) => socket.addEventListener('open', resolve));
  const send = async (frame: unknown) => (await opened, socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)));
  const waitFor = async (test: (frame: any) => boolean, ms = 2000) => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 5))) {
      const found = frames.find(test);
      if (found) return found;
    }
    throw new Error(`no such frame within ${ms} ms; got ${JSON.stringify(frames)}`);
  };
  return { socket, frames, closed, send, waitFor };
}
const replyTo = (id: number) => (f: any) => f.id === id;
const CHANNEL = 'trades.futures.binance.BTCUSDT';

describe('stream handlers: login', () => {
  it('log in with the apikey header: subscribe is answered with subscription ids, and pushed events arrive typed and valid', async () => {
    const g = gateway();
    const s = stream();
    const trades = s.subscribe(CHANNEL);
    const info = await g.subscribed(CHANNEL);
    expect(info).toEqual({ subscriptionId: 'sub-1-1', pattern: CHANNEL, connection: 1 });
    expect(g.push(CHANNEL, { price: 93_000, amount: 0.5 })).toBe(1);
    const { value } = await trades.next();
    expect(value!.channel).toBe(CHANNEL);
    expect(value!.data).toMatchObject({ price: 93_000, amount: 0.5, instrument_name: 'BTCUSDT', exchange: 'binance' });
    expect(validateStreamEvent(value).issues).toEqual([]);
  });

  it('refuse a connection without a key the way the gateway does: it opens, and every subscribe and unsubscribe gets {code: 401}', async () => {
    gateway();
    const p = probe({});
    await p.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
    await p.send({ id: 2, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } });
    await p.send({ id: 3, method: 'ping' });
    expect((await p.waitFor(replyTo(1))).error).toEqual({ code: 401, message: 'Authentication required' });
    expect((await p.waitFor(replyTo(2))).error.code).toBe(401);
    expect(await p.waitFor(replyTo(3))).toEqual({ id: 3, result: {} });
    const withQuery = probe({}, `${DEFAULT_STREAM_URL}?apiKey=test-key`);
    await withQuery.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
    expect((await withQuery.waitFor(replyTo(1))).error.message).toMatch(/apiKey query parameter was removed in API v1\.18\.0.*apikey header/);
    // The stream client without a key: its loop ends with StreamAuthError.
    const s = stream({ apiKey: undefined });
    await expect(s.subscribe(CHANNEL).next()).rejects.toMatchObject({ name: 'StreamAuthError', code: 401 });
  });

  it('refuse a key outside `apiKeys` with close code 4001, which the client never retries', async () => {
    gateway({ apiKeys: ['good-key'] });
    expect((await probe({ apikey: 'bad-key' }).closed).code).toBe(4001);
    const error = await stream({ apiKey: 'bad-key' })
      .subscribe(CHANNEL)
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamAuthError);
    expect(error).toMatchObject({ code: 4001, willReconnect: false });
  });
});

describe('stream handlers: requests', () => {
  it('unsubscribe by subscription id: the id is gone from the gateway, a second unsubscribe of it is a 400 naming it', async () => {
    const g = gateway();
    const p = probe();
    await p.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*', 'book.*'] } });
    const { result } = await p.waitFor(replyTo(1));
    expect(result).toEqual({ channels: ['trades.*', 'book.*'], subscriptionIds: ['sub-1-1', 'sub-1-2'] });
    await p.send({ id: 2, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } });
    expect(await p.waitFor(replyTo(2))).toEqual({ id: 2, result: {} });
    expect(g.subscriptions.map((s) => s.pattern)).toEqual(['book.*']);
    expect(g.push(CHANNEL)).toBe(0);
    await p.send({ id: 3, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } });
    expect((await p.waitFor(replyTo(3))).error).toEqual({ code: 400, message: 'no subscription "sub-1-1" on this connection' });
    for (const frame of p.frames)
      expect(validateStreamMessage('error' in frame ? 'ErrorReply' : frame.result.subscriptionIds ? 'SubscribeReply' : 'ResultReply', frame).ok).toBe(true);
  });

  it("the stream client's unsubscribe reaches the gateway by id; the other subscription keeps its events", async () => {
    const g = gateway();
    const s = stream();
    const trades = s.subscribe(CHANNEL);
    const book = s.subscribe('book.spot.binance.BTCUSDT');
    await g.subscribed(CHANNEL);
    await g.subscribed('book.spot.binance.BTCUSDT');
    trades.unsubscribe();
    for (let i = 0; i < 100 && g.subscriptions.length > 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect(g.subscriptions.map((x) => x.pattern)).toEqual(['book.spot.binance.BTCUSDT']);
    expect(g.push('book.spot.binance.BTCUSDT', { depth: 1, asks: [[1, 2]], bids: [[0.5, 3]] })).toBe(1);
    expect((await book.next()).value).toMatchObject({ channel: 'book.spot.binance.BTCUSDT', data: { asks: [[1, 2]] } });
  });

  it('a forced error reply reaches the caller with its code (StreamRequestError); a bad request gets a 400 naming the problem', async () => {
    const g = gateway();
    g.refuseNext({ code: 429, message: 'too many subscriptions for this plan' });
    const error = await stream()
      .subscribe(CHANNEL)
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamRequestError);
    expect(error).toMatchObject({ code: 429, message: expect.stringMatching(/too many subscriptions for this plan/) });
    const p = probe();
    await p.send({ id: 1, method: 'subscribe', params: { channels: ['ohlc.vt.futures.okx.BTC-USD.*'] } });
    await p.send({ id: 2, method: 'stream' });
    await p.send('not json');
    expect((await p.waitFor(replyTo(1))).error).toEqual({ code: 400, message: expect.stringMatching(/tf does not allow '\*'/) });
    expect((await p.waitFor(replyTo(2))).error.message).toMatch(/method must be one of subscribe, unsubscribe, ping/);
    expect((await p.waitFor((f) => f.id === null)).error.message).toMatch(/JSON/);
  });

  it('answer the heartbeat: the client pings and stays connected', async () => {
    const g = gateway();
    const s = stream({ heartbeat: { intervalMs: 20, timeoutMs: 100 } });
    const dropped: unknown[] = [];
    s.on('disconnected', (e) => dropped.push(e));
    s.subscribe(CHANNEL);
    await g.subscribed(CHANNEL);
    await new Promise((r) => setTimeout(r, 300));
    expect(dropped).toEqual([]);
    expect(g.connections).toBe(1);
  });
});

describe('stream handlers: close codes and drops', () => {
  it('close every connection with a documented code; the client maps it (4008: StreamRateLimitError)', async () => {
    const g = gateway();
    const s = stream({ reconnect: false });
    const trades = s.subscribe(CHANNEL);
    await g.subscribed(CHANNEL);
    expect(g.close(4008)).toBe(1);
    const error = await trades.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamRateLimitError);
    expect(error).toMatchObject({ code: 4008 });
    expect(g.connections).toBe(0);
    expect(() => g.close(1006 as never)).toThrow(/drop\(\) for 1006/);
    expect(() => g.close(4007 as never)).toThrow(/documented close code/);
  });

  it('close with every documented code on demand (mock.close), as the stream mock does', async () => {
    gateway();
    for (const { code } of STREAM_CLOSE_CODES) {
      const p = probe();
      await p.send({ id: 1, method: 'mock.close', params: { code } });
      expect((await p.closed).code).toBe(code);
    }
  });

  it('drop the connection: the client sees 1006, reconnects and resubscribes on a new connection', async () => {
    const g = gateway();
    const s = stream({ reconnect: { initialDelayMs: 10, jitter: 0 } });
    const seen: { code: number }[] = [];
    s.on('disconnected', ({ error }) => seen.push({ code: error.code }));
    const trades = s.subscribe(CHANNEL);
    await g.subscribed(CHANNEL);
    expect(g.drop()).toBe(1);
    for (let i = 0; i < 200 && !g.subscriptions.some((x) => x.connection === 2); i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([{ code: 1006 }]);
    expect(g.subscriptions).toEqual([{ subscriptionId: 'sub-2-1', pattern: CHANNEL, connection: 2 }]);
    g.push(CHANNEL, { price: 1 });
    expect((await trades.next()).value).toMatchObject({ data: { price: 1 } });
    // Without reconnecting, the loop ends with the drop.
    const once = stream({ reconnect: false });
    const ended = once.subscribe('book.*');
    await g.subscribed('book.*');
    g.drop();
    const closed = await ended.next().catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(StreamClosedError);
    expect(closed).toMatchObject({ code: 1006 });
  });
});

describe('stream handlers: events', () => {
  it("make events from the contract's examples, moving and valid, with a push's fields over them", () => {
    const g = createStreamGateway({ seed: 7 });
    const channels = [
      'trades.options.deribit.BTC-27MAR26-100000-C',
      'ohlc.vt.spot.coinbase.BTC-USD.1h',
      'book.perpetuals.okx.BTC-USDT-SWAP',
      'funding-rate.perpetuals.bybit.BTCUSDT',
    ] as const;
    for (const channel of channels) {
      const event = g.event(channel);
      expect(validateStreamEvent(event).issues, channel).toEqual([]);
      expect(event.channel).toBe(channel);
    }
    const bars = Array.from({ length: 5 }, () => g.event('ohlc.vt.spot.coinbase.BTC-USD.1h').data.close);
    expect(new Set(bars).size).toBeGreaterThan(1);
    expect(g.event('ohlc.vt.spot.coinbase.BTC-USD.1h', { close: 42 }).data.close).toBe(42);
  });

  it('refuse a push on a pattern or an unknown family, or an event that breaks the contract, naming the field', () => {
    const g = createStreamGateway();
    expect(() => g.push('trades.*' as never)).toThrow(/stream event: .*\*/);
    expect(() => g.push('nope.a.b.c' as never)).toThrow(/stream event/);
    expect(() => g.push(CHANNEL, { price: 'high' as never })).toThrow(/breaks the contract: .*price/);
  });

  it('send events on their own when asked (eventsPerSecond), as the stream mock does', async () => {
    const g = gateway({ eventsPerSecond: 50 });
    const s = stream();
    const trades = s.subscribe('trades.*');
    const events = [];
    for await (const event of trades) {
      events.push(event);
      if (events.length === 3) break;
    }
    for (const e of events) expect(validateStreamEvent(e).issues).toEqual([]);
    expect(g.subscriptions.length).toBeLessThanOrEqual(1);
  });
});

describe('stream handlers: bad arguments', () => {
  it('are refused by name: eventsPerSecond, refuseNext, TestWebSocket without new; subscribed() times out naming what is active', async () => {
    expect(() => createStreamGateway({ eventsPerSecond: -1 })).toThrow(/eventsPerSecond must be a number of at least 0 \(got -1\)/);
    expect(() => createStreamGateway().refuseNext({ code: '429' } as never)).toThrow(/refuseNext takes \{ code: an integer, message: a string \}/);
    expect(() => (TestWebSocket as unknown as (url: string) => unknown)(DEFAULT_STREAM_URL)).toThrow(/TestWebSocket is a constructor/);
    const g = gateway();
    stream().subscribe(CHANNEL);
    await g.subscribed(CHANNEL);
    await expect(g.subscribed('book.*', { timeoutMs: 50 })).rejects.toThrow(`no subscription on book.* within 50 ms (active: ${CHANNEL})`);
  });
});
