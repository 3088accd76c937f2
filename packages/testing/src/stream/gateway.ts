// MSW WebSocket handlers for the stream gateway, answering as the contract tool's stream mock does: the same protocol
// (@laevitas-api/stream-mock-core: the login from the `apikey` header and its refusal, subscribe replies with the
// gateway's subscription ids, unsubscribe by id, the coded error replies, the documented close codes, the `ping`
// heartbeat) runs in-process on every intercepted connection. What a test adds: typed events pushed to the
// subscribers of a channel, a forced error reply, a close with a documented code, and a dropped connection.
import { ws, type WebSocketHandler, type WebSocketLink } from 'msw';
import type { StreamChannel, StreamEventOf, StreamPattern } from '@laevitas-api/types/stream';
import { channelMatches, parseChannelPattern, validateStreamEvent } from '@laevitas-api/validators/stream';
import { DEFAULT_STREAM_URL, STREAM_EXAMPLES, type DocumentedCloseCode } from '../../generated/stream.js';
import { core, familyOf, type Session } from './core.js';
import { upgradeHeadersOf } from './socket.js';
import { limitsOf, type EnforcedStreamLimits } from './limits.js';

/** A close code a server sends (1006, a connection dropped without a close frame, is `drop()`). */
export type SendableCloseCode = Exclude<DocumentedCloseCode, 1006>;
/** The `data` of the events on channel `C`: a pushed event's fields, typed by its channel's family. */
export type StreamEventData<C extends string> = StreamEventOf<C>['data'];
/** An error reply's `error`: 401 and 403 end the client's stream (StreamAuthError); other codes fail the request. */
export interface StreamRequestRefusal {
  code: number;
  message: string;
}

export interface StreamGatewayOptions {
  /** The gateway URL to intercept. Default: the client's default, the spec's native gateway (wss://apiv2.laevitas.ch/ws). */
  url?: string;
  /** The API keys accepted; any other is refused with close code 4001. Default: any key, as the mock accepts any. */
  apiKeys?: readonly string[];
  /** Events made per subscription per second, as the mock sends them; default 0: only the events a test pushes. */
  eventsPerSecond?: number;
  /** Another seed gives other (equally valid) event values. */
  seed?: number;
  /**
   * Lower limits for tests of them (default the contract's): subscriptions per connection (an error reply, code 400),
   * inbound messages per second (close 4008), connections per key and per IP (4005), lifetime in seconds (4004).
   */
  limits?: Partial<EnforcedStreamLimits>;
}

/** One active subscription on one intercepted connection. */
export interface StreamSubscriptionInfo {
  subscriptionId: string;
  pattern: string;
  /** The connection it belongs to: 1 for the first connection of this gateway, 2 after a reconnect, … */
  connection: number;
}

export interface StreamGateway {
  /** The MSW handler: `setupServer(...handlers, gateway.handler)` (or `setupWorker` in the browser). */
  readonly handler: WebSocketHandler;
  readonly url: string;
  /** Connections open now. */
  readonly connections: number;
  /** Every active subscription of every open connection. */
  readonly subscriptions: readonly StreamSubscriptionInfo[];
  /** Resolves once a subscription on `pattern` (any, without one) is active: push after it, not before. */
  subscribed(pattern?: StreamPattern, options?: { timeoutMs?: number }): Promise<StreamSubscriptionInfo>;
  /** The event a push of `data` on `channel` sends: the contract's example for the channel, moved, with `data` over it. */
  event<const C extends StreamChannel>(channel: C, data?: Partial<StreamEventData<C>>): StreamEventOf<C>;
  /** Sends the event to every connection with a subscription matching `channel`; returns how many it reached. */
  push<const C extends StreamChannel>(channel: C, data?: Partial<StreamEventData<C>>): number;
  /** The next authenticated request of `method` (default subscribe) gets this error reply instead of its answer. */
  refuseNext(error: StreamRequestRefusal, method?: 'subscribe' | 'unsubscribe'): void;
  /** Closes every open connection with a documented close code; returns how many it closed. */
  close(code: SendableCloseCode, reason?: string): number;
  /** Drops every open connection without a close frame (the client sees 1006); returns how many it dropped. */
  drop(): number;
}

interface Live {
  id: number;
  session: Session;
  /** Sends one frame's text on this connection. */
  sendText(text: string): void;
  timer?: ReturnType<typeof setInterval>;
  lifetime?: ReturnType<typeof setTimeout>;
}

// One link per URL, shared by the gateways on it: each link registers a listener on MSW's shared BroadcastChannel,
// and a test file that makes a gateway per test would otherwise trip Node's listener-leak warning.
const links = new Map<string, WebSocketLink>();

const describe = (issues: readonly { path?: string; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');

/** A stream gateway of its own (its connections, subscriptions and forced errors) with its MSW handler. */
export function createStreamGateway(options: StreamGatewayOptions = {}): StreamGateway {
  const url = options.url ?? DEFAULT_STREAM_URL;
  const eventsPerSecond = options.eventsPerSecond ?? 0;
  if (!(Number.isFinite(eventsPerSecond) && eventsPerSecond >= 0)) {
    throw new RangeError(`@laevitas-api/testing: eventsPerSecond must be a number of at least 0 (got ${options.eventsPerSecond})`);
  }
  const { limits, lifetime } = limitsOf(options.limits);
  const events = core.createEventSource({ examples: STREAM_EXAMPLES, seed: options.seed ?? 1 });
  const counter = core.createConnectionCounter(limits);
  const live = new Set<Live>();
  const refusals: { method: string; error: StreamRequestRefusal }[] = [];
  const waiters = new Set<(info: StreamSubscriptionInfo) => boolean>();
  let connectionCount = 0;

  const subscriptions = (): StreamSubscriptionInfo[] =>
    [...live].flatMap(({ id, session }) => [...session.subscriptions].map(([subscriptionId, s]) => ({ subscriptionId, pattern: s.pattern, connection: id })));

  let link = links.get(url);
  if (!link) links.set(url, (link = ws.link(url)));
  const handler = link.addEventListener('connection', ({ client }) => {
    const id = ++connectionCount;
    const headers = upgradeHeadersOf((client as unknown as { socket?: unknown }).socket);
    const credential = core.credentialOf({
      apiKey: headers.apikey,
      creditToken: headers['x-credit-token'],
      queryKey: client.url.searchParams.has('apiKey'),
      apiKeys: options.apiKeys,
    });
    const entry: Live = { id, session: undefined as unknown as Session, sendText: (text) => client.send(text) };
    const send = (frame: any) => {
      client.send(JSON.stringify(frame));
      if (!frame?.result?.subscriptionIds) return;
      for (const info of subscriptions()) for (const waiter of waiters) if (waiter(info)) waiters.delete(waiter);
    };
    const end = () => {
      clearInterval(entry.timer);
      clearTimeout(entry.lifetime);
      live.delete(entry);
    };
    entry.session = core.createSession({
      connection: id,
      holder: credential.ok ? credential.holder : null,
      queryKey: credential.ok && credential.queryKey,
      limits,
      transport: {
        send,
        close: (code, reason) => (end(), client.close(code, reason)),
        drop: () => (end(), client.close(1006, '')),
      },
      refusal: ({ method }) => {
        const at = refusals.findIndex((r) => r.method === method);
        return at < 0 ? undefined : refusals.splice(at, 1)[0]!.error;
      },
    });
    const { session } = entry;
    if (!credential.ok) return session.close(credential.code, credential.reason);
    const counted = counter.open(credential.holder, 'intercepted');
    live.add(entry);
    client.addEventListener('close', () => {
      counted.release();
      session.ended();
      end();
    });
    client.addEventListener('message', (event) => session.receive(typeof event.data === 'string' ? event.data : null));
    if (counted.over) return session.close(4005);
    const forced = client.url.searchParams.get('mock_close');
    if (forced !== null) return void session.closeOnDemand(Number(forced));
    // Only when the test set one: the contract's day would hold a test's process open.
    if (lifetime) entry.lifetime = setTimeout(() => session.close(4004), limits.maxLifetimeSeconds * 1000);
    if (eventsPerSecond > 0) {
      entry.timer = setInterval(() => {
        for (const { family, segments } of session.subscriptions.values()) send(events.next(family, events.channelFor(family, segments)));
      }, 1000 / eventsPerSecond);
    }
  });

  function event(channel: string, data?: object): any {
    const parsed = parseChannelPattern(channel, { wildcards: false });
    if (!parsed.ok) throw new TypeError(`@laevitas-api/testing: stream event: ${parsed.error}`);
    const made = events.next(familyOf(parsed.family), channel);
    const result = { channel, data: { ...made.data, ...data } };
    const checked = validateStreamEvent(result);
    if (!checked.ok) throw new TypeError(`@laevitas-api/testing: the event on ${channel} breaks the contract: ${describe(checked.issues)}`);
    return result;
  }

  return {
    handler,
    url,
    get connections() {
      return live.size;
    },
    get subscriptions() {
      return subscriptions();
    },
    subscribed(pattern, { timeoutMs = 5000 } = {}) {
      const wanted: string | undefined = pattern;
      const fits = (info: StreamSubscriptionInfo) => wanted === undefined || info.pattern === wanted;
      const now = subscriptions().find(fits);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const waiter = (info: StreamSubscriptionInfo) => fits(info) && (clearTimeout(timer), resolve(info), true);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const active = subscriptions().map((s) => s.pattern);
          reject(
            new Error(`@laevitas-api/testing: no subscription on ${wanted ?? 'any pattern'} within ${timeoutMs} ms (active: ${active.join(', ') || 'none'})`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    event: event as StreamGateway['event'],
    push(channel, data) {
      const frame = JSON.stringify(event(channel, data as object));
      let reached = 0;
      for (const { session, sendText } of live) {
        if (![...session.subscriptions.values()].some((s) => channelMatches(s.pattern, channel))) continue;
        sendText(frame);
        reached++;
      }
      return reached;
    },
    refuseNext(error, method = 'subscribe') {
      if (!(Number.isInteger(error?.code) && typeof error.message === 'string')) {
        throw new TypeError('@laevitas-api/testing: refuseNext takes { code: an integer, message: a string }');
      }
      refusals.push({ method, error });
    },
    close(code, reason) {
      if (!core.isDocumentedCloseCode(code) || code === core.DROPPED_CLOSE_CODE) {
        throw new RangeError(`@laevitas-api/testing: close takes a documented close code a server sends, not ${code} (drop() for 1006)`);
      }
      const open = [...live];
      for (const { session } of open) session.close(code, reason);
      return open.length;
    },
    drop() {
      const open = [...live];
      for (const { session } of open) session.close(core.DROPPED_CLOSE_CODE);
      return open.length;
    },
  };
}
