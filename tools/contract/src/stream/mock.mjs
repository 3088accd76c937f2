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
import { WebSocketServer } from 'ws';
import { STREAM_CLOSE_CODES, STREAM_FAMILIES, STREAM_HEARTBEAT, STREAM_LIMITS } from '@laevitas-api/types/stream';
import { parseChannelPattern, validateStreamMessage } from '@laevitas-api/validators/stream';
import { createEventSource, examplesByFamily } from './events.mjs';

/**
 * @typedef {import('@laevitas-api/types/stream').StreamFamilyInfo} StreamFamilyInfo
 * @typedef {import('ws').WebSocket} WebSocket
 */

/** @type {Record<string, string>} method → the schema of its request */
const REQUEST_SCHEMAS = { subscribe: 'SubscribeRequest', unsubscribe: 'UnsubscribeRequest', ping: 'PingRequest' };
const DOCUMENTED = new Set(STREAM_CLOSE_CODES.map((c) => c.code));
// 1006 is observed by a client when a connection drops; a server cannot send it (ws refuses), so it is "on demand"
// as a dropped socket instead.
/** @type {(code: number) => boolean} */
const SENDABLE = (code) => DOCUMENTED.has(code) && code !== 1006;
/** @type {(code: number) => string} */
const meaningOf = (code) => STREAM_CLOSE_CODES.find((c) => c.code === code)?.meaning ?? '';

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
  /** @type {Map<string, number>} */
  const perKey = new Map();
  /** @type {Map<string, number>} */
  const perIp = new Map();
  let connectionCount = 0;

  /** @param {import('node:http').IncomingMessage} req  @param {import('node:stream').Duplex} socket  @param {Buffer} head */
  const onUpgrade = (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    if (url.pathname !== path) return; // another upgrade handler (or none) deals with it
    wss.handleUpgrade(req, socket, head, (ws) => open(ws, req, url));
  };
  server.on('upgrade', onUpgrade);

  /**
   * @param {import('node:http').IncomingMessage} req  @param {URL} url
   * @returns {{ok: true, holder: string | null, queryKey?: boolean} | {ok: false, code: number, reason: string}}
   *   `holder: null`: no credential, the connection is open but unauthenticated (`queryKey`: it sent the removed `?apiKey=`)
   */
  function credentialOf(req, url) {
    // One value each: node joins repeated custom headers.
    const key = /** @type {string | undefined} */ (req.headers.apikey);
    if (key) return { ok: true, holder: `key:${key}` };
    const token = /** @type {string | undefined} */ (req.headers['x-credit-token']);
    if (!token) return { ok: true, holder: null, queryKey: url.searchParams.has('apiKey') };
    if (!store) return { ok: true, holder: `token:${token}` };
    const entry = store.tokens.get(token);
    if (entry?.kind !== 'ws-pass') return { ok: false, code: 4001, reason: 'unknown credit token' };
    const pass = store.passes.get(entry.subject);
    if (!pass || pass.expiresAt <= store.now()) return { ok: false, code: 4006, reason: 'no active streaming pass' };
    return { ok: true, holder: `pass:${entry.subject}` };
  }

  /** @param {WebSocket} ws  @param {import('node:http').IncomingMessage} req  @param {URL} url */
  function open(ws, req, url) {
    connectionCount += 1;
    const connection = connectionCount;
    /** @type {{subscriptions: Map<string, {pattern: string, family: StreamFamilyInfo, segments: readonly string[]}>, received: number[], alive: boolean, timers: NodeJS.Timeout[], closed: boolean, nextId: number}} */
    const state = { subscriptions: new Map(), received: [], alive: true, timers: [], closed: false, nextId: 1 };
    const events = createEventSource({ examples, seed: seed + connectionCount });
    /** @param {unknown} frame */
    const send = (frame) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify(mutate ? mutate(frame) : frame));
      if (ws.bufferedAmount > limits.slowConsumerBytes) close(4003);
    };
    /** @param {number} code  @param {string} [reason] */
    const close = (code, reason = meaningOf(code)) => {
      if (state.closed) return;
      state.closed = true;
      for (const t of state.timers) (clearInterval(t), clearTimeout(t));
      ws.close(code, reason.slice(0, 120));
    };
    /** @param {Map<string, number>} map  @param {string} key  @param {number} delta */
    const count = (map, key, delta) => map.set(key, (map.get(key) ?? 0) + delta);

    const credential = credentialOf(req, url);
    if (!credential.ok) return close(credential.code, credential.reason);
    const holder = credential.holder;
    const ip = req.socket.remoteAddress ?? '';
    if (holder) count(perKey, holder, 1);
    count(perIp, ip, 1);
    ws.once('close', () => {
      if (holder) count(perKey, holder, -1);
      count(perIp, ip, -1);
      state.closed = true;
      for (const t of state.timers) (clearInterval(t), clearTimeout(t));
    });
    // Both were counted just above.
    if (
      (holder !== null && /** @type {number} */ (perKey.get(holder)) > limits.concurrentConnectionsPerApiKey) ||
      /** @type {number} */ (perIp.get(ip)) > limits.concurrentConnectionsPerIp
    )
      return close(4005);
    const forced = url.searchParams.get('mock_close');
    if (forced !== null) return closeOnDemand(Number(forced));

    ws.on('pong', () => (state.alive = true));
    state.timers.push(
      setInterval(() => {
        if (!state.alive) return close(4002);
        state.alive = false;
        ws.ping();
      }, heartbeatMs),
      setTimeout(() => close(4004), lifetimeMs),
      setInterval(() => {
        for (const { family, segments } of state.subscriptions.values()) send(events.next(family, events.channelFor(family, segments)));
      }, 1000 / eventsPerSecond),
    );
    ws.on('message', (raw, isBinary) => {
      const now = Date.now();
      state.received = state.received.filter((t) => now - t < 1000);
      state.received.push(now);
      if (state.received.length > limits.inboundMessagesPerSecond) return close(4008);
      handle(isBinary ? null : String(raw));
    });

    /** @param {number} code */
    function closeOnDemand(code) {
      if (code === 1006) return ws.terminate();
      if (!SENDABLE(code)) return false;
      close(code);
      return true;
    }

    /** @param {number | null} id  @param {string} message  @param {number} [code] 400 unless given (the gateway's other codes are not published) */
    function error(id, message, code = 400) {
      send({ id, error: { code, message } });
    }

    /** @param {string | null} text */
    function handle(text) {
      /** @type {any} the request as parsed, checked below */
      let request;
      try {
        request = JSON.parse(text ?? '');
      } catch {
        return error(null, 'a request is a JSON text frame');
      }
      const id = Number.isInteger(request?.id) ? request.id : null;
      if (request?.method === 'mock.close') {
        const code = Number(request.params?.code);
        if (!closeOnDemand(code)) error(id, `mock.close: params.code must be a documented close code (${[...DOCUMENTED].join(', ')})`);
        return;
      }
      const schema = REQUEST_SCHEMAS[request?.method];
      if (!schema) return error(id, `method must be one of ${Object.keys(REQUEST_SCHEMAS).join(', ')} (got ${JSON.stringify(request?.method)})`);
      const checked = validateStreamMessage(schema, request);
      if (!checked.ok) return error(id, checked.issues.map((i) => i.message).join('; '));
      if (request.method === 'ping') return send({ id, result: {} });
      if (holder === null) {
        const hint = credential.ok && credential.queryKey ? ': the apiKey query parameter was removed in API v1.18.0, send the key in the apikey header' : '';
        return error(id, `Authentication required${hint}`, 401);
      }
      if (request.method === 'unsubscribe') {
        const subscriptionId = /** @type {string} */ (request.params.subscriptionId);
        if (!state.subscriptions.delete(subscriptionId)) return error(id, `no subscription ${JSON.stringify(subscriptionId)} on this connection`);
        return send({ id, result: {} });
      }
      /** @type {string[]} */
      const patterns = [...new Set(/** @type {string[]} */ (request.params.channels))];
      const parsed = patterns.map((p) => /** @type {const} */ ([p, parseChannelPattern(p)]));
      const bad = parsed.find(([, r]) => !r.ok);
      if (bad) return error(id, /** @type {{error: string}} */ (bad[1]).error);
      if (state.subscriptions.size + patterns.length > limits.subscriptionsPerConnection) {
        return error(
          id,
          `at most ${limits.subscriptionsPerConnection} subscriptions per connection (${state.subscriptions.size} active, ${patterns.length} new)`,
        );
      }
      // Every pattern parsed (no `bad` one), and a parsed pattern names one of STREAM_FAMILIES. Each gets a
      // subscription of its own, even a pattern subscribed before (the gateway's ids are per subscribe).
      /** @type {string[]} */
      const subscriptionIds = [];
      for (const [pattern, r] of parsed) {
        const { family, segments } = /** @type {{family: string, segments: readonly string[]}} */ (r);
        const subscriptionId = `sub-${connection}-${state.nextId++}`;
        state.subscriptions.set(subscriptionId, {
          pattern,
          family: /** @type {StreamFamilyInfo} */ (STREAM_FAMILIES.find((f) => f.family === family)),
          segments,
        });
        subscriptionIds.push(subscriptionId);
      }
      send({ id, result: { channels: patterns, subscriptionIds } });
    }
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
