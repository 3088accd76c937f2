// One connection to the gateway carrying any number of subscriptions. It connects on the first subscribe with the key
// in the `apikey` header (never in the URL), sends the grammar's subscribe / unsubscribe / ping requests, keeps the
// subscription id the gateway gives each pattern and unsubscribes by that id when no one needs the pattern any more,
// routes each `{channel, data}` event to every subscription whose pattern matches, pings about every 25 s and treats
// a missed pong as a dead connection, and after a drop reconnects on the gateway's backoff schedule and resubscribes
// everything in one message.
import { StreamPatternError, matches, parsePattern, type ChannelPattern, type ParsedPattern } from './channels.js';
import type { EventOf, StreamEvent } from './events.js';
import { STREAM_HEARTBEAT } from '@laevitas-api/types/stream';
import { MessageBudget } from './message-budget.js';
import { RECONNECT_DEFAULTS, reconnectDelay, type ReconnectSettings } from './backoff.js';
import { canSendHeaders, frameText, isOpen, socketFactory, type SocketFactory, type SocketLike } from './socket.js';
import { STREAM_LIMITS, type StreamEvents, type StreamOptions, type StreamStats } from './options.js';
import { Subscription } from './subscription.js';
import {
  StreamAuthError,
  StreamClosedError,
  StreamCredentialsError,
  StreamError,
  StreamEventValidationError,
  StreamIdleTimeoutError,
  StreamLimitError,
  StreamProtocolError,
  StreamRequestError,
  closeError,
} from './errors.js';

export { STREAM_LIMITS, Subscription };
export type { StreamEvents, StreamOptions, StreamStats };
export type { StreamValidationIssue, StreamValidators } from './options.js';

type Listener<K extends keyof StreamEvents> = (event: StreamEvents[K]) => void;

interface PatternState {
  parsed: ParsedPattern;
  subscriptions: Set<Subscription<any>>;
}
type Pending = { method: 'subscribe' | 'unsubscribe' | 'ping'; channels: string[]; resubscribe?: boolean };

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

/** `{a: undefined}` must not override a default. */
const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

function gatewayUrl(options: StreamOptions): string {
  if (options.url) return options.url;
  const base = new URL(options.v2BaseUrl ?? 'https://apiv2.laevitas.ch');
  base.protocol = base.protocol === 'http:' ? 'ws:' : 'wss:';
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/ws`;
  return base.toString();
}

export class LaevitasStream {
  readonly url: string;
  readonly stats: StreamStats = { received: 0, dropped: 0, invalid: 0, reconnects: 0 };
  private readonly options: StreamOptions;
  private readonly apiKey: string | undefined;
  private readonly now: () => number;
  private readonly budget: MessageBudget;
  private readonly maxSubscriptions: number;
  private readonly reconnectSettings: Required<ReconnectSettings> | false;
  private readonly patterns = new Map<string, PatternState>();
  private readonly subscriptions = new Set<Subscription<any>>();
  /** channel name -> subscriptions it goes to; rebuilt lazily when the set of patterns changes. */
  private routes = new Map<string, Subscription<any>[]>();
  private readonly pending = new Map<number, Pending>();
  /** pattern -> the gateway's id of its subscription on this connection (from the subscribe reply). */
  private readonly subscriptionIds = new Map<string, string>();
  private readonly listeners = new Map<keyof StreamEvents, Set<(event: any) => void>>();
  private factory: Promise<SocketFactory> | undefined;
  private socket: SocketLike | undefined;
  private connecting = false;
  private closedByUser = false;
  private nextId = 1;
  /** Patterns waiting to go out in the next subscribe message (one per tick). */
  private outgoing: string[] = [];
  private flushScheduled = false;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private deferredTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly deferred: object[] = [];
  /** Set when the client itself kills the socket, so its close is reported with the real reason. */
  private killedWith: StreamClosedError | undefined;
  private attempt = 0;
  private droppedAt: number | undefined;

  constructor(options: StreamOptions = {}) {
    this.options = options;
    this.url = gatewayUrl(options);
    this.apiKey = options.apiKey ?? env('LAEVITAS_API_KEY');
    this.now = options.now ?? Date.now;
    this.budget = new MessageBudget(options.limits?.messagesPerSecond ?? STREAM_LIMITS.messagesPerSecond, 1000, this.now);
    this.maxSubscriptions = options.limits?.subscriptions ?? STREAM_LIMITS.subscriptions;
    this.reconnectSettings = options.reconnect === false ? false : { ...RECONNECT_DEFAULTS, ...definedOnly(options.reconnect ?? {}) };
    if ((options.validate ?? 'off') !== 'off' && typeof options.validators?.validateStreamEvent !== 'function') {
      throw new TypeError(`stream option validate: '${options.validate}' needs validators with validateStreamEvent (pass @laevitas-api/validators)`);
    }
    if (options.bufferSize !== undefined && !(Number.isInteger(options.bufferSize) && options.bufferSize >= 1)) {
      throw new TypeError(`stream option bufferSize must be an integer >= 1, got ${options.bufferSize}`);
    }
    const auth = (options as { auth?: unknown }).auth;
    if (auth !== undefined && auth !== 'header') {
      throw new StreamCredentialsError(
        'query-removed',
        `stream option auth: ${JSON.stringify(auth)} is not supported: the gateway removed the apiKey query parameter in API v1.18.0 and reads the key only from the apikey header, which the client always uses (drop the option)`,
      );
    }
    if ((this.apiKey || options.creditToken !== undefined) && !canSendHeaders(options.WebSocket)) {
      throw new StreamCredentialsError(
        'headers-unsupported',
        `cannot send the ${this.apiKey ? 'API key' : 'credit token'} here: the gateway takes it only in a header of the WebSocket upgrade (apikey${
          this.apiKey ? '' : ' / X-Credit-Token'
        }) and a browser's WebSocket cannot set headers (the apiKey query parameter was removed in API v1.18.0, so the client will not put the key in the URL). ` +
          'What works: connect through a server of your own that adds the apikey header (pass its address as `url` and no apiKey), ' +
          'or run the stream where the WebSocket takes headers (Node, Bun, or a `WebSocket` option that accepts { headers }). ' +
          "The gateway's `auth` request and how a browser presents a WebSocket-pass token are not published.",
      );
    }
  }

  on<K extends keyof StreamEvents>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }
  private emit<K extends keyof StreamEvents>(event: K, payload: StreamEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  /** Patterns the connection is subscribed to (or will be on the next connect). */
  get activePatterns(): string[] {
    return [...this.patterns.keys()];
  }

  /**
   * Subscribes to one pattern or several (one message, one connection) and returns their events as an async
   * iterable; the pattern's literal narrows the event type. Throws StreamPatternError for a pattern outside the
   * grammar and StreamLimitError beyond 200 patterns or 20 messages per second, before anything is sent.
   */
  subscribe<const P extends ChannelPattern>(patterns: P | readonly P[]): Subscription<EventOf<P>> {
    if (this.closedByUser) throw new StreamError('stream is closed: create a new one');
    const list = [...new Set(typeof patterns === 'string' ? [patterns] : patterns)] as string[];
    if (list.length === 0) throw new StreamPatternError('', 'patterns', 'must name at least one pattern');
    const parsed = list.map(parsePattern);
    const fresh = parsed.filter((p) => !this.patterns.has(p.pattern));
    if (this.patterns.size + fresh.length > this.maxSubscriptions) {
      throw new StreamLimitError(
        'subscriptions',
        this.maxSubscriptions,
        `subscribing to ${fresh.length} more pattern(s) would make ${this.patterns.size + fresh.length}; the gateway allows ${this.maxSubscriptions} subscriptions per connection (one pattern, wildcards included, counts as one)`,
      );
    }
    // Patterns subscribed in one tick share one message; only the first of them needs a slot.
    if (fresh.length && isOpen(this.socket) && !this.flushScheduled && !this.budget.tryTake()) {
      throw new StreamLimitError(
        'messagesPerSecond',
        this.budget.limit,
        `subscribe refused: ${this.budget.limit} messages were already sent in the last second and the gateway closes connections (4008) above ${this.budget.limit} messages per second; retry in ${this.budget.waitMs()} ms or pass several patterns to one subscribe call`,
      );
    }
    const subscription: Subscription<EventOf<P>> = new Subscription(this, list, this.options.bufferSize ?? 10_000, (dropped) => {
      this.stats.dropped++;
      this.emit('dropped', { pattern: list, dropped });
    });
    this.subscriptions.add(subscription);
    for (const p of parsed) {
      let state = this.patterns.get(p.pattern);
      if (!state) this.patterns.set(p.pattern, (state = { parsed: p, subscriptions: new Set() }));
      state.subscriptions.add(subscription);
    }
    this.routes = new Map();
    if (fresh.length) {
      if (isOpen(this.socket)) this.queueSubscribe(fresh.map((p) => p.pattern));
      else void this.connect();
    }
    return subscription;
  }

  /** Ends every subscription on `pattern` and unsubscribes it on the gateway. */
  unsubscribe(pattern: string): void {
    for (const subscription of [...(this.patterns.get(pattern)?.subscriptions ?? [])]) subscription.unsubscribe();
  }

  /** @internal A subscription ended: forget it, and tell the gateway about patterns no one needs any more. */
  release(subscription: Subscription<any>): void {
    if (!this.subscriptions.delete(subscription)) return;
    const gone: string[] = [];
    for (const pattern of subscription.patterns) {
      const state = this.patterns.get(pattern);
      if (!state) continue;
      state.subscriptions.delete(subscription);
      if (state.subscriptions.size === 0) {
        this.patterns.delete(pattern);
        gone.push(pattern);
      }
    }
    this.routes = new Map();
    this.outgoing = this.outgoing.filter((p) => this.patterns.has(p));
    if (this.patterns.size === 0) {
      // Nothing left to receive: close instead of unsubscribing, so a finished `for await` lets the process exit.
      this.disconnect();
      return;
    }
    if (isOpen(this.socket)) for (const pattern of gone) this.unsubscribeOnGateway(pattern);
  }

  /**
   * Frees the gateway's subscription of `pattern`: one unsubscribe request per subscription id. A pattern whose
   * subscribe is still unanswered has no id yet; its reply frees it (onSubscribed), so nothing leaks either way.
   */
  private unsubscribeOnGateway(pattern: string): void {
    const subscriptionId = this.subscriptionIds.get(pattern);
    if (subscriptionId === undefined) return;
    this.subscriptionIds.delete(pattern);
    this.sendUnsubscribe(pattern, subscriptionId);
  }
  private sendUnsubscribe(pattern: string, subscriptionId: string): void {
    if (!isOpen(this.socket)) return; // a closed connection took its subscriptions with it
    this.sendControl({ id: this.request({ method: 'unsubscribe', channels: [pattern] }), method: 'unsubscribe', params: { subscriptionId } });
  }

  /** Closes the connection and ends every subscription (their loops finish after the buffered events). */
  close(): void {
    this.closedByUser = true;
    for (const subscription of [...this.subscriptions]) subscription.unsubscribe();
    this.disconnect();
  }

  private disconnect(): void {
    this.clearTimers();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.droppedAt = undefined;
    this.attempt = 0;
    const socket = this.socket;
    this.socket = undefined;
    this.connecting = false;
    this.pending.clear();
    this.subscriptionIds.clear();
    this.deferred.length = 0;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onopen = null;
      socket.onerror = () => {}; // closing a socket still connecting reports an error: expected here
      try {
        socket.close(1000, 'client closed');
      } catch {
        /* already closing */
      }
    }
  }

  private request(pending: Pending): number {
    const id = this.nextId++;
    this.pending.set(id, pending);
    return id;
  }

  private queueSubscribe(channels: string[]): void {
    this.outgoing.push(...channels);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      const channels = this.outgoing.filter((p) => this.patterns.has(p));
      this.outgoing = [];
      if (!channels.length || !isOpen(this.socket)) return;
      const id = this.request({ method: 'subscribe', channels });
      this.socket.send(JSON.stringify({ id, method: 'subscribe', params: { channels } }));
    });
  }

  /** The client's own messages: sent when the budget allows, else as soon as a slot frees. */
  private sendControl(message: object): void {
    if (!this.deferred.length && this.budget.tryTake()) {
      this.socket?.send(JSON.stringify(message));
      return;
    }
    this.deferred.push(message);
    this.scheduleDeferred();
  }
  private scheduleDeferred(): void {
    if (this.deferredTimer) return;
    this.deferredTimer = setTimeout(() => {
      this.deferredTimer = undefined;
      while (this.deferred.length && isOpen(this.socket) && this.budget.tryTake()) this.socket.send(JSON.stringify(this.deferred.shift()));
      if (this.deferred.length) this.scheduleDeferred();
    }, this.budget.waitMs());
  }

  private async connect(): Promise<void> {
    if (this.connecting || this.socket || this.reconnectTimer || this.closedByUser) return;
    this.connecting = true;
    let socket: SocketLike;
    try {
      this.factory ??= socketFactory(this.options.WebSocket, Boolean(this.apiKey) || this.options.creditToken !== undefined);
      const open = await this.factory;
      if (!this.connecting) return; // closed while loading the implementation
      // The key goes in the upgrade's `apikey` header, the only place the gateway reads it (API v1.18.0 removed the
      // query parameter); nothing secret is ever put in the URL.
      const headers: Record<string, string> = {};
      if (this.apiKey) headers.apikey = this.apiKey;
      if (this.options.creditToken !== undefined) headers['x-credit-token'] = this.options.creditToken;
      socket = open(this.url, headers);
    } catch (error) {
      this.connecting = false;
      this.fail(error instanceof StreamError ? error : new StreamError(`cannot connect to ${this.url}: ${(error as Error).message}`, { cause: error }));
      return;
    }
    this.socket = socket;
    this.connecting = false;
    let handshakeError: string | undefined;
    socket.onopen = () => this.onOpen();
    // With `ws`, its own event hands over the frame's bytes directly: a third less work per event than the
    // WHATWG wrapper, which builds a MessageEvent for each (see the stream benchmark).
    if (typeof socket.on === 'function') socket.on('message', (data, isBinary) => socket === this.socket && this.onMessage(isBinary ? data : data.toString()));
    else socket.onmessage = (event) => socket === this.socket && this.onMessage(event.data);
    socket.onerror = (event) => {
      handshakeError = String(
        (event as { message?: unknown; error?: { message?: unknown } })?.message ?? (event as { error?: { message?: unknown } })?.error?.message ?? '',
      );
    };
    socket.onclose = (event) => {
      // A handshake refused with 401/403 (seen through `ws`'s error text) is the same verdict as close code 4001.
      const refused = /Unexpected server response: (401|403)\b/.exec(handshakeError ?? '');
      const error =
        this.killedWith ?? (refused ? new StreamAuthError(4001, `handshake refused with ${refused[1]}`, 'fatal') : closeError(event.code, event.reason));
      this.killedWith = undefined;
      this.onClose(socket, error);
    };
  }

  private onOpen(): void {
    const channels = [...this.patterns.keys()];
    this.outgoing = [];
    if (channels.length) {
      this.budget.tryTake();
      const id = this.request({ method: 'subscribe', channels, resubscribe: this.droppedAt !== undefined });
      this.socket!.send(JSON.stringify({ id, method: 'subscribe', params: { channels } }));
    }
    this.emit('open', { url: this.url });
    this.startHeartbeat();
  }

  private startHeartbeat(): void {
    const settings = this.options.heartbeat;
    if (settings === false) return;
    const intervalMs = settings?.intervalMs ?? STREAM_HEARTBEAT.clientPingSeconds * 1000;
    const timeoutMs = settings?.timeoutMs ?? 10_000;
    this.heartbeatTimer = setTimeout(() => {
      if (!isOpen(this.socket)) return;
      this.sendControl({ id: this.request({ method: 'ping', channels: [] }), method: 'ping' });
      this.pongTimer = setTimeout(() => {
        this.killedWith = new StreamIdleTimeoutError(
          4002,
          `no pong within ${timeoutMs} ms`,
          'backoff',
          `stream connection dead: no reply to ping within ${timeoutMs} ms`,
        );
        this.kill();
      }, timeoutMs);
    }, intervalMs);
  }

  /** Drops a connection the client considers dead: no close handshake to wait for. */
  private kill(): void {
    const socket = this.socket as (SocketLike & { terminate?: () => void }) | undefined;
    if (!socket) return;
    if (typeof socket.terminate === 'function') socket.terminate();
    else {
      socket.onclose = null;
      socket.close(4000, 'no pong');
      this.onClose(socket, this.killedWith!);
      this.killedWith = undefined;
    }
  }

  private clearTimers(): void {
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.pongTimer);
    clearTimeout(this.deferredTimer);
    this.heartbeatTimer = this.pongTimer = this.deferredTimer = undefined;
  }

  private onMessage(data: unknown): void {
    let message: any;
    try {
      message = JSON.parse(frameText(data));
    } catch {
      this.emit('warning', { error: new StreamProtocolError(`frame is not JSON: ${frameText(data).slice(0, 80)}`) });
      return;
    }
    const channel = message?.channel;
    if (typeof channel === 'string') return this.deliver(channel, message);
    const id = message?.id;
    const pending = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (pending) return this.onReply(id, pending, message);
    this.emit('warning', { error: new StreamProtocolError(`unexpected frame: ${JSON.stringify(message).slice(0, 120)}`) });
  }

  private deliver(channel: string, event: StreamEvent): void {
    this.stats.received++;
    let targets = this.routes.get(channel);
    if (!targets) {
      const found = new Set<Subscription<any>>();
      for (const state of this.patterns.values()) if (matches(state.parsed, channel)) for (const s of state.subscriptions) found.add(s);
      this.routes.set(channel, (targets = [...found]));
    }
    const mode = this.options.validate;
    if (mode === 'warn' || mode === 'throw') {
      const result = this.options.validators!.validateStreamEvent(event);
      if (!result.ok) {
        this.stats.invalid++;
        const error = new StreamEventValidationError(channel, result.issues ?? [], event);
        if (mode === 'throw') {
          for (const subscription of targets) {
            subscription.queue.end(error);
            this.release(subscription);
          }
          return;
        }
        this.emit('warning', { error });
      }
    }
    for (let i = 0; i < targets.length; i++) targets[i]!.queue.push(event);
  }

  private onReply(id: number, pending: Pending, message: { result?: unknown; error?: unknown }): void {
    this.pending.delete(id);
    if (pending.method === 'ping') {
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
      this.startHeartbeat();
      return;
    }
    if (message.error !== undefined) {
      const code = (message.error as { code?: unknown })?.code;
      if (code === 401 || code === 403) {
        // Not authenticated (no key in the apikey header, or a refused key): every request would fail the same way.
        const detail = (message.error as { message?: unknown }).message;
        const reason = typeof detail === 'string' ? detail : '';
        const error = new StreamAuthError(
          code,
          reason,
          'fatal',
          `stream authentication refused (${code}${reason ? `: ${reason}` : ''}): the gateway reads the API key only from the apikey header; check the key (LAEVITAS_API_KEY)`,
        );
        this.disconnect();
        return this.fail(error);
      }
      const error = new StreamRequestError(pending.method, pending.channels, message.error);
      if (pending.method === 'subscribe') {
        for (const pattern of pending.channels) {
          for (const subscription of [...(this.patterns.get(pattern)?.subscriptions ?? [])]) {
            subscription.queue.end(error);
            this.release(subscription);
          }
        }
      } else this.emit('warning', { error });
      return;
    }
    if (pending.method === 'subscribe') this.onSubscribed(pending.channels, message.result);
    if (pending.method === 'subscribe' && pending.resubscribe && this.droppedAt !== undefined) {
      const gapMs = this.now() - this.droppedAt;
      const attempts = this.attempt;
      this.droppedAt = undefined;
      this.attempt = 0;
      this.stats.reconnects++;
      this.emit('reconnected', { gapMs, attempts, patterns: pending.channels });
    } else if (pending.method === 'subscribe') this.attempt = 0;
  }

  /**
   * A subscribe reply: `result.channels[i]` was subscribed as `result.subscriptionIds[i]`. The id is kept for the
   * unsubscribe; a pattern released while its subscribe was in flight, or subscribed twice meanwhile, is freed at once;
   * a pattern missing from the echo was not accepted and its subscriptions end with a StreamRequestError.
   */
  private onSubscribed(requested: readonly string[], result: unknown): void {
    const { channels, subscriptionIds } = (result ?? {}) as { channels?: unknown; subscriptionIds?: unknown };
    if (!Array.isArray(channels) || !Array.isArray(subscriptionIds)) {
      this.emit('warning', {
        error: new StreamProtocolError(
          `subscribe reply without result.channels and result.subscriptionIds: ${JSON.stringify(result).slice(0, 120)}; ${requested.join(', ')} cannot be unsubscribed by id`,
        ),
      });
      return;
    }
    for (const pattern of requested) {
      const at = channels.indexOf(pattern);
      const subscriptionId = at >= 0 ? subscriptionIds[at] : undefined;
      if (typeof subscriptionId !== 'string') {
        const error = new StreamRequestError('subscribe', [pattern], { message: 'the gateway did not accept it (missing from the subscribe reply)' });
        for (const subscription of [...(this.patterns.get(pattern)?.subscriptions ?? [])]) {
          subscription.queue.end(error);
          this.release(subscription);
        }
        continue;
      }
      if (!this.patterns.has(pattern) || this.subscriptionIds.has(pattern)) this.sendUnsubscribe(pattern, subscriptionId);
      else this.subscriptionIds.set(pattern, subscriptionId);
    }
  }

  private onClose(socket: SocketLike, error: StreamClosedError): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    this.clearTimers();
    this.pending.clear();
    this.subscriptionIds.clear();
    this.deferred.length = 0;
    if (this.closedByUser || this.patterns.size === 0) return;
    const settings = this.reconnectSettings;
    if (error.policy === 'fatal' || !settings || this.attempt >= settings.maxAttempts) return this.fail(error);
    this.droppedAt ??= this.now();
    const retryInMs = reconnectDelay(error.policy, this.attempt, settings, this.options.random);
    this.attempt++;
    this.emit('disconnected', { error, retryInMs, attempt: this.attempt });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, retryInMs);
  }

  /** Gives up: every subscription's loop throws `error` after its buffered events. */
  private fail(error: StreamError): void {
    for (const subscription of [...this.subscriptions]) {
      subscription.queue.end(error);
      this.release(subscription);
    }
    this.emit('error', { error });
  }
}

/** A stream on its own connection. `client.stream()` (after importing this entry) does the same with the client's key and base URL. */
export function createStream(options?: StreamOptions): LaevitasStream {
  return new LaevitasStream(options);
}
