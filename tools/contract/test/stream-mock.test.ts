// The stream mock speaks the AsyncAPI contract as the gateway does since API v1.18.0: auth by the `apikey` header or a
// WebSocket-pass token (the removed `?apiKey=` is refused the gateway's way), subscribe replies with subscription ids,
// unsubscribe by id, coded error replies, ping per the grammar, wildcards and several patterns, events that validate and move plausibly, the
// documented limits, and every documented close code on demand. Every frame it sends is checked against the contract.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import fc from 'fast-check';
import { channelMatches, validateStreamEvent, validateStreamMessage } from '@laevitas-api/validators/stream';
import { STREAM_CLOSE_CODES } from '@laevitas-api/types/stream';
import { createStore } from '@laevitas-api/mock-core/state/store';
import { startMock } from '../src/mock.mjs';
import { connect, startGateway, type Probe } from './stream-client.js';

const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});
async function gateway(options: Record<string, unknown> = {}) {
  const g = await startGateway({ eventsPerSecond: 50, ...options });
  stops.push(g.stop);
  return g;
}
async function open(url: string, headers: Record<string, string> = {}) {
  const probe = await connect(url, headers);
  stops.push(() => probe.ws.terminate());
  return probe;
}
/** The key goes in the `apikey` header of the upgrade (the only place the gateway reads it since API v1.18.0). */
const KEY = { apikey: 'test-key' };
const authed = (url: string) => open(url, KEY);
const replyTo = (id: number) => (f: any) => f.id === id;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every frame the mock sent is a reply or an event of the contract. */
function expectContractFrames(probe: Probe) {
  for (const frame of probe.frames) {
    if ('channel' in frame) expect(validateStreamEvent(frame).issues, JSON.stringify(frame)).toEqual([]);
    else {
      const schema = 'error' in frame ? 'ErrorReply' : frame.result?.subscriptionIds ? 'SubscribeReply' : 'ResultReply';
      expect(validateStreamMessage(schema, frame).issues, JSON.stringify(frame)).toEqual([]);
    }
  }
}

describe('stream mock: auth', () => {
  it('logs in with the apikey header: subscribe is answered with subscription ids', async () => {
    const probe = await open((await gateway()).url, { apikey: 'k' });
    probe.send({ id: 7, method: 'subscribe', params: { channels: ['trades.futures.binance.BTCUSDT'] } });
    const reply = await probe.waitFor(replyTo(7));
    expect(reply.result.channels).toEqual(['trades.futures.binance.BTCUSDT']);
    expect(reply.result.subscriptionIds).toHaveLength(1);
    await probe.waitFor((f) => f.channel);
    expectContractFrames(probe);
  });

  it('refuses the removed ?apiKey= query key the way the gateway does: the connection opens, every subscribe gets {code: 401}', async () => {
    const { url } = await gateway();
    for (const probe of [await open(`${url}?apiKey=test-key`), await open(url)]) {
      probe.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
      const reply = await probe.waitFor(replyTo(1));
      expect(reply.error.code).toBe(401);
      expect(reply.error.message).toMatch(/^Authentication required/);
      probe.send({ id: 2, method: 'unsubscribe', params: { subscriptionId: 'sub-1-1' } });
      expect((await probe.waitFor(replyTo(2))).error.code).toBe(401);
      probe.send({ id: 3, method: 'ping' });
      expect(await probe.waitFor(replyTo(3))).toEqual({ id: 3, result: {} });
      await sleep(100);
      expect(probe.frames.filter((f) => f.channel)).toEqual([]);
      expectContractFrames(probe);
    }
    const withQuery = await open(`${url}?apiKey=test-key`);
    withQuery.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
    expect((await withQuery.waitFor(replyTo(1))).error.message).toMatch(/apiKey query parameter was removed in API v1\.18\.0.*apikey header/);
  });

  it('accepts the credit token of an active WebSocket pass, 4006 once it lapsed, 4001 for an unknown token', async () => {
    let now = 1_000_000;
    const store = createStore({ now: () => now });
    const token = store.issueToken('ws-pass', '0xabc');
    store.passes.set('0xabc', { token, expiresAt: now + 3_600_000 });
    const { url } = await gateway({ store });
    const ok = await open(url, { 'x-credit-token': token });
    ok.send({ id: 1, method: 'ping' });
    await ok.waitFor(replyTo(1));
    expect((await open(url, { 'x-credit-token': 'nope' }).then((p) => p.closed)).code).toBe(4001);
    now += 3_600_001;
    expect((await open(url, { 'x-credit-token': token }).then((p) => p.closed)).code).toBe(4006);
  });
});

describe('stream mock: requests and events', () => {
  it('subscribes to a channel and delivers valid events on exactly that channel', async () => {
    const probe = await open((await gateway()).url, KEY);
    probe.send({ id: 1, method: 'subscribe', params: { channels: ['trades.futures.binance.BTCUSDT'] } });
    const reply = await probe.waitFor(replyTo(1));
    expect(reply).toEqual({ id: 1, result: { channels: ['trades.futures.binance.BTCUSDT'], subscriptionIds: [expect.any(String)] } });
    await probe.waitFor(() => probe.frames.filter((f) => f.channel).length >= 5);
    const events = probe.frames.filter((f) => f.channel);
    for (const e of events) expect(e.channel).toBe('trades.futures.binance.BTCUSDT');
    expect(events[0].data.instrument_name).toBe('BTCUSDT');
    expectContractFrames(probe);
  });

  it('honours wildcards, and serves several patterns on one connection', async () => {
    const probe = await open((await gateway()).url, KEY);
    const patterns = [
      'trades.*',
      'ohlc.vt.*.*.*.1m',
      'book.spot.*',
      'funding-rate.perpetuals.*',
      'open-interest.*',
      'liquidations.*.*.*',
      'ohlc.ticker.options.deribit.*.1h',
    ];
    probe.send({ id: 1, method: 'subscribe', params: { channels: patterns } });
    await probe.waitFor(replyTo(1));
    await probe.waitFor(() => patterns.every((p) => probe.frames.some((f) => f.channel && channelMatches(p, f.channel))), 5000);
    for (const e of probe.frames.filter((f) => f.channel))
      expect(
        patterns.some((p) => channelMatches(p, e.channel)),
        e.channel,
      ).toBe(true);
    expect(probe.frames.find((f) => f.channel?.startsWith('ohlc.vt.')).data.timeframe).toBe('1m');
    expect(probe.frames.find((f) => f.channel?.startsWith('book.')).channel).toMatch(/^book\.spot\.(binance|coinbase|bybit|okx|kraken)\./);
    expectContractFrames(probe);
  });

  it('subscribe replies parallel arrays: channels[i] got subscriptionIds[i], each id distinct', async () => {
    const probe = await authed((await gateway()).url);
    const channels = ['trades.*', 'book.*', 'ohlc.vt.*.*.*.1m'];
    probe.send({ id: 1, method: 'subscribe', params: { channels } });
    const { result } = await probe.waitFor(replyTo(1));
    expect(result.channels).toEqual(channels);
    expect(new Set(result.subscriptionIds).size).toBe(3);
    expect(validateStreamMessage('SubscribeReply', { id: 1, result }).issues).toEqual([]);
  });

  it('unsubscribe by subscriptionId stops that subscription (its events stop) and keeps the others', async () => {
    const probe = await authed((await gateway()).url);
    probe.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*', 'book.*'] } });
    const { result } = await probe.waitFor(replyTo(1));
    const tradesId = result.subscriptionIds[result.channels.indexOf('trades.*')];
    probe.send({ id: 2, method: 'unsubscribe', params: { subscriptionId: tradesId } });
    expect(await probe.waitFor(replyTo(2))).toEqual({ id: 2, result: {} });
    const after = probe.frames.length;
    await sleep(200);
    const later = probe.frames.slice(after).filter((f) => f.channel);
    expect(later.length).toBeGreaterThan(3);
    expect(later.every((f) => f.channel.startsWith('book.'))).toBe(true);
    // The id is gone: a second unsubscribe of it is an error; the old `{channels}` form is not a request any more.
    probe.send({ id: 3, method: 'unsubscribe', params: { subscriptionId: tradesId } });
    probe.send({ id: 4, method: 'unsubscribe', params: { channels: ['book.*'] } });
    expect(await probe.waitFor(replyTo(3))).toEqual({ id: 3, error: { code: 400, message: expect.stringMatching(/no subscription/) } });
    expect((await probe.waitFor(replyTo(4))).error).toEqual({ code: 400, message: expect.stringMatching(/subscriptionId/) });
    expectContractFrames(probe);
  });

  it('answers a bad request with an error reply that names the problem', async () => {
    const probe = await open((await gateway()).url, KEY);
    const cases: [unknown, RegExp][] = [
      [{ id: 1, method: 'subscribe', params: { channels: ['ohlc.ticker.*'] } }, /incomplete.*\{tf\}/],
      [{ id: 2, method: 'subscribe', params: { channels: ['trades.options.coinbase.X'] } }, /options is offered on .*not coinbase/],
      [{ id: 3, method: 'subscribe', params: { channels: ['ohlc.vt.futures.okx.BTC-USD.*'] } }, /tf does not allow '\*'/],
      [{ id: 4, method: 'subscribe', params: { channels: [] } }, /params\.channels/],
      [{ id: 5, method: 'stream' }, /method must be one of subscribe, unsubscribe, ping/],
    ];
    for (const [request] of cases) probe.send(request);
    for (const [request, message] of cases) {
      const { error } = await probe.waitFor(replyTo((request as any).id));
      expect(error.code).toBe(400);
      expect(error.message).toMatch(message);
    }
    probe.send('not json');
    expect((await probe.waitFor((f) => f.id === null)).error.message).toMatch(/JSON/);
    expectContractFrames(probe);
  });

  it('moves values plausibly: one random walk per channel, OHLC order kept, ids counting up', async () => {
    const probe = await open((await gateway()).url, KEY);
    probe.send({ id: 1, method: 'subscribe', params: { channels: ['ohlc.vt.futures.deribit.BTC-27MAR26.5m', 'trades.futures.deribit.BTC-27MAR26'] } });
    await probe.waitFor(() => probe.frames.filter((f) => f.channel?.startsWith('ohlc')).length >= 20, 5000);
    const bars = probe.frames.filter((f) => f.channel?.startsWith('ohlc')).map((f) => f.data);
    expect(new Set(bars.map((b) => b.close)).size).toBeGreaterThan(5);
    for (const b of bars) {
      expect(b.high).toBeGreaterThanOrEqual(b.low);
      expect(Math.abs(b.close / 93317.5 - 1)).toBeLessThan(0.05);
    }
    const ids = probe.frames.filter((f) => f.channel?.startsWith('trades')).map((f) => BigInt(f.data.trade_id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });
});

describe('stream mock: hostile input', () => {
  it('answers every frame, however malformed, with exactly one contract-valid reply and stays up (seeded)', async () => {
    const { url } = await gateway({ eventsPerSecond: 0.1, limits: { inboundMessagesPerSecond: 10_000 } });
    const probe = await open(url, KEY);
    const segment = fc.constantFrom('*', 'futures', 'options', 'binance', 'coinbase', 'BTCUSDT', '1m', '1x', '', ' ', 'a.b', 'trades', 'ohlc');
    const pattern = fc.array(segment, { minLength: 1, maxLength: 7 }).map((parts) => parts.join('.'));
    const request = fc.record(
      {
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
        method: fc.constantFrom('subscribe', 'unsubscribe', 'ping', 'auth', 'SUBSCRIBE', ''),
        params: fc.oneof(fc.record({ channels: fc.array(fc.oneof(pattern, fc.integer()), { maxLength: 4 }) }), fc.anything()),
      },
      { requiredKeys: ['method'] },
    );
    const frames = fc.sample(
      fc.oneof(
        request.map((r) => JSON.stringify(r)),
        fc.json(),
        fc.string(),
      ),
      { seed: 20261123, numRuns: 300 },
    );
    frames.forEach((frame) => probe.send(frame));
    probe.send({ id: 424242, method: 'ping' });
    await probe.waitFor(replyTo(424242), 10_000);
    const replies = probe.frames.filter((f) => !('channel' in f));
    expect(replies).toHaveLength(frames.length + 1);
    expectContractFrames(probe);
    expect(probe.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('stream mock: limits and close codes', () => {
  it('refuses the subscription past the per-connection cap (200)', async () => {
    const probe = await open((await gateway({ eventsPerSecond: 0.5 })).url, KEY);
    const channels = Array.from({ length: 200 }, (_, i) => `trades.futures.binance.I${i}`);
    probe.send({ id: 1, method: 'subscribe', params: { channels } });
    expect((await probe.waitFor(replyTo(1))).result.subscriptionIds).toHaveLength(200);
    probe.send({ id: 2, method: 'subscribe', params: { channels: ['trades.futures.binance.ONE_MORE'] } });
    expect((await probe.waitFor(replyTo(2))).error.message).toMatch(/at most 200 subscriptions/);
  });

  it('closes with 4008 past 20 inbound messages per second', async () => {
    const probe = await open((await gateway()).url, KEY);
    for (let i = 0; i < 21; i++) probe.send({ id: i, method: 'ping' });
    expect((await probe.closed).code).toBe(4008);
  });

  it('closes the connection past 5 per API key with 4005', async () => {
    const { url } = await gateway();
    const probes = [];
    for (let i = 0; i < 5; i++) probes.push(await open(url, KEY));
    const sixth = await open(url, KEY);
    expect((await sixth.closed).code).toBe(4005);
    probes[0]!.send({ id: 1, method: 'ping' });
    await probes[0]!.waitFor(replyTo(1));
  });

  it('closes with 4002 when a pong is missed, and with 4004 at the lifetime cap', async () => {
    const { url } = await gateway({ heartbeatMs: 50 });
    const deaf = new WebSocket(url, { autoPong: false, headers: KEY });
    stops.push(() => deaf.terminate());
    expect(await new Promise((resolve) => deaf.on('close', resolve))).toBe(4002);
    const short = await gateway({ lifetimeMs: 100 });
    expect((await (await open(short.url, KEY)).closed).code).toBe(4004);
  });

  it('closes with every documented close code on demand (mock.close and ?mock_close=), and refuses an undocumented one', async () => {
    const { url } = await gateway();
    for (const { code } of STREAM_CLOSE_CODES) {
      const probe = await open(url, KEY);
      probe.send({ id: 1, method: 'mock.close', params: { code } });
      expect((await probe.closed).code).toBe(code);
      const early = await open(`${url}?mock_close=${code}`, KEY);
      expect((await early.closed).code).toBe(code);
    }
    const probe = await open(url, KEY);
    probe.send({ id: 9, method: 'mock.close', params: { code: 4007 } });
    expect((await probe.waitFor(replyTo(9))).error.message).toMatch(/documented close code/);
  });
});

describe('stream mock: served by the main mock', () => {
  it('answers REST and the gateway on the same port', async () => {
    const mock = await startMock({ port: 0, stream: { eventsPerSecond: 20 } });
    stops.push(mock.stop);
    expect(mock.streamUrl).toBe(`${mock.url.replace('http', 'ws')}/ws`);
    expect((await fetch(`${mock.url}/api/v1/health`)).status).toBeLessThan(500);
    const probe = await open(mock.streamUrl, KEY);
    probe.send({ id: 1, method: 'subscribe', params: { channels: ['trades.*'] } });
    await probe.waitFor((f) => f.channel);
    expectContractFrames(probe);
  }, 60_000);
});
