// The buffer between the socket and one `for await` loop. The socket is never paused: a paused reader makes the
// gateway queue instead, and at 2 MB it closes the connection (4003 slow consumer) and every subscription loses
// data. So the buffer is bounded and, when the loop falls behind by `capacity` events, the OLDEST event is dropped
// and counted (`dropped`), keeping the newest market state and the connection alive.

type Waiter<T> = { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void };

export class EventQueue<T> {
  private items: (T | undefined)[];
  private head = 0;
  private size = 0;
  private waiter: Waiter<T> | undefined;
  private ended = false;
  private failure: unknown = undefined;
  /** Events dropped (oldest first) because the consumer was `capacity` events behind. */
  dropped = 0;

  constructor(
    readonly capacity: number,
    private readonly onDrop?: (dropped: number) => void,
  ) {
    this.items = new Array(Math.min(capacity, 1024));
  }

  get length(): number {
    return this.size;
  }

  push(item: T): void {
    if (this.ended) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    if (this.size === this.capacity) {
      this.head = (this.head + 1) % this.items.length;
      this.size--;
      this.dropped++;
      this.onDrop?.(this.dropped);
    } else if (this.size === this.items.length) this.grow();
    this.items[(this.head + this.size) % this.items.length] = item;
    this.size++;
  }

  private grow(): void {
    const next = new Array<T | undefined>(Math.min(this.capacity, this.items.length * 2));
    for (let i = 0; i < this.size; i++) next[i] = this.items[(this.head + i) % this.items.length];
    this.items = next;
    this.head = 0;
  }

  /** No more events: the loop ends after the buffered ones (or throws `error` after them, when given). */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) {
      if (error !== undefined) waiter.reject(error);
      else waiter.resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.size > 0) {
      const value = this.items[this.head] as T;
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.items.length;
      this.size--;
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) {
      if (this.failure !== undefined) {
        const failure = this.failure;
        this.failure = undefined; // thrown once; the iterator is done afterwards
        return Promise.reject(failure);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }
}
