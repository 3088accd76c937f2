// One gateway connection's side of the request grammar, whatever carries it (the contract tool's `ws` server, the MSW
// handlers): the inbound rate limit, the requests (subscribe, unsubscribe, ping) checked against the contract, the
// login gate, the subscriptions by the gateway's ids, and the test-only `mock.close` request.
//   subscribe    replies {channels, subscriptionIds} (parallel arrays); every pattern gets an id of its own, even one
//                subscribed before (the gateway's ids are per subscribe), up to the per-connection cap
//   unsubscribe  names one subscriptionId of this connection
//   ping         replies {} (the client's heartbeat), with or without a login
//   refusals     the error reply {code, message} naming the problem: 401 unauthenticated, 400 for everything else
import { STREAM_FAMILIES, STREAM_LIMITS } from '@laevitas-api/types/stream';
import { parseChannelPattern, validateStreamMessage } from '@laevitas-api/validators/stream';
import { DOCUMENTED_CLOSE_CODES, DROPPED_CLOSE_CODE, ERROR_CODES, errorReply, isDocumentedCloseCode, meaningOf } from './codes.mjs';

/**
 * @typedef {import('@laevitas-api/types/stream').StreamFamilyInfo} StreamFamilyInfo
 * @typedef {{pattern: string, family: StreamFamilyInfo, segments: readonly string[]}} Subscription
 * @typedef {{send(frame: unknown): void, close(code: number, reason: string): void, drop(): void}} Transport
 *   `drop`: end the connection without a close frame (the client observes 1006)
 */

/** @type {Record<string, string>} method → the schema of its request */
const REQUEST_SCHEMAS = { subscribe: 'SubscribeRequest', unsubscribe: 'UnsubscribeRequest', ping: 'PingRequest' };
const REMOVED_QUERY_HINT = ': the apiKey query parameter was removed in API v1.18.0, send the key in the apikey header';

/**
 * @param {{connection: number | string, holder: string | null, queryKey?: boolean | undefined, transport: Transport,
 *   limits?: {subscriptionsPerConnection: number, inboundMessagesPerSecond: number} | undefined, now?: (() => number) | undefined,
 *   refusal?: ((request: {method: string, channels: readonly string[]}) => {code: number, message: string} | undefined) | undefined}} options
 *   `connection` names the connection in its subscription ids; `holder` is null for an unauthenticated one
 *   (`queryKey`: it sent the removed `?apiKey=`); `refusal` may refuse an authenticated subscribe or unsubscribe
 *   with an error of the caller's choosing (the test doubles' forced errors)
 */
export function createSession({ connection, holder, queryKey = false, transport, limits = STREAM_LIMITS, now = Date.now, refusal }) {
  /** @type {Map<string, Subscription>} */
  const subscriptions = new Map();
  /** @type {number[]} */
  let received = [];
  let nextId = 1;
  let closed = false;

  /** @param {number} code  @param {string} [reason] */
  function close(code, reason = meaningOf(code)) {
    if (closed) return;
    closed = true;
    subscriptions.clear();
    if (code === DROPPED_CLOSE_CODE) transport.drop();
    else transport.close(code, reason.slice(0, 120));
  }

  /** Closes with a documented code (1006 drops the connection); false for any other code.  @param {number} code */
  function closeOnDemand(code) {
    if (!isDocumentedCloseCode(code)) return false;
    close(code);
    return true;
  }

  /** @param {number | null} id  @param {string} message  @param {number} [code] */
  const error = (id, message, code) => transport.send(errorReply(id, message, code));

  /** One inbound frame: its text, or null for a binary frame. */
  function receive(/** @type {string | null} */ text) {
    if (closed) return;
    const at = now();
    received = received.filter((t) => at - t < 1000);
    received.push(at);
    if (received.length > limits.inboundMessagesPerSecond) return close(4008);
    handle(text);
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
      if (!closeOnDemand(Number(request.params?.code)))
        error(id, `mock.close: params.code must be a documented close code (${DOCUMENTED_CLOSE_CODES.join(', ')})`);
      return;
    }
    const schema = REQUEST_SCHEMAS[request?.method];
    if (!schema) return error(id, `method must be one of ${Object.keys(REQUEST_SCHEMAS).join(', ')} (got ${JSON.stringify(request?.method)})`);
    const checked = validateStreamMessage(schema, request);
    if (!checked.ok) return error(id, checked.issues.map((i) => i.message).join('; '));
    if (request.method === 'ping') return transport.send({ id, result: {} });
    if (holder === null) return error(id, `Authentication required${queryKey ? REMOVED_QUERY_HINT : ''}`, ERROR_CODES.unauthenticated);
    const channels =
      request.method === 'subscribe'
        ? /** @type {string[]} */ (request.params.channels)
        : [subscriptions.get(request.params.subscriptionId)?.pattern].filter((p) => p !== undefined);
    const forced = refusal?.({ method: request.method, channels });
    if (forced) return error(id, forced.message, forced.code);
    return request.method === 'unsubscribe' ? unsubscribe(id, request.params.subscriptionId) : subscribe(id, channels);
  }

  /** @param {number | null} id  @param {string} subscriptionId */
  function unsubscribe(id, subscriptionId) {
    if (!subscriptions.delete(subscriptionId)) return error(id, `no subscription ${JSON.stringify(subscriptionId)} on this connection`);
    transport.send({ id, result: {} });
  }

  /** @param {number | null} id  @param {string[]} channels */
  function subscribe(id, channels) {
    const patterns = [...new Set(channels)];
    const parsed = patterns.map((p) => /** @type {const} */ ([p, parseChannelPattern(p)]));
    const bad = parsed.find(([, r]) => !r.ok);
    if (bad) return error(id, /** @type {{error: string}} */ (bad[1]).error);
    if (subscriptions.size + patterns.length > limits.subscriptionsPerConnection) {
      return error(id, `at most ${limits.subscriptionsPerConnection} subscriptions per connection (${subscriptions.size} active, ${patterns.length} new)`);
    }
    /** @type {string[]} */
    const subscriptionIds = [];
    for (const [pattern, r] of parsed) {
      // Every pattern parsed (no `bad` one), and a parsed pattern names one of STREAM_FAMILIES.
      const { family, segments } = /** @type {{family: string, segments: readonly string[]}} */ (r);
      const subscriptionId = `sub-${connection}-${nextId++}`;
      subscriptions.set(subscriptionId, { pattern, family: /** @type {StreamFamilyInfo} */ (STREAM_FAMILIES.find((f) => f.family === family)), segments });
      subscriptionIds.push(subscriptionId);
    }
    transport.send({ id, result: { channels: patterns, subscriptionIds } });
  }

  return {
    /** The connection's subscriptions by the gateway's id (live: events go to each). */
    subscriptions,
    receive,
    close,
    closeOnDemand,
    /** Whether the session has ended (closed or dropped): nothing more is sent. */
    get closed() {
      return closed;
    },
    /** The transport closed from the other side: forget the subscriptions. */
    ended() {
      closed = true;
      subscriptions.clear();
    },
  };
}
