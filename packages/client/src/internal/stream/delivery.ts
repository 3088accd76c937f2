// What comes in on the socket, and where it goes. Each frame is parsed once: a data event `{channel, data}` is checked
// against its channel's schema when `validate` asks and pushed to the bounded queue of every subscription whose
// pattern matches (event-queue.ts: the socket is never paused, a loop that falls behind loses its oldest events,
// counted, instead of the gateway closing the connection as a slow consumer); a reply is matched to its request
// (requests.ts); anything else is a warning. It also makes each subscription's queue, wired to the drop counters.
import type { StreamEvent } from './events.js';
import { StreamEventValidationError, StreamProtocolError, type StreamError } from './errors.js';
import type { Emit, StreamOptions, StreamStats } from './options.js';
import type { Requests } from './requests.js';
import { frameText } from './socket.js';
import { Subscription, type SubscriptionOwner } from './subscription.js';
import type { Subscriptions } from './subscriptions.js';

export interface DeliveryHost {
  readonly stats: StreamStats;
  readonly emit: Emit;
  /** Ends these subscriptions: their loops throw `error` after the buffered events. */
  end(subscriptions: Iterable<Subscription<any>>, error: StreamError): void;
}

export class Delivery {
  private readonly stats: StreamStats;

  constructor(
    /** Read per event and per subscription, as given (`validate`, `validators`, `bufferSize`). */
    private readonly options: StreamOptions,
    private readonly subscriptions: Subscriptions,
    private readonly requests: Requests,
    private readonly host: DeliveryHost,
  ) {
    this.stats = host.stats;
  }

  /** A subscription on `patterns` with its own queue of `bufferSize` events; each event it drops is counted and reported. */
  open<E>(owner: SubscriptionOwner, patterns: readonly string[]): Subscription<E> {
    const { stats, emit } = this.host;
    return new Subscription<E>(owner, patterns, this.options.bufferSize ?? 10_000, (dropped) => {
      stats.dropped++;
      emit('dropped', { pattern: patterns, dropped });
    });
  }

  /** One frame from the socket (a string, or bytes of UTF-8 text); bound, so the socket's listener calls it directly. */
  readonly frame = (data: unknown): void => {
    let message: any;
    try {
      message = JSON.parse(frameText(data));
    } catch {
      this.host.emit('warning', { error: new StreamProtocolError(`frame is not JSON: ${frameText(data).slice(0, 80)}`) });
      return;
    }
    const channel = message?.channel;
    if (typeof channel === 'string') return this.deliver(channel, message);
    if (this.requests.reply(message)) return;
    this.host.emit('warning', { error: new StreamProtocolError(`unexpected frame: ${JSON.stringify(message).slice(0, 120)}`) });
  };

  private deliver(channel: string, event: StreamEvent): void {
    this.stats.received++;
    const targets = this.subscriptions.targets(channel);
    const mode = this.options.validate;
    if (mode === 'warn' || mode === 'throw') {
      const result = this.options.validators!.validateStreamEvent(event);
      if (!result.ok) {
        this.stats.invalid++;
        const error = new StreamEventValidationError(channel, result.issues ?? [], event);
        if (mode === 'throw') return this.host.end(targets, error);
        this.host.emit('warning', { error });
      }
    }
    for (let i = 0; i < targets.length; i++) targets[i]!.queue.push(event);
  }
}
