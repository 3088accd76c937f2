// The stream mock: the native gateway (`/ws`) on the HTTP mock's own port, speaking the AsyncAPI contract.
//   auth      as the gateway since API v1.18.0: the `apikey` header of the upgrade, or the credit token of a WebSocket
//             pass (`X-Credit-Token`). The removed `apiKey` query parameter is ignored: a connection without a header
//             key opens unauthenticated and every subscribe / unsubscribe gets the error reply {code: 401}. An unknown
//             credit token → close 4001; a pass token whose pass lapsed → 4006 (with the mock's state, the pass
//             bought through POST /api/v1/x402/ws-pass/hour or /day). Like the REST mock, any API key is accepted.
//   requests  subscribe replies {channels, subscriptionIds} (parallel arrays); unsubscribe names one subscriptionId;
//             ping. A bad request, pattern or id gets the error reply {code, message} naming it: 401 unauthenticated
//             (the gateway's), 400 for everything else (the gateway's other codes are not published).
//   events    one per subscription per tick, on a concrete channel its pattern matches (wildcards filled from the
//             channel matrix), made from the contract's examples with moving values (./events.mjs).
//   limits    the spec's x-limits: subscriptions per connection (error reply), inbound messages per second (4008),
//             connections per key and per IP (4005), lifetime (4004), queued bytes (4003), missed pong (4002).
//   tests     close codes on demand, test-only: `?mock_close=<code>` closes right after the handshake, and the request
//             `{"id":1,"method":"mock.close","params":{"code":4003}}` closes with that code; only documented codes.
// The protocol (login check, requests, subscription ids, error and close codes, heartbeat policy, events) is
// @laevitas-api/stream-mock-core's, which the MSW handlers of @laevitas-api/testing run too; this file is its `ws` transport.
import { WebSocketServer } from 'ws';
import { STREAM_HEARTBEAT, STREAM_LIMITS } from '@laevitas-api/types/stream';
import { createConnectionCounter, createSession, credentialOf, startHeartbeat } from '@laevitas-api/stream-mock-core';
import { createEventSource, examplesByFamily } from './events.mjs';

/** @typedef {import('ws').WebSocket} WebSocket */

/**
 * @param {import('node:http').Server} server the HTTP server whose upgrades to `path` become gateway connections
 * @param {{path?: string, eventsPerSecond?: number, heartbeatMs?: number, lifetimeMs?: number, limits?: Partial<typeof STREAM_LIMITS>,
 *   store?: import('@laevitas-api/mock-core/state/store').Store, seed?: number, mutate?: (frame: any) => any,
 *   examples?: Record<string, import('./events.mjs').StreamExample[]>}} [options]
 *   `eventsPerSecond` per subscription (MOCK_WS_RATE, default 2); `mutate` rewrites every frame before it is sent
 *   (drift tests); `store` is the HTTP mock's state, for WebSocket-pass tokens.
 */
export function attachStreamMock(server, options = {}) {
  const {
    path = '/ws',
    eventsPerSecond = Number(process.env.MOCK_WS_RATE ?? 2),
    heartbeatMs = STREAM_HEARTBEAT.serverPingSeconds * 1000,
    lifetimeMs = STREAM_LIMITS.maxLifetimeSeconds * 1000,
    store,
    seed = 1,
    mutate,
    examples = examplesByFamily(),
  } = options;
  if (!(eventsPerSecond > 0)) throw new Error(`stream mock: eventsPerSecond must be a positive number (got ${eventsPerSecond})`);
  const limits = { ...STREAM_LIMITS, ...options.limits };
  const wss = new WebSocketServer({ noServer: true });
  const counter = createConnectionCounter(limits);
  let connectionCount = 0;

  /** @param {import('node:http').IncomingMessage} req  @param {import('node:stream').Duplex} socket  @param {Buffer} head */
  const onUpgrade = (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    if (url.pathname !== path) return; // another upgrade handler (or none) deals with it
    wss.handleUpgrade(req, socket, head, (ws) => open(ws, req, url));
  };
  server.on('upgrade', onUpgrade);

  /** @param {WebSocket} ws  @param {import('node:http').IncomingMessage} req  @param {URL} url */
  function open(ws, req, url) {
    connectionCount += 1;
    /** @type {NodeJS.Timeout[]} */
    const timers = [];
    /** @type {{pong(): void, stop(): void} | undefined} */
    let heartbeat;
    const stopTimers = () => {
      for (const t of timers) clearTimeout(t); // clears an interval too: Node keeps one kind of timer
      heartbeat?.stop();
    };
    const events = createEventSource({ examples, seed: seed + connectionCount });
    /** @param {unknown} frame */
    const send = (frame) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify(mutate ? mutate(frame) : frame));
      if (ws.bufferedAmount > limits.slowConsumerBytes) session.close(4003);
    };
    // One value each: node joins repeated custom headers.
    const credential = credentialOf({
      apiKey: /** @type {string | undefined} */ (req.headers.apikey),
      creditToken: /** @type {string | undefined} */ (req.headers['x-credit-token']),
      queryKey: url.searchParams.has('apiKey'),
      store,
    });
    // The protocol is the shared core's; what is this transport's: frames over `ws`, its close and terminate.
    const session = createSession({
      connection: connectionCount,
      holder: credential.ok ? credential.holder : null,
      queryKey: credential.ok && credential.queryKey,
      limits,
      transport: {
        send,
        close(code, reason) {
          stopTimers();
          ws.close(code, reason);
        },
        drop() {
          stopTimers();
          ws.terminate();
        },
      },
    });
    if (!credential.ok) return session.close(credential.code, credential.reason);
    const counted = counter.open(credential.holder, req.socket.remoteAddress ?? '');
    ws.once('close', () => {
      counted.release();
      session.ended();
      stopTimers();
    });
    if (counted.over) return session.close(4005);
    const forced = url.searchParams.get('mock_close');
    if (forced !== null) return void session.closeOnDemand(Number(forced));

    heartbeat = startHeartbeat({ intervalMs: heartbeatMs, ping: () => ws.ping(), close: (code) => session.close(code) });
    ws.on('pong', () => heartbeat?.pong());
    timers.push(
      setTimeout(() => session.close(4004), lifetimeMs),
      setInterval(() => {
        for (const { family, segments } of session.subscriptions.values()) send(events.next(family, events.channelFor(family, segments)));
      }, 1000 / eventsPerSecond),
    );
    ws.on('message', (raw, isBinary) => session.receive(isBinary ? null : String(raw)));
  }

  return {
    path,
    /** ws:// URL of the gateway on an http:// base URL. */
    urlOf: (/** @type {string} */ baseUrl) => `${baseUrl.replace(/^http/, 'ws')}${path}`,
    get clients() {
      return wss.clients.size;
    },
    close: async () => {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
