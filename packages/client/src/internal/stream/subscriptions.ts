// Which patterns the stream is subscribed to, on whose behalf, and under which id on the gateway. Several `subscribe`
// calls may share a pattern: the gateway is asked once (patterns subscribed in one tick share one message) and told
// to unsubscribe, by the id its subscribe reply gave, only when no one needs the pattern any more. After a reconnect
// every pattern is subscribed again in one message (the ids of the old connection died with it). It also admits a
// subscribe against the gateway's limits before anything is sent, and answers which subscriptions a channel goes to.
import { matches, type ParsedPattern } from './channels.js';
import { StreamLimitError, StreamProtocolError, StreamRequestError, type StreamError } from './errors.js';
import type { Requests } from './requests.js';
import type { Subscription } from './subscription.js';

interface PatternState {
  parsed: ParsedPattern;
  subscriptions: Set<Subscription<any>>;
}

/** What the subscriptions report back to the stream. */
export interface SubscriptionsHost {
  /** Whether the connection is open now (a subscribe goes out at once, else on the next connect). */
  isOpen(): boolean;
  /** Something worth telling but not fatal (a `warning` event). */
  warn(error: StreamError): void;
  /** Ends these subscriptions: their loops throw `error` after the buffered events. */
  end(subscriptions: Iterable<Subscription<any>>, error: StreamError): void;
}

export class Subscriptions {
  private readonly patterns = new Map<string, PatternState>();
  private readonly subscriptions = new Set<Subscription<any>>();
  /** channel name -> subscriptions it goes to; rebuilt lazily when the set of patterns changes. */
  private routes = new Map<string, Subscription<any>[]>();
  /** pattern -> the gateway's id of its subscription on this connection (from the subscribe reply). */
  private readonly ids = new Map<string, string>();
  /** Patterns waiting to go out in the next subscribe message (one per tick). */
  private outgoing: string[] = [];
  private flushScheduled = false;

  constructor(
    private readonly requests: Requests,
    private readonly maxSubscriptions: number,
    private readonly host: SubscriptionsHost,
  ) {}

  get size(): number {
    return this.patterns.size;
  }
  get patternNames(): string[] {
    return [...this.patterns.keys()];
  }
  /** Every live subscription (a copy: ending one changes the set). */
  get all(): Subscription<any>[] {
    return [...this.subscriptions];
  }
  /** The subscriptions on `pattern` (a copy). */
  of(pattern: string): Subscription<any>[] {
    return [...(this.patterns.get(pattern)?.subscriptions ?? [])];
  }

  /**
   * The patterns of a subscribe that the gateway does not have yet, once the subscribe is known to fit: at most
   * `maxSubscriptions` patterns per connection, and a message slot for the first subscribe of a tick when connected
   * (the rest of the tick shares its message). Throws StreamLimitError otherwise, before anything is sent.
   */
  admit(parsed: readonly ParsedPattern[]): ParsedPattern[] {
    const fresh = parsed.filter((p) => !this.patterns.has(p.pattern));
    if (this.patterns.size + fresh.length > this.maxSubscriptions) {
      throw new StreamLimitError(
        'subscriptions',
        this.maxSubscriptions,
        `subscribing to ${fresh.length} more pattern(s) would make ${this.patterns.size + fresh.length}; the gateway allows ${this.maxSubscriptions} subscriptions per connection (one pattern, wildcards included, counts as one)`,
      );
    }
    const budget = this.requests.budget;
    if (fresh.length && this.host.isOpen() && !this.flushScheduled && !budget.tryTake()) {
      throw new StreamLimitError(
        'messagesPerSecond',
        budget.limit,
        `subscribe refused: ${budget.limit} messages were already sent in the last second and the gateway closes connections (4008) above ${budget.limit} messages per second; retry in ${budget.waitMs()} ms or pass several patterns to one subscribe call`,
      );
    }
    return fresh;
  }

  /** Records a subscription on its patterns; `fresh` (from `admit`) are asked of the gateway in this tick's message. */
  add(subscription: Subscription<any>, parsed: readonly ParsedPattern[], fresh: readonly ParsedPattern[]): void {
    this.subscriptions.add(subscription);
    for (const p of parsed) {
      let state = this.patterns.get(p.pattern);
      if (!state) this.patterns.set(p.pattern, (state = { parsed: p, subscriptions: new Set() }));
      state.subscriptions.add(subscription);
    }
    this.routes = new Map();
    if (fresh.length && this.host.isOpen()) this.queueSubscribe(fresh.map((p) => p.pattern));
  }

  /** Forgets a subscription; returns the patterns no one needs any more, or undefined when it was already gone. */
  remove(subscription: Subscription<any>): string[] | undefined {
    if (!this.subscriptions.delete(subscription)) return undefined;
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
    return gone;
  }

  /** The subscriptions an event on `channel` goes to (every one whose pattern matches it), cached per channel. */
  targets(channel: string): Subscription<any>[] {
    let targets = this.routes.get(channel);
    if (!targets) {
      const found = new Set<Subscription<any>>();
      for (const state of this.patterns.values()) if (matches(state.parsed, channel)) for (const s of state.subscriptions) found.add(s);
      this.routes.set(channel, (targets = [...found]));
    }
    return targets;
  }

  private queueSubscribe(channels: string[]): void {
    this.outgoing.push(...channels);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      const channels = this.outgoing.filter((p) => this.patterns.has(p));
      this.outgoing = [];
      if (!channels.length || !this.host.isOpen()) return;
      this.requests.subscribe(channels, false);
    });
  }

  /** A connection opened: every pattern is subscribed in one message (a resubscribe when it follows a drop). */
  opened(resubscribe: boolean): void {
    const channels = [...this.patterns.keys()];
    this.outgoing = [];
    if (channels.length) {
      this.requests.budget.tryTake();
      this.requests.subscribe(channels, resubscribe);
    }
  }

  /**
   * Frees the gateway's subscription of `pattern`: one unsubscribe request per subscription id. A pattern whose
   * subscribe is still unanswered has no id yet; its reply frees it (`subscribed`), so nothing leaks either way.
   */
  unsubscribeOnGateway(pattern: string): void {
    const subscriptionId = this.ids.get(pattern);
    if (subscriptionId === undefined) return;
    this.ids.delete(pattern);
    this.requests.unsubscribe(pattern, subscriptionId);
  }

  /**
   * A subscribe reply: `result.channels[i]` was subscribed as `result.subscriptionIds[i]`. The id is kept for the
   * unsubscribe; a pattern released while its subscribe was in flight, or subscribed twice meanwhile, is freed at once;
   * a pattern missing from the echo was not accepted and its subscriptions end with a StreamRequestError.
   */
  subscribed(requested: readonly string[], result: unknown): void {
    const { channels, subscriptionIds } = (result ?? {}) as { channels?: unknown; subscriptionIds?: unknown };
    if (!Array.isArray(channels) || !Array.isArray(subscriptionIds)) {
      this.host.warn(
        new StreamProtocolError(
          `subscribe reply without result.channels and result.subscriptionIds: ${JSON.stringify(result).slice(0, 120)}; ${requested.join(', ')} cannot be unsubscribed by id`,
        ),
      );
      return;
    }
    for (const pattern of requested) {
      const at = channels.indexOf(pattern);
      const subscriptionId = at >= 0 ? subscriptionIds[at] : undefined;
      if (typeof subscriptionId !== 'string') {
        const error = new StreamRequestError('subscribe', [pattern], { message: 'the gateway did not accept it (missing from the subscribe reply)' });
        this.host.end(this.of(pattern), error);
        continue;
      }
      if (!this.patterns.has(pattern) || this.ids.has(pattern)) this.requests.unsubscribe(pattern, subscriptionId);
      else this.ids.set(pattern, subscriptionId);
    }
  }

  /** The connection dropped: the gateway's ids died with it (the next connect subscribes everything again). */
  forgetIds(): void {
    this.ids.clear();
  }
}
