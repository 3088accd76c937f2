// The options of createStreamGateway, each with a test that fails without its code: `url` is where the handler
// intercepts (a client pointed there is served, one gateway per URL), `seed` makes the frames the handler sends
// reproducible (another seed, other frames), `limits` are enforced with the contract's documented close code or error
// reply, and a limit the handler cannot enforce, a misspelt one or a bad value is refused by name.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createStream, StreamRateLimitError, type LaevitasStream } from '@laevitas-api/client/stream';
import { validateStreamMessage } from '@laevitas-api/validators/stream';
import { createStreamGateway, DEFAULT_STREAM_URL, TestWebSocket, type StreamGateway } from '../src/index.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const closers: { close(): void }[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c.close();
  server.resetHandlers();
});

function gateway(options: Parameters<typeof createStreamGateway>[0] = {}): StreamGateway {
  const g = createStreamGateway(options);
  server.use(g.handler);
  return g;
}
/** A bare socket through the handlers: the frames it received, and how it closed. */
function probe(apikey = 'test-key', url = DEFAULT_STREAM_URL) {
  const socket = new TestWebSocket(url, { headers: { apikey } });
  closers.push(socket);
  const frames: any[] = [];
  socket.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data))));
  const closing = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  /** The close code, or a failure naming the frames when the socket is still open after 3 s. */
  const closed = () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not closed within 3 s; got ${JSON.stringify(frames)}`)), 3000);
      void closing.then((code) => (clearTimeout(timer), resolve(code)));
    });
  const opened = new Promise((resolve) => socket.addEventListener('open', resolve));
  const send = async (frame: unknown) => (await opened, socket.send(JSON.stringify(frame)));
  const waitFor = async (test: (frame: any) => boolean, count = 1) => {
    for (const end = Date.now() + 3000; Date.now() < end; await new Promise((r) => setTimeout(r, 5))) {
      const found = frames.filter(test);
      if (found.length >= count) return found.slice(0, count);
    }
    throw new Error(`fewer than ${count} such frames within 3 s; got ${JSON.stringify(frames)}`);
  };
  return { closed, send, waitFor };
}
const CHANNEL = 'trades.futures.binance.BTCUSDT';
/** A frame without its clock readings (`timestamp`), the one part of an event a seed does not decide. */
const withoutClock = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutClock)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'timestamp' ? [] : [[k, withoutClock(v)]])))
      : value;

describe('createStreamGateway({ url })', () => {
  it('url is what clients connect to: a client pointed there is served by that gateway, not by the default one', async () => {
    // A local address: were the option ignored, nothing would intercept it and nothing outside this machine is reached.
    const url = 'ws://127.0.0.1:9/staging-gateway';
    const usual = gateway();
    const staging = gateway({ url });
    expect(staging.url).toBe(url);
    const stream: LaevitasStream = createStream({ apiKey: 'test-key', url, WebSocket: TestWebSocket });
    closers.push(stream);
    const trades = stream.subscribe(CHANNEL);
    expect(await staging.subscribed(CHANNEL)).toMatchObject({ pattern: CHANNEL, connection: 1 });
    expect(staging.push(CHANNEL, { price: 1 })).toBe(1);
    expect((await trades.next()).value).toMatchObject({ channel: CHANNEL, data: { price: 1 } });
    expect([usual.connections, usual.subscriptions.length]).toEqual([0, 0]);
  });
});

describe('createStreamGateway({ seed })', () => {
  /** The first event frames a subscriber of `trades.*` gets from a gateway of `seed` sending on its own. */
  async function framesOf(seed: number) {
    server.resetHandlers();
    gateway({ seed, eventsPerSecond: 200 });
    const p = probe();
    await p.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
    const frames = await p.waitFor((f) => 'channel' in f, 6);
    return frames.map(withoutClock);
  }

  it('a seed gives the same frames every time, and another seed other frames', async () => {
    const first = await framesOf(7);
    expect(await framesOf(7)).toEqual(first);
    expect(await framesOf(8)).not.toEqual(first);
    // The pushed events too: the seed decides the values a push does not set.
    const [a, b, c] = [7, 7, 8].map((seed) => withoutClock(createStreamGateway({ seed }).event(CHANNEL)));
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });
});

describe('createStreamGateway({ limits })', () => {
  it('subscriptions per connection: a subscribe over the limit gets the error reply naming it, with the default it is served', async () => {
    gateway({ limits: { subscriptionsPerConnection: 2 } });
    const p = probe();
    await p.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*', 'book.*', 'funding-rate.*'] } });
    const [reply] = await p.waitFor((f) => f.id === 1);
    expect(reply.error).toEqual({ code: 400, message: 'at most 2 subscriptions per connection (0 active, 3 new)' });
    expect(validateStreamMessage('ErrorReply', reply).ok).toBe(true);
    server.resetHandlers();
    gateway();
    const usual = probe();
    await usual.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*', 'book.*', 'funding-rate.*'] } });
    expect((await usual.waitFor((f) => f.id === 1))[0].result.subscriptionIds).toHaveLength(3);
  });

  it('inbound messages per second: one more closes with 4008, which the client maps to StreamRateLimitError', async () => {
    gateway({ limits: { inboundMessagesPerSecond: 2 } });
    const p = probe();
    for (let id = 1; id <= 2; id++) await p.send({ id, method: 'ping' });
    expect(await p.waitFor((f) => f.id > 0, 2)).toEqual([
      { id: 1, result: {} },
      { id: 2, result: {} },
    ]);
    await p.send({ id: 3, method: 'ping' });
    expect(await p.closed()).toBe(4008);
    server.resetHandlers();
    gateway({ limits: { inboundMessagesPerSecond: 0 } }); // the client's first request is one too many
    const stream = createStream({ apiKey: 'test-key', WebSocket: TestWebSocket, reconnect: false });
    closers.push(stream);
    const error = await stream
      .subscribe(CHANNEL)
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamRateLimitError);
  });

  it('connections per key and per IP: the one over the limit is closed with 4005', async () => {
    gateway({ limits: { concurrentConnectionsPerApiKey: 1 } });
    const first = probe('key-a');
    await first.send({ id: 1, method: 'ping' });
    expect(await probe('key-a').closed()).toBe(4005);
    await probe('key-b').send({ id: 1, method: 'ping' }); // another key is not counted against key-a
    server.resetHandlers();
    gateway({ limits: { concurrentConnectionsPerIp: 1 } });
    await probe('key-c').send({ id: 1, method: 'ping' });
    expect(await probe('key-d').closed()).toBe(4005);
  });

  it('lifetime: a connection is closed with 4004 once maxLifetimeSeconds have passed, and not before', async () => {
    gateway({ limits: { maxLifetimeSeconds: 0.3 } });
    const opened = Date.now();
    const p = probe();
    await p.send({ id: 1, method: 'ping' });
    expect(await p.closed()).toBe(4004);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(290);
  });

  it('refuses by name a limit it cannot enforce, a misspelt one and a value that is no count', () => {
    expect(() => createStreamGateway({ limits: { slowConsumerBytes: 1 } as never })).toThrow(
      /limits\.slowConsumerBytes is not simulated: .*gateway\.close\(4003\)/,
    );
    expect(() => createStreamGateway({ limits: { subscriptionPerConnection: 1 } as never })).toThrow(
      /limits\.subscriptionPerConnection is not a limit of the gateway \(one of subscriptionsPerConnection, /,
    );
    expect(() => createStreamGateway({ limits: { subscriptionsPerConnection: -1 } })).toThrow(
      /limits\.subscriptionsPerConnection must be a whole number >= 0 \(got -1\)/,
    );
    expect(() => createStreamGateway({ limits: { inboundMessagesPerSecond: 1.5 } })).toThrow(
      /inboundMessagesPerSecond must be a whole number >= 0 \(got 1\.5\)/,
    );
    expect(() => createStreamGateway({ limits: { maxLifetimeSeconds: 0 } })).toThrow(
      /maxLifetimeSeconds must be a number of seconds > 0, at most the contract's 86400 \(got 0\)/,
    );
  });
});
