// The public stream: one connection to the gateway carrying any number of subscriptions, as a thin facade over its
// parts, each with one job:
//   connection.ts     the socket's life: open with the key in the `apikey` header, heartbeat, reconnect on backoff
//   requests.ts       ids of subscribe / unsubscribe / ping, reply -> request matching, the 20-per-second pacing
//   subscriptions.ts  patterns and their subscribers, the gateway's subscription ids, resubscribe after a reconnect
//   delivery.ts       frames parsed, events validated and routed to each subscription's bounded queue
// This file checks the options, wires the parts together, and keeps what a caller calls: subscribe, unsubscribe,
// close, the listeners (`on`) and the counters (`stats`).
import { StreamPatternError, parsePattern, type ChannelPattern } from './channels.js';
import type { EventOf } from './events.js';
import { Connection } from './connection.js';
import { Delivery } from './delivery.js';
import { StreamError } from './errors.js';
import { MessageBudget } from './message-budget.js';
import { STREAM_LIMITS, checkStreamOptions, gatewayUrl, type Emit, type StreamEvents, type StreamOptions, type StreamStats } from './options.js';
import { Requests } from './requests.js';
import { isOpen } from './socket.js';
import { Subscription } from './subscription.js';
import { Subscriptions } from './subscriptions.js';

export { STREAM_LIMITS, Subscription };
export type { StreamEvents, StreamOptions, StreamStats };
export type { StreamValidationIssue, StreamValidators } from './options.js';

type Listener<K extends keyof StreamEvents> = (event: StreamEvents[K]) => void;

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

export class LaevitasStream {
  readonly url: string;
  readonly stats: StreamStats = { received: 0, dropped: 0, invalid: 0, reconnects: 0 };
  private readonly listeners = new Map<keyof StreamEvents, Set<(event: any) => void>>();
  private readonly connection: Connection;
  private readonly requests: Requests;
  private readonly subscriptions: Subscriptions;
  private readonly delivery: Delivery;

  constructor(options: StreamOptions = {}) {
    const apiKey = options.apiKey ?? env('LAEVITAS_API_KEY');
    checkStreamOptions(options, apiKey);
    this.url = gatewayUrl(options);
    const now = options.now ?? Date.now;
    const { stats } = this;
    const emit: Emit = (event, payload) => this.emit(event, payload);
    const end = (subscriptions: Iterable<Subscription<any>>, error: StreamError) => this.end(subscriptions, error);
    const budget = new MessageBudget(options.limits?.messagesPerSecond ?? STREAM_LIMITS.messagesPerSecond, 1000, now);
    this.requests = new Requests(budget, () => this.connection.socket, {
      refused: (error) => {
        this.connection.disconnect();
        this.fail(error);
      },
      pong: () => this.connection.pong(),
      subscribed: (request, result) => {
        this.subscriptions.subscribed(request.channels, result);
        this.connection.answered(request.resubscribe, request.channels);
      },
      failed: (request, error) => {
        if (request.method !== 'subscribe') return emit('warning', { error });
        for (const pattern of request.channels) end(this.subscriptions.of(pattern), error);
      },
    });
    this.subscriptions = new Subscriptions(this.requests, options.limits?.subscriptions ?? STREAM_LIMITS.subscriptions, {
      isOpen: () => isOpen(this.connection.socket),
      warn: (error) => emit('warning', { error }),
      end,
    });
    const delivery = (this.delivery = new Delivery(options, this.subscriptions, this.requests, { stats, emit, end }));
    this.connection = new Connection(this.url, options, apiKey, now, {
      stats,
      emit,
      opened: (resubscribe) => this.subscriptions.opened(resubscribe),
      frame: delivery.frame,
      dropped: () => {
        this.requests.clear();
        this.subscriptions.forgetIds();
      },
      wanted: () => this.subscriptions.size > 0,
      ping: () => this.requests.ping(),
      fail: (error) => this.fail(error),
    });
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
    return this.subscriptions.patternNames;
  }

  /**
   * Subscribes to one pattern or several (one message, one connection) and returns their events as an async
   * iterable; the pattern's literal narrows the event type. Throws StreamPatternError for a pattern outside the
   * grammar and StreamLimitError beyond 200 patterns or 20 messages per second, before anything is sent.
   */
  subscribe<const P extends ChannelPattern>(patterns: P | readonly P[]): Subscription<EventOf<P>> {
    if (this.connection.closed) throw new StreamError('stream is closed: create a new one');
    const list = [...new Set(typeof patterns === 'string' ? [patterns] : patterns)] as string[];
    if (list.length === 0) throw new StreamPatternError('', 'patterns', 'must name at least one pattern');
    const parsed = list.map(parsePattern);
    const fresh = this.subscriptions.admit(parsed);
    const subscription = this.delivery.open<EventOf<P>>(this, list);
    this.subscriptions.add(subscription, parsed, fresh);
    if (fresh.length && !isOpen(this.connection.socket)) void this.connection.connect();
    return subscription;
  }

  /** Ends every subscription on `pattern` and unsubscribes it on the gateway. */
  unsubscribe(pattern: string): void {
    for (const subscription of this.subscriptions.of(pattern)) subscription.unsubscribe();
  }

  /** @internal A subscription ended: forget it, and tell the gateway about patterns no one needs any more. */
  release(subscription: Subscription<any>): void {
    const gone = this.subscriptions.remove(subscription);
    if (!gone) return;
    if (this.subscriptions.size === 0) {
      // Nothing left to receive: close instead of unsubscribing, so a finished `for await` lets the process exit.
      this.connection.disconnect();
      return;
    }
    if (isOpen(this.connection.socket)) for (const pattern of gone) this.subscriptions.unsubscribeOnGateway(pattern);
  }

  /** Closes the connection and ends every subscription (their loops finish after the buffered events). */
  close(): void {
    this.connection.closed = true;
    for (const subscription of this.subscriptions.all) subscription.unsubscribe();
    this.connection.disconnect();
  }

  /** Ends these subscriptions with `error` (their loops throw it after the buffered events) and releases them. */
  private end(subscriptions: Iterable<Subscription<any>>, error: StreamError): void {
    for (const subscription of [...subscriptions]) {
      subscription.queue.end(error);
      this.release(subscription);
    }
  }

  /** Gives up: every subscription's loop throws `error` after its buffered events. */
  private fail(error: StreamError): void {
    this.end(this.subscriptions.all, error);
    this.emit('error', { error });
  }
}

/** A stream on its own connection. `client.stream()` (after importing this entry) does the same with the client's key and base URL. */
export function createStream(options?: StreamOptions): LaevitasStream {
  return new LaevitasStream(options);
}
