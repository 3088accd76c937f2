// One `subscribe` call as the caller sees it: an async iterable over its own bounded buffer (event-queue.ts).
import { EventQueue } from './event-queue.js';

/** The part of the stream a subscription talks back to. */
export interface SubscriptionOwner {
  release(subscription: Subscription<any>): void;
}

/** One `subscribe` call: an async iterable of its events; breaking out of the loop unsubscribes. */
export class Subscription<E> implements AsyncIterableIterator<E> {
  /** @internal */
  readonly queue: EventQueue<E>;
  constructor(
    private readonly stream: SubscriptionOwner,
    readonly patterns: readonly string[],
    capacity: number,
    onDrop: (dropped: number) => void,
  ) {
    this.queue = new EventQueue<E>(capacity, onDrop);
  }
  /** Events this subscription dropped because its loop fell behind. */
  get dropped(): number {
    return this.queue.dropped;
  }
  /** Events waiting in the buffer. */
  get buffered(): number {
    return this.queue.length;
  }
  next(): Promise<IteratorResult<E>> {
    return this.queue.next();
  }
  async return(): Promise<IteratorResult<E>> {
    this.unsubscribe();
    return { value: undefined, done: true };
  }
  [Symbol.asyncIterator](): this {
    return this;
  }
  /** Stops this subscription: its loop ends after the buffered events; the gateway is told when no one else needs the pattern. */
  unsubscribe(): void {
    this.stream.release(this);
    this.queue.end();
  }
}
