// The gateway closes a connection (4008) that sends more than 20 messages in a second. The client counts what it
// sends in a rolling one-second window: a subscribe beyond the budget is refused with a StreamLimitError before
// anything is sent, and the client's own messages (pings, unsubscribes, resubscribes) wait for a free slot.

export class MessageBudget {
  private readonly sent: number[] = [];
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private prune(): void {
    const horizon = this.now() - this.windowMs;
    while (this.sent.length && this.sent[0]! <= horizon) this.sent.shift();
  }

  /** Takes a slot if one is free. */
  tryTake(): boolean {
    this.prune();
    if (this.sent.length >= this.limit) return false;
    this.sent.push(this.now());
    return true;
  }

  /** Milliseconds until a slot frees (0 when one is free now). */
  waitMs(): number {
    this.prune();
    return this.sent.length < this.limit ? 0 : this.sent[0]! + this.windowMs - this.now() + 1;
  }

  get used(): number {
    this.prune();
    return this.sent.length;
  }
}
