// A client-side rolling-window limiter that mirrors the service's documented limits (240 requests per 60 s and 20
// per 5 s on the versioned family), so a busy client waits instead of collecting 429s. The windows come from the
// spec (`info.x-rate-limits`), not from constants written here.

export interface RateWindow {
  readonly limit: number;
  readonly windowSeconds: number;
}

export class RollingWindowLimiter {
  private readonly stamps: number[] = [];
  private readonly longest: number;

  constructor(
    private readonly windows: readonly RateWindow[],
    private readonly now: () => number = Date.now,
  ) {
    this.longest = Math.max(0, ...windows.map((w) => w.windowSeconds * 1000));
  }

  /** Milliseconds until one more request fits every window (0 when it fits now). */
  delay(): number {
    const now = this.now();
    while (this.stamps.length && now - this.stamps[0]! >= this.longest) this.stamps.shift();
    let wait = 0;
    for (const { limit, windowSeconds } of this.windows) {
      const span = windowSeconds * 1000;
      const inWindow = this.stamps.filter((t) => now - t < span);
      if (inWindow.length >= limit) wait = Math.max(wait, inWindow[inWindow.length - limit]! + span - now);
    }
    return wait;
  }

  /** Records a request sent now. */
  take(): void {
    this.stamps.push(this.now());
  }
}
