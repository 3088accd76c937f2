// The stream client against a local gateway (test/gateway-server.ts, the `ws` package on port 0): wildcards,
// several patterns on one connection, unsubscribe, heartbeat, reconnect with resubscribe, every documented close
// code, the client-side limits, the slow-consumer policy and validation.
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import fc from 'fast-check';
import { createClient } from '../src/index.js';
import {
  CLOSE_CODES,
  createStream,
  FAMILIES,
  matches,
  parsePattern,
  reconnectDelay,
  RECONNECT_DEFAULTS,
  StreamAuthError,
  StreamCredentialsError,
  StreamClosedError,
  StreamEventValidationError,
  StreamIdleTimeoutError,
  StreamLimitError,
  StreamPatternError,
  StreamRequestError,
  type LaevitasStream,
  type StreamEvents,
  type StreamOptions,
  STREAM_LIMITS,
} from '../src/stream-entry.js';
import { startGateway, type Gateway } from './gateway-server.js';
import { STREAM_CLOSE_CODES, STREAM_HEARTBEAT, STREAM_LIMITS as CONTRACT_LIMITS, STREAM_RECONNECT } from '@laevitas-api/types/stream';
import * as streamValidators from '@laevitas-api/validators/stream';

let gateway: Gateway;
const streams: LaevitasStream[] = [];
beforeEach(async () => {
  gateway = await startGateway();
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  await gateway.stop();
});

const open = (options: StreamOptions = {}) => {
  const stream = createStream({ url: gateway.url, apiKey: 'test-key', reconnect: { initialDelayMs: 20, maxDelayMs: 100 }, ...options });
  streams.push(stream);
  return stream;
};
/** Reads `n` events from an async iterator, failing after `ms`. */
async function take<T>(iterator: AsyncIterator<T>, n: number, ms = 2000): Promise<T[]> {
  const out: T[] = [];
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${out.length} of ${n} events within ${ms} ms`)), ms));
  while (out.length < n) {
    const next = await Promise.race([iterator.next(), deadline]);
    if (next.done) throw new Error(`iterator ended after ${out.length} events`);
    out.push(next.value);
  }
  return out;
}
const subscribed = (pattern: string, connection?: number) => () =>
  gateway.connections.some((c, i) => (connection === undefined || i === connection) && c.patterns.has(pattern));
function nextEvent<K extends keyof StreamEvents>(stream: LaevitasStream, name: K, ms = 3000): Promise<StreamEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within ${ms} ms`)), ms);
    const off = stream.on(name, (event) => {
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

describe('patterns and routing', () => {
  it('a wildcard pattern receives every matching channel and nothing else', async () => {
    const stream = open();
    const sub = stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    expect(gateway.received[0]!.message).toEqual({ id: 1, method: 'subscribe', params: { channels: ['trades.futures.binance.*'] } });
    gateway.connections[0]!.socket.send(JSON.stringify({ channel: 'trades.futures.okx.BTC-USD', data: {} })); // not ours: never delivered
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    gateway.publish('trades.futures.binance.ETHUSDT', { n: 2 });
    const events = await take(sub, 2);
    expect(events.map((e) => [e.channel, e.data])).toEqual([
      ['trades.futures.binance.BTCUSDT', { n: 1 }],
      ['trades.futures.binance.ETHUSDT', { n: 2 }],
    ]);
    expect(stream.stats.received).toBe(3);
  });

  it('the shorthand `family.*` covers every position after it', async () => {
    const sub = open().subscribe('open-interest.*');
    await gateway.waitFor(subscribed('open-interest.*'));
    gateway.publish('open-interest.options.deribit.BTC-26MAR27-100000-C', { n: 1 });
    expect((await take(sub, 1))[0]!.channel).toBe('open-interest.options.deribit.BTC-26MAR27-100000-C');
  });

  it('several patterns share one connection; each event goes once to each subscription whose patterns match', async () => {
    const stream = open();
    const trades = stream.subscribe('trades.futures.binance.*');
    const both = stream.subscribe(['book.spot.*.*', 'trades.*.binance.BTCUSDT']);
    await gateway.waitFor(() => subscribed('trades.*.binance.BTCUSDT')());
    expect(gateway.connections).toHaveLength(1);
    // Both subscribe calls happened before the connection opened: one subscribe message carries all three.
    expect(gateway.received.filter((r) => r.message.method === 'subscribe')).toHaveLength(1);
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 }); // matches both subscriptions (two patterns of `both`)
    gateway.publish('book.spot.okx.BTC-USDT', { n: 2 });
    expect((await take(trades, 1)).map((e) => e.data)).toEqual([{ n: 1 }]);
    expect((await take(both, 2)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(both.buffered).toBe(0);
  });

  it('a subscription added later on an open connection sends its own subscribe', async () => {
    const stream = open();
    stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    const later = stream.subscribe('liquidations.perpetuals.*.*');
    await gateway.waitFor(subscribed('liquidations.perpetuals.*.*'));
    expect(gateway.received.map((r) => r.message.params?.channels)).toEqual([['trades.futures.binance.*'], ['liquidations.perpetuals.*.*']]);
    gateway.publish('liquidations.perpetuals.bybit.BTCUSDT', { n: 3 });
    expect((await take(later, 1))[0]!.data).toEqual({ n: 3 });
  });

  it('an error reply to subscribe ends that subscription with StreamRequestError', async () => {
    gateway.refuse.add('trades.spot.kraken.NOPE');
    const sub = open().subscribe('trades.spot.kraken.NOPE');
    const error = await sub.next().catch((e) => e);
    expect(error).toBeInstanceOf(StreamRequestError);
    expect(error.message).toContain('invalid channel trades.spot.kraken.NOPE');
  });

  it('patterns outside the grammar are refused before anything is sent, naming the position and rule', () => {
    const stream = open();
    const bad: [string, string][] = [
      ['ohlc.ticker.futures.binance.BTCUSDT.*', 'tf'],
      ['ohlc.vt.*', 'pattern'],
      ['liquidations.options.deribit.*', 'market'],
      ['book.options.deribit.*', 'market'],
      ['funding-rate.futures.*', 'market'],
      ['quotes.futures.binance.*', 'family'],
      ['trades.futures.bin*.BTC', 'exchange'],
      ['trades.futures.coinbase.BTC', 'exchange'], // the market/exchange matrix: coinbase has no futures
      ['trades.futures..BTC', 'exchange'],
      ['ohlc.ticker.spot.binance.BTCUSDT.2m', 'tf'],
    ];
    for (const [pattern, position] of bad) {
      const error = (() => {
        try {
          stream.subscribe(pattern as any);
        } catch (e) {
          return e;
        }
      })() as StreamPatternError;
      expect(error, pattern).toBeInstanceOf(StreamPatternError);
      expect(error.position, pattern).toBe(position);
    }
    expect(gateway.connections).toHaveLength(0);
  });

  it('every pattern built from the contract grammar parses and matches exactly its channels (property, all families)', () => {
    const channelOf = fc.constantFrom(...FAMILIES).chain((family) => {
      const [marketPos, exchangePos, , tfPos] = family.positions;
      return fc.constantFrom(...marketPos!.values!).chain((market) =>
        fc.record({
          family: fc.constant(family),
          segments: fc.tuple(
            fc.constant(market),
            fc.constantFrom(...(exchangePos!.byMarket?.[market] ?? exchangePos!.values!)),
            fc.constantFrom('BTCUSDT', 'BTC-PERPETUAL', 'BTC-26MAR27-100000-C', 'ETH-USD', 'will-x-happen'),
            ...(tfPos ? [fc.constantFrom(...tfPos.values!)] : []),
          ),
          wild: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        }),
      );
    });
    fc.assert(
      fc.property(channelOf, ({ family, segments, wild }) => {
        const channel = `${family.family}.${segments.join('.')}`;
        const patternSegments = segments.map((s, i) => (wild[i] && family.positions[i]!.wildcard ? '*' : s));
        const parsed = parsePattern(`${family.family}.${patternSegments.join('.')}`);
        expect(matches(parsed, channel)).toBe(true);
        // Another instrument matches only where the instrument position is a wildcard.
        const other = `${family.family}.${segments.map((s, i) => (i === 2 ? `${s}X` : s)).join('.')}`;
        expect(matches(parsed, other)).toBe(patternSegments[2] === '*');
        expect(matches(parsed, `funding-rate.perpetuals.x.y`)).toBe(family.family === 'funding-rate' && patternSegments.slice(1).every((s) => s === '*'));
      }),
      { seed: 1207, numRuns: 150 },
    );
  }, 30_000);
});

describe('hostile frames', () => {
  it('garbage from the server (fast-check, seeded) is reported as warnings and never stops the stream', async () => {
    const stream = open();
    const warnings: unknown[] = [];
    stream.on('warning', (w) => warnings.push(w.error));
    const sub = stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    const frames = fc.sample(
      fc.oneof(
        fc.string(),
        fc.json(),
        fc.jsonValue().map((v) => JSON.stringify({ channel: 42, data: v })),
        fc.jsonValue().map((v) => JSON.stringify({ id: 'x', result: v })),
      ),
      { seed: 4242, numRuns: 300 },
    );
    for (const frame of frames) gateway.connections[0]!.socket.send(frame);
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(sub, 1))[0]!.data).toEqual({ n: 1 });
    expect(warnings.length).toBeGreaterThan(200);
    expect(gateway.open()).toHaveLength(1);
  });

  it('a WHATWG-only WebSocket (no ws events: the browser and Node 22 path) works the same', async () => {
    const { WebSocket: WS } = await import('ws');
    // The ws socket with its EventEmitter side hidden: only onopen/onmessage/onclose/send/close, string frames.
    class WhatwgOnly {
      constructor(url: string, options?: { headers?: Record<string, string> }) {
        const socket = new WS(url, options);
        return new Proxy(socket, {
          get: (target, key) =>
            key === 'on' || key === 'terminate'
              ? undefined
              : typeof (target as any)[key] === 'function'
                ? (target as any)[key].bind(target)
                : (target as any)[key],
          set: (target, key, value) => (((target as any)[key] = value), true),
        });
      }
    }
    const stream = open({ WebSocket: WhatwgOnly as never, heartbeat: { intervalMs: 30, timeoutMs: 60 } });
    const sub = stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(sub, 1))[0]!.data).toEqual({ n: 1 });
    // Without terminate(), a dead connection is closed and reported by the client itself.
    gateway.answerPings = false;
    const { error } = await nextEvent(stream, 'disconnected');
    expect(error).toBeInstanceOf(StreamIdleTimeoutError);
    gateway.answerPings = true;
    await nextEvent(stream, 'reconnected');
  });
});

describe('typed events', () => {
  it('the pattern literal narrows the event type (checked by tsc over the test folder)', () => {
    const stream = open();
    const book = stream.subscribe('book.spot.binance.*');
    type BookEvent = Awaited<ReturnType<typeof book.next>> extends IteratorResult<infer E> ? E : never;
    expectTypeOf<BookEvent['data']['microprice']>().toEqualTypeOf<number>();
    expectTypeOf<BookEvent['channel']>().toEqualTypeOf<`book.spot.${string}`>();
    const mixed = stream.subscribe(['trades.options.deribit.*', 'liquidations.*.*.*']);
    type Mixed = Awaited<ReturnType<typeof mixed.next>> extends IteratorResult<infer E> ? E : never;
    expectTypeOf<Mixed['channel']>().toEqualTypeOf<`trades.options.${string}` | `liquidations.perpetuals.${string}` | `liquidations.futures.${string}`>();
    // @ts-expect-error a timeframe position cannot be a wildcard
    expect(() => stream.subscribe('ohlc.ticker.futures.binance.BTCUSDT.*')).toThrow(StreamPatternError);
    // @ts-expect-error liquidations exist for perpetuals and futures only
    expect(() => stream.subscribe('liquidations.options.deribit.*')).toThrow(StreamPatternError);
  });
});

describe('unsubscribe', () => {
  it('unsubscribe() ends the loop and tells the gateway; events after it are not delivered', async () => {
    const stream = open();
    const keep = stream.subscribe('trades.futures.binance.*');
    const gone = stream.subscribe('trades.options.deribit.*');
    await gateway.waitFor(subscribed('trades.options.deribit.*'));
    gone.unsubscribe();
    await gateway.waitFor(() => gateway.received.some((r) => r.message.method === 'unsubscribe'));
    // One request per subscription, naming the id the subscribe reply gave it; the gateway's subscription is gone.
    const id = [...gateway.connections[0]!.subscriptions.keys()];
    expect(gateway.received.at(-1)!.message).toEqual({ id: expect.any(Number), method: 'unsubscribe', params: { subscriptionId: expect.any(String) } });
    await gateway.waitFor(() => !gateway.connections[0]!.patterns.has('trades.options.deribit.*'));
    expect([...gateway.connections[0]!.subscriptions.values()]).toEqual(['trades.futures.binance.*']);
    expect(id).toHaveLength(1);
    expect(await gone.next()).toEqual({ value: undefined, done: true });
    gateway.publish('trades.options.deribit.BTC-1', {});
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(keep, 1))[0]!.data).toEqual({ n: 1 });
    expect(stream.activePatterns).toEqual(['trades.futures.binance.*']);
  });

  it('breaking out of `for await` unsubscribes; a pattern still used by another subscription stays', async () => {
    const stream = open();
    const a = stream.subscribe('book.futures.*.*');
    const b = stream.subscribe('book.futures.*.*');
    await gateway.waitFor(subscribed('book.futures.*.*'));
    gateway.publish('book.futures.okx.BTC-USD', { n: 1 });
    for await (const event of a) {
      expect(event.data).toMatchObject({ n: 1 });
      break;
    }
    expect(stream.activePatterns).toEqual(['book.futures.*.*']);
    expect((await take(b, 1))[0]!.data).toEqual({ n: 1 });
    stream.unsubscribe('book.futures.*.*');
    expect(await b.next()).toEqual({ value: undefined, done: true });
    // Nothing left: the connection is closed instead of unsubscribing, so a finished loop lets the process exit.
    await gateway.waitFor(() => gateway.open().length === 0);
    expect(gateway.received.filter((r) => r.message.method === 'unsubscribe')).toHaveLength(0);
  });
});

describe('subscription ids', () => {
  it('each pattern of a subscribe gets its own id; unsubscribing two patterns sends one request each', async () => {
    const stream = open();
    stream.subscribe('trades.futures.binance.*');
    const two = stream.subscribe(['book.spot.*', 'ohlc.vt.*.*.*.1m']);
    await gateway.waitFor(subscribed('ohlc.vt.*.*.*.1m'));
    const ids = new Map([...gateway.connections[0]!.subscriptions].map(([id, pattern]) => [pattern, id]));
    two.unsubscribe();
    await gateway.waitFor(() => gateway.connections[0]!.subscriptions.size === 1);
    const sent = gateway.received.filter((r) => r.message.method === 'unsubscribe').map((r) => r.message.params);
    expect(sent).toEqual([{ subscriptionId: ids.get('book.spot.*') }, { subscriptionId: ids.get('ohlc.vt.*.*.*.1m') }]);
    expect(gateway.received.filter((r) => 'error' in r.message)).toEqual([]);
  });

  it('unsubscribing while the subscribe is unanswered frees the subscription when its id arrives (no leak)', async () => {
    const stream = open();
    stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.subscribeReplyDelayMs = 100;
    const late = stream.subscribe('trades.options.deribit.*');
    await gateway.waitFor(subscribed('trades.options.deribit.*'));
    late.unsubscribe(); // the subscribe is on the gateway, its reply (with the id) not yet at the client
    expect(gateway.received.some((r) => r.message.method === 'unsubscribe')).toBe(false);
    await gateway.waitFor(() => gateway.received.some((r) => r.message.method === 'unsubscribe'));
    await gateway.waitFor(() => !gateway.connections[0]!.patterns.has('trades.options.deribit.*'));
    expect([...gateway.connections[0]!.subscriptions.values()]).toEqual(['trades.futures.binance.*']);
  });

  it('a pattern left out of the subscribe reply was not accepted: its loop ends with StreamRequestError', async () => {
    gateway.drop.add('trades.options.deribit.*');
    const stream = open();
    const kept = stream.subscribe('trades.futures.binance.*');
    const dropped = stream.subscribe('trades.options.deribit.*');
    await expect(dropped.next()).rejects.toThrow(/trades\.options\.deribit\.\* refused: the gateway did not accept it/);
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(kept, 1))[0]!.data).toEqual({ n: 1 });
  });

  it('ids are per connection: after a reconnect the new ids are the ones unsubscribed', async () => {
    const stream = open();
    const sub = stream.subscribe('trades.futures.binance.*');
    stream.subscribe('book.spot.*');
    await gateway.waitFor(subscribed('book.spot.*'));
    gateway.dropAll();
    await nextEvent(stream, 'reconnected');
    stream.unsubscribe('book.spot.*');
    await gateway.waitFor(() => gateway.received.some((r) => r.message.method === 'unsubscribe'));
    await gateway.waitFor(() => gateway.connections[1]!.subscriptions.size === 1);
    expect(gateway.received.filter((r) => 'error' in r.message)).toEqual([]);
    expect(gateway.received.find((r) => r.message.method === 'unsubscribe')!.connection).toBe(1);
    sub.unsubscribe();
  });

  it('an error reply {code: 401} (no key in the apikey header) ends every loop with StreamAuthError, not retried', async () => {
    const stream = open({ apiKey: undefined });
    const sub = stream.subscribe('trades.futures.binance.*');
    const error = await sub.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamAuthError);
    expect(error).toMatchObject({ code: 401, reason: 'Authentication required', willReconnect: false });
    expect((error as Error).message).toMatch(/apikey header/);
    await gateway.waitFor(() => gateway.open().length === 0);
    expect(gateway.connections).toHaveLength(1);
  });
});

describe('heartbeat', () => {
  it('pings on its interval and keeps the connection while pongs come back', async () => {
    const stream = open({ heartbeat: { intervalMs: 30, timeoutMs: 200 } });
    stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(() => gateway.received.filter((r) => r.message.method === 'ping').length >= 3);
    expect(gateway.received.find((r) => r.message.method === 'ping')!.message).toEqual({ id: expect.any(Number), method: 'ping' });
    expect(gateway.connections).toHaveLength(1);
  });

  it('a missed pong makes the connection dead: it is dropped and a new one resubscribes', async () => {
    gateway.answerPings = false;
    const stream = open({ heartbeat: { intervalMs: 30, timeoutMs: 60 } });
    const sub = stream.subscribe('trades.futures.binance.*');
    const disconnected = await nextEvent(stream, 'disconnected');
    expect(disconnected.error).toBeInstanceOf(StreamIdleTimeoutError);
    expect(disconnected.error.message).toContain('no reply to ping within 60 ms');
    gateway.answerPings = true;
    await nextEvent(stream, 'reconnected');
    expect(gateway.connections).toHaveLength(2);
    await gateway.waitFor(subscribed('trades.futures.binance.*', 1));
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(sub, 1))[0]!.data).toEqual({ n: 1 });
  });
  it('defaults (fake clock): a ping 25 s after connecting, and 10 s without its pong make the connection dead', async () => {
    gateway.answerPings = false;
    // Only the clock is fake; socket I/O is real, so waiting is done with setImmediate, which stays real.
    const until = async (predicate: () => boolean) => {
      for (let i = 0; i < 2000 && !predicate(); i++) await new Promise((r) => setImmediate(r));
      expect(predicate()).toBe(true);
    };
    const pings = () => gateway.received.filter((r) => r.message.method === 'ping').length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const stream = open();
      let dead: StreamClosedError | undefined;
      stream.on('disconnected', (e) => (dead = e.error));
      stream.subscribe('trades.futures.binance.*');
      await until(subscribed('trades.futures.binance.*'));
      await vi.advanceTimersByTimeAsync(24_900);
      for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
      expect(pings()).toBe(0);
      await vi.advanceTimersByTimeAsync(200);
      await until(() => pings() === 1);
      await vi.advanceTimersByTimeAsync(9_700);
      expect(dead).toBeUndefined();
      await vi.advanceTimersByTimeAsync(300);
      await until(() => dead !== undefined);
      expect(dead).toBeInstanceOf(StreamIdleTimeoutError);
      expect(dead!.message).toContain('within 10000 ms');
      expect(STREAM_HEARTBEAT.clientPingSeconds).toBe(25); // x-heartbeat, the default read above
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('reconnect', () => {
  it('after a drop it reconnects, resubscribes every pattern in one message and reports the gap', async () => {
    const stream = open();
    const a = stream.subscribe('trades.futures.binance.*');
    const b = stream.subscribe('book.spot.*.*');
    await gateway.waitFor(subscribed('book.spot.*.*'));
    const reconnected = nextEvent(stream, 'reconnected');
    const dropped = Date.now();
    gateway.dropAll();
    const event = await reconnected;
    expect(event.patterns.sort()).toEqual(['book.spot.*.*', 'trades.futures.binance.*']);
    expect(event.gapMs).toBeGreaterThanOrEqual(0);
    expect(event.gapMs).toBeLessThanOrEqual(Date.now() - dropped + 5);
    const resubscribe = gateway.received.filter((r) => r.connection === 1);
    expect(resubscribe.map((r) => r.message.method)).toEqual(['subscribe']);
    expect(resubscribe[0]!.message.params.channels.sort()).toEqual(['book.spot.*.*', 'trades.futures.binance.*']);
    gateway.publish('trades.futures.binance.X', { n: 1 });
    gateway.publish('book.spot.okx.Y', { n: 2 });
    expect((await take(a, 1))[0]!.data).toEqual({ n: 1 });
    expect((await take(b, 1))[0]!.data).toEqual({ n: 2 });
    expect(stream.stats.reconnects).toBe(1);
  });

  it('backoff: 1 s doubling to a 30 s cap, +-20% jitter (property over the random source)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const base = Math.min(30_000, 1000 * 2 ** attempt);
        const delay = reconnectDelay('backoff', attempt, RECONNECT_DEFAULTS, () => r);
        expect(delay).toBeGreaterThanOrEqual(base * 0.8 - 1e-9);
        expect(delay).toBeLessThanOrEqual(Math.min(30_000, base * 1.2) + 1e-9);
      }),
      { seed: 1212 },
    );
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => reconnectDelay('backoff', a, RECONNECT_DEFAULTS, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(RECONNECT_DEFAULTS).toMatchObject({
      initialDelayMs: STREAM_RECONNECT.initialDelayMs,
      maxDelayMs: STREAM_RECONNECT.maxDelayMs,
      jitter: STREAM_RECONNECT.jitter,
    }); // x-reconnect
    expect(reconnectDelay('backoff', 0, RECONNECT_DEFAULTS, () => 0)).toBe(800);
    expect(reconnectDelay('backoff', 0, RECONNECT_DEFAULTS, () => 0.999999)).toBeCloseTo(1200, 0);
    expect(reconnectDelay('soon', 3, RECONNECT_DEFAULTS, () => 0)).toBe(1000);
    expect(reconnectDelay('soon', 3, RECONNECT_DEFAULTS, () => 0.999999)).toBeCloseTo(5000, 0);
    expect(reconnectDelay('now', 9, RECONNECT_DEFAULTS, () => 0.5)).toBe(0);
  });

  for (const code of [1011, 4005]) {
    it(`consecutive failed attempts (${code}) grow the delay; maxAttempts gives up with the last close error`, async () => {
      const stream = open({ reconnect: { initialDelayMs: 5, maxDelayMs: 1000, jitter: 0, maxAttempts: 3 } });
      const sub = stream.subscribe('trades.futures.binance.*');
      await gateway.waitFor(subscribed('trades.futures.binance.*'));
      const delays: number[] = [];
      stream.on('disconnected', (e) => delays.push(e.retryInMs));
      const gaveUp = nextEvent(stream, 'error');
      // The connection fails, and so does every new one, before it can resubscribe.
      gateway.closeNewWith = code;
      gateway.closeAll(code, 'by test');
      const { error } = await gaveUp;
      expect(delays).toEqual([5, 10, 20]);
      expect(error).toBeInstanceOf(CLOSE_CODES[code]!.error);
      expect((error as StreamClosedError).code).toBe(code);
      await expect(sub.next()).rejects.toBe(error);
    });
  }
});

describe('close codes', () => {
  // Every code the contract documents (x-close-codes) except 1006, which is never sent (ws cannot send it either;
  // the reconnect tests cover it with a dropped connection).
  const documented = STREAM_CLOSE_CODES.map((c) => c.code).filter((code) => code !== 1006);
  it('the table follows the contract: each documented code, its reaction, its own error class where it has a meaning to branch on', () => {
    expect(documented).toEqual(expect.arrayContaining([1001, 4001, 4002, 4003, 4004, 4005, 4006, 4008]));
    const reaction = { never: 'fatal', backoff: 'backoff', delay: 'soon', immediate: 'now' } as const;
    for (const c of STREAM_CLOSE_CODES) expect(CLOSE_CODES[c.code]!.policy, String(c.code)).toBe(reaction[c.reconnect]);
    expect(new Set(documented.filter((c) => c >= 4000).map((c) => CLOSE_CODES[c]!.error)).size).toBe(documented.filter((c) => c >= 4000).length);
  });

  for (const code of documented) {
    const { policy, error: ErrorClass } = CLOSE_CODES[code]!;
    it(`${code}: ${ErrorClass.name}, ${policy === 'fatal' ? 'never retried' : `reconnects (${policy})`}`, async () => {
      const stream = open({ random: () => 0 });
      const sub = stream.subscribe('trades.futures.binance.*');
      await gateway.waitFor(subscribed('trades.futures.binance.*'));
      if (policy === 'fatal') {
        const failed = nextEvent(stream, 'error');
        gateway.closeAll(code, 'by test');
        const { error } = await failed;
        expect(error).toBeInstanceOf(ErrorClass);
        expect(error).toMatchObject({ code, reason: 'by test', willReconnect: false });
        await expect(sub.next()).rejects.toBe(error);
        await new Promise((r) => setTimeout(r, 100));
        expect(gateway.connections).toHaveLength(1);
        return;
      }
      const disconnected = nextEvent(stream, 'disconnected');
      gateway.closeAll(code, 'by test');
      const { error, retryInMs } = await disconnected;
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toMatchObject({ code, willReconnect: true });
      // random() = 0: backoff is initial * 0.8, "soon" is the 1 s floor of 1-5 s, "now" is 0.
      expect(retryInMs).toBe({ backoff: 16, soon: 1000, now: 0 }[policy]);
      if (policy !== 'soon') {
        await nextEvent(stream, 'reconnected');
        expect(gateway.connections).toHaveLength(2);
      }
    });
  }

  it('a wrong key is refused (4001) and not retried; a handshake 401 counts the same', async () => {
    const stream = open({ apiKey: 'wrong' });
    const sub = stream.subscribe('trades.futures.binance.*');
    await expect(sub.next()).rejects.toBeInstanceOf(StreamAuthError);
    expect(gateway.connections).toHaveLength(1);
    expect(gateway.connections[0]!.headers.apikey).toBe('wrong');
    expect(gateway.connections[0]!.url.search).toBe('');

    const { createServer } = await import('node:http');
    const refusing = createServer((_, res) => res.writeHead(401).end());
    refusing.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n'));
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const port = (refusing.address() as { port: number }).port;
    const other = open({ url: `ws://127.0.0.1:${port}/ws` });
    await expect(other.subscribe('trades.futures.binance.*').next()).rejects.toBeInstanceOf(StreamAuthError);
    refusing.close();
  });

  it('the key goes in the apikey header and never in the URL (the gateway removed ?apiKey= in API v1.18.0)', async () => {
    for (const options of [{}, { auth: 'header' as const }]) {
      const stream = open(options);
      stream.subscribe('trades.futures.binance.*');
      await gateway.waitFor(() => gateway.connections.length > 0 && gateway.connections.at(-1)!.patterns.has('trades.futures.binance.*'));
      expect(gateway.connections.at(-1)!.headers.apikey).toBe('test-key');
      expect(gateway.connections.at(-1)!.url.search).toBe('');
      stream.close();
    }
  });

  it("auth: 'query' is refused at once with StreamCredentialsError (the query parameter was removed)", () => {
    expect(() => open({ auth: 'query' as never })).toThrow(StreamCredentialsError);
    expect(() => open({ auth: 'query' as never })).toThrow(/removed the apiKey query parameter in API v1\.18\.0/);
  });

  it('where no WebSocket can send headers (a browser), a key is refused with StreamCredentialsError naming what works, before anything is sent', () => {
    const versions = process.versions;
    // A browser: no Node process versions, and no caller's WebSocket.
    Object.defineProperty(process, 'versions', { value: {}, configurable: true });
    try {
      let error: unknown;
      try {
        createStream({ url: gateway.url, apiKey: 'test-key' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StreamCredentialsError);
      expect(error).toMatchObject({ reason: 'headers-unsupported' });
      expect((error as Error).message).toMatch(/browser's WebSocket cannot set headers/);
      expect((error as Error).message).toMatch(/server of your own that adds the apikey header/);
      expect((error as Error).message).not.toContain('test-key');
      // Without a key (a proxy of your own adds it), the stream is created.
      expect(() => createStream({ url: gateway.url, apiKey: undefined }).close()).not.toThrow();
    } finally {
      Object.defineProperty(process, 'versions', { value: versions, configurable: true });
    }
    expect(gateway.connections).toHaveLength(0);
  });
});

describe('limits', () => {
  it("the limits are the contract's x-limits", () => {
    expect(STREAM_LIMITS).toEqual({ subscriptions: CONTRACT_LIMITS.subscriptionsPerConnection, messagesPerSecond: CONTRACT_LIMITS.inboundMessagesPerSecond });
    expect(STREAM_LIMITS).toEqual({ subscriptions: 200, messagesPerSecond: 20 });
  });
  it('200 subscriptions per connection: the 201st pattern is refused before anything is sent', async () => {
    const stream = open();
    const patterns = Array.from({ length: 200 }, (_, i) => `trades.futures.binance.I${i}` as const);
    stream.subscribe(patterns);
    await gateway.waitFor(subscribed('trades.futures.binance.I199'));
    const error = (() => {
      try {
        stream.subscribe('trades.futures.binance.I200');
      } catch (e) {
        return e;
      }
    })() as StreamLimitError;
    expect(error).toBeInstanceOf(StreamLimitError);
    expect(error).toMatchObject({ limit: 'subscriptions', max: 200 });
    expect(error.message).toContain('200 subscriptions per connection');
    // An existing pattern is no new subscription.
    expect(() => stream.subscribe('trades.futures.binance.I7')).not.toThrow();
    await new Promise((r) => setTimeout(r, 30));
    expect(gateway.received).toHaveLength(1);
  });

  it('20 messages per second: a 21st subscribe within the second is refused; later it goes through', async () => {
    let clock = 1_000_000;
    const stream = open({ now: () => clock, heartbeat: false });
    stream.subscribe('trades.futures.binance.S0');
    await gateway.waitFor(subscribed('trades.futures.binance.S0'));
    for (let i = 1; i < 20; i++) {
      stream.subscribe(`trades.futures.binance.S${i}`);
      await new Promise((r) => setImmediate(r)); // each in its own tick: its own message
    }
    let refused: unknown;
    try {
      stream.subscribe('trades.futures.binance.S20');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(StreamLimitError);
    expect(refused).toMatchObject({ limit: 'messagesPerSecond', max: 20 });
    expect((refused as Error).message).toMatch(/4008/);
    await gateway.waitFor(() => gateway.received.length === 20);
    clock += 1001;
    stream.subscribe('trades.futures.binance.S20');
    await gateway.waitFor(subscribed('trades.futures.binance.S20'));
    expect(gateway.received).toHaveLength(21);
  });

  it("the client's own messages (unsubscribe) wait for a free slot instead of breaking the limit", async () => {
    let clock = 5_000_000;
    const stream = open({ now: () => clock, heartbeat: false, limits: { messagesPerSecond: 2 } });
    const a = stream.subscribe('trades.futures.binance.A');
    await gateway.waitFor(subscribed('trades.futures.binance.A'));
    stream.subscribe('trades.futures.binance.B');
    await gateway.waitFor(subscribed('trades.futures.binance.B'));
    a.unsubscribe();
    await new Promise((r) => setTimeout(r, 50));
    expect(gateway.received.map((r) => r.message.method)).toEqual(['subscribe', 'subscribe']);
    clock += 1001;
    await gateway.waitFor(() => gateway.received.length === 3, 2500);
    expect(gateway.received[2]!.message).toMatchObject({ method: 'unsubscribe', params: { subscriptionId: expect.any(String) } });
    await gateway.waitFor(() => gateway.connections[0]!.subscriptions.size === 1);
    expect([...gateway.connections[0]!.subscriptions.values()]).toEqual(['trades.futures.binance.B']);
  });
});

describe('slow consumer', () => {
  it('drop-oldest: a loop `bufferSize` events behind loses the oldest, counted, and keeps the newest', async () => {
    const stream = open({ bufferSize: 5 });
    const drops: number[] = [];
    stream.on('dropped', (e) => drops.push(e.dropped));
    const sub = stream.subscribe('book.spot.*.*');
    await gateway.waitFor(subscribed('book.spot.*.*'));
    for (let n = 0; n < 20; n++) gateway.publish('book.spot.binance.BTCUSDT', { n });
    await new Promise((r) => setTimeout(r, 50));
    expect(stream.stats.received).toBe(20);
    expect(sub.buffered).toBe(5);
    expect((await take(sub, 5)).map((e) => (e.data as unknown as { n: number }).n)).toEqual([15, 16, 17, 18, 19]);
    expect(sub.dropped).toBe(15);
    expect(stream.stats.dropped).toBe(15);
    expect(drops).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(gateway.open()).toHaveLength(1); // the connection itself is never paused or dropped
  });

  it('bufferSize is checked', () => {
    expect(() => createStream({ bufferSize: 0 })).toThrow(/bufferSize must be an integer >= 1/);
  });
});

describe('validation', () => {
  const validators = {
    validateStreamEvent: (event: any) =>
      typeof event.data?.price === 'number'
        ? ({ ok: true } as const)
        : ({ ok: false, issues: [{ path: '/data/price', rule: 'type', message: '/data/price must be number' }] } as const),
  };
  it('warn: an invalid event is delivered and reported as a warning', async () => {
    const stream = open({ validate: 'warn', validators });
    const warnings: unknown[] = [];
    stream.on('warning', (w) => warnings.push(w.error));
    const sub = stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.publish('trades.futures.binance.X', { price: 'high' });
    gateway.publish('trades.futures.binance.X', { price: 1 });
    expect((await take(sub, 2)).map((e) => e.data)).toEqual([{ price: 'high' }, { price: 1 }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toBeInstanceOf(StreamEventValidationError);
    expect((warnings[0] as Error).message).toContain('/data/price must be number');
    expect(stream.stats.invalid).toBe(1);
  });
  it('throw: the loop throws StreamEventValidationError after the valid events before it', async () => {
    const sub = open({ validate: 'throw', validators }).subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.publish('trades.futures.binance.X', { price: 1 });
    gateway.publish('trades.futures.binance.X', { price: null });
    expect((await take(sub, 1))[0]!.data).toEqual({ price: 1 });
    await expect(sub.next()).rejects.toBeInstanceOf(StreamEventValidationError);
  });
  it('with the generated validators (@laevitas-api/validators/stream): a trade without its price fails, a full one passes', async () => {
    const sub = open({ validate: 'throw', validators: streamValidators }).subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    const trade = { trade_id: '1', instrument_name: 'BTCUSDT', direction: 'buy', price: 97000.5 };
    gateway.publish('trades.futures.binance.BTCUSDT', trade);
    const { price: _, ...withoutPrice } = trade;
    gateway.publish('trades.futures.binance.BTCUSDT', withoutPrice);
    expect((await take(sub, 1))[0]!.data).toEqual(trade);
    const error = await sub.next().catch((e) => e);
    expect(error).toBeInstanceOf(StreamEventValidationError);
    expect(error.message).toMatch(/price/);
  });
  it('off (default) never calls the validators; warn/throw without validators is refused', async () => {
    let calls = 0;
    const sub = open({ validators: { validateStreamEvent: () => (calls++, { ok: true }) } }).subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.publish('trades.futures.binance.X', { price: 'x' });
    await take(sub, 1);
    expect(calls).toBe(0);
    expect(() => createStream({ validate: 'throw' })).toThrow(/needs validators with validateStreamEvent/);
  });
});

describe('client.stream()', () => {
  it("uses the client's key and v2BaseUrl (ws:// from http://, path /ws)", async () => {
    const client = createClient({ apiKey: 'test-key', v2BaseUrl: gateway.httpUrl });
    const stream = client.stream({ heartbeat: false });
    streams.push(stream);
    expect(stream.url).toBe(`${gateway.url}`);
    const sub = stream.subscribe('trades.futures.binance.*');
    await gateway.waitFor(subscribed('trades.futures.binance.*'));
    gateway.publish('trades.futures.binance.BTCUSDT', { n: 1 });
    expect((await take(sub, 1))[0]!.data).toEqual({ n: 1 });
  });
});
