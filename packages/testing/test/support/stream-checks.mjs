// The stream Done-when checks, as another repository would write them: code built on the stream client (a VWAP of
// the next trades, below) tested with the testing kit alone, in a clean project that installed only the packed
// tarballs and msw. The same checks run on Node (setupServer, ./stream-node.mjs) and in Chromium (setupWorker,
// ./stream-browser.mjs); test/consumer.test.ts reads the results, one entry per check.
import { createStream, StreamAuthError, StreamClosedError, StreamRequestError } from '@laevitas-api/client/stream';
import { createStreamGateway, TestWebSocket } from '@laevitas-api/testing';

// ── the code under test: a consumer's own module built on the stream client ──
/** The volume-weighted average price of the next `count` trades on `channel`; stops its subscription when done. */
export async function vwapOfNextTrades(stream, channel, count) {
  let notional = 0;
  let volume = 0;
  let seen = 0;
  for await (const trade of stream.subscribe(channel)) {
    notional += trade.data.price * trade.data.amount;
    volume += trade.data.amount;
    if (++seen === count) break;
  }
  return notional / volume;
}

// ── its tests ──
const CHANNEL = 'trades.futures.binance.BTCUSDT';
const BOOK = 'book.spot.binance.BTCUSDT';
const check = (ok, message) => {
  if (!ok) throw new Error(message);
};
const until = async (test, what, ms = 3000) => {
  for (const end = Date.now() + ms; !test(); await new Promise((r) => setTimeout(r, 10)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};

/**
 * @param {{use(handler: unknown): void, reset(): void}} msw the consumer's MSW server or worker
 * @returns {Promise<{name: string, ok: boolean, error?: string}[]>}
 */
export async function runStreamChecks(msw) {
  const gateway = () => {
    msw.reset();
    const g = createStreamGateway();
    msw.use(g.handler);
    return g;
  };
  const open = [];
  const stream = (options = {}) => {
    const s = createStream({ apiKey: 'test-key', WebSocket: TestWebSocket, ...options });
    open.push(s);
    return s;
  };
  const checks = {
    async 'subscribe and typed events: the VWAP of pushed trades'() {
      const g = gateway();
      const vwap = vwapOfNextTrades(stream(), CHANNEL, 2);
      const info = await g.subscribed(CHANNEL);
      check(/^sub-/.test(info.subscriptionId), `a subscription id, got ${info.subscriptionId}`);
      g.push(CHANNEL, { price: 100, amount: 1 });
      g.push(CHANNEL, { price: 200, amount: 3 });
      const value = await vwap;
      check(value === 175, `VWAP 175, got ${value}`);
    },
    async 'unsubscribe: the finished loop unsubscribes its id, the other subscription stays'() {
      const g = gateway();
      const s = stream();
      const book = s.subscribe(BOOK);
      const vwap = vwapOfNextTrades(s, CHANNEL, 1);
      await g.subscribed(CHANNEL);
      await g.subscribed(BOOK);
      g.push(CHANNEL, { price: 10, amount: 1 });
      check((await vwap) === 10, 'VWAP of one trade');
      await until(() => g.subscriptions.length === 1, 'the unsubscribe');
      check(g.subscriptions[0].pattern === BOOK, `only ${BOOK} left, got ${JSON.stringify(g.subscriptions)}`);
      g.push(BOOK, { depth: 1, asks: [[101, 1]], bids: [[99, 2]] });
      const { value } = await book.next();
      check(value.channel === BOOK && value.data.asks[0][0] === 101, `a typed book event, got ${JSON.stringify(value)}`);
    },
    async 'a coded error: a refused subscribe throws StreamRequestError with its code'() {
      const g = gateway();
      g.refuseNext({ code: 429, message: 'plan limit' });
      const error = await vwapOfNextTrades(stream(), CHANNEL, 1).catch((e) => e);
      check(error instanceof StreamRequestError && error.code === 429, `StreamRequestError 429, got ${error}`);
      const refused = await vwapOfNextTrades(stream({ apiKey: undefined }), CHANNEL, 1).catch((e) => e);
      check(refused instanceof StreamAuthError && refused.code === 401, `StreamAuthError 401 without a key, got ${refused}`);
    },
    async 'a dropped connection: the client reconnects and resubscribes; without reconnect the loop ends with 1006'() {
      const g = gateway();
      const s = stream({ reconnect: { initialDelayMs: 10, jitter: 0 } });
      const vwap = vwapOfNextTrades(s, CHANNEL, 1);
      await g.subscribed(CHANNEL);
      check(g.drop() === 1, 'one connection dropped');
      await until(() => g.subscriptions.some((x) => x.connection === 2), 'the resubscribe');
      g.push(CHANNEL, { price: 5, amount: 1 });
      check((await vwap) === 5, 'the trade after the reconnect');
      const once = vwapOfNextTrades(stream({ reconnect: false }), CHANNEL, 1);
      await until(() => g.subscriptions.length === 1, 'the second subscription');
      g.drop();
      const error = await once.catch((e) => e);
      check(error instanceof StreamClosedError && error.code === 1006, `StreamClosedError 1006, got ${error}`);
    },
  };
  const results = [];
  for (const [name, fn] of Object.entries(checks)) {
    try {
      await fn();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
    } finally {
      for (const s of open.splice(0)) s.close();
    }
  }
  return results;
}
