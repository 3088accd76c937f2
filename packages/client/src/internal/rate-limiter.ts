// A client-side rolling-window limiter that mirrors the service's documented limits (240 requests per 60 s and 20
// per 5 s on the versioned family, 10 per 60 s on the credit-token routes), so a busy client waits instead of
// collecting 429s. The windows, groups and the wait after a 429 come from the spec (`info.x-rate-limits`,
// `x-rate-limit-group`), not from constants written here.
//
// Two rules make it match the service rather than approximate it:
// - Reservation is atomic and in order (octokit/plugin-throttling.js#629): callers queue, and each is granted its
//   own slot; 45 concurrent callers never share one sleep after which they all go at once.
// - A slot is held until its response has arrived, plus the window, plus a small safety margin. The service counts
//   a request when it arrives, which is some time between sending and the response; stamping at send time (as
//   before) let a slow request still sit in the service's window when the client thought it had left.
import { RATE_LIMITS } from '../generated/spec-info.js';

export interface RateWindow {
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface LimiterOptions {
  /** Extra time each slot is held beyond its window and its response, for clock granularity on the service. */
  readonly safetyMarginMs?: number;
  readonly now?: () => number;
}

/** Call when the response of a granted request has been read (or the attempt failed): its slot starts to expire. */
export type ReleaseSlot = () => void;

export class RollingWindowLimiter {
  /**
   * One entry per granted request that may still count in a window, in ascending order: when its response arrived,
   * or Infinity while it is in flight (it counts in every window until then). In-flight slots are alike, so a
   * release ends any one of them.
   */
  private slots: number[] = [];
  /** The callers waiting for a slot, in call order: each is granted through its own function. */
  private queue: ((release: ReleaseSlot) => void)[] = [];
  /** Each window as [limit, span in ms including the margin]. */
  private readonly windows: readonly [limit: number, spanMs: number][];
  private readonly now: () => number;
  private pausedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(windows: readonly RateWindow[], { safetyMarginMs = 0, now = () => Date.now() }: LimiterOptions = {}) {
    this.now = now;
    this.windows = windows.map((w) => [w.limit, w.windowSeconds * 1000 + safetyMarginMs]);
  }

  /** Waits for this caller's own slot, in call order. Resolves to the function that releases it. */
  acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const grant = (release: ReleaseSlot) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        this.queue = this.queue.filter((waiting) => waiting !== grant);
        reject(signal!.reason);
        this.pump();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(grant);
      this.pump();
    });
  }

  /** After a 429: nobody on this budget is sent before `until` (the service's advised wait), not only the caller that got it. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.pump();
  }

  /** Requests granted and not yet released. */
  get inFlight(): number {
    return this.slots.filter((done) => done === Infinity).length;
  }

  private pump(): void {
    clearTimeout(this.timer);
    const now = this.now();
    // The slots are in order, so the ones past every window (they never count again) come first.
    const longest = Math.max(0, ...this.windows.map((w) => w[1]));
    while (this.slots[0]! + longest <= now) this.slots.shift();
    while (this.queue.length) {
      // Milliseconds until the next caller can be granted (none left when <= 0; Infinity while it waits for a
      // response): the pause, and in each window the time until the limit-th latest slot has left it.
      let wait = this.pausedUntil - now;
      for (const [limit, spanMs] of this.windows) wait = Math.max(wait, (this.slots[this.slots.length - limit] ?? -Infinity) + spanMs - now);
      if (wait > 0) {
        // Infinity: a release will pump again.
        if (wait < Infinity) this.timer = setTimeout(() => this.pump(), wait);
        return;
      }
      this.slots.push(Infinity);
      let released = false;
      this.queue.shift()!(() => {
        if (released) return;
        released = true;
        this.slots[this.slots.indexOf(Infinity)] = this.now();
        // Already in order unless the clock went back (a sorted array costs one pass).
        this.slots.sort((a, b) => a - b);
        this.pump();
      });
    }
  }
}

export interface BudgetConfig {
  /** Windows per group; `v1` is the versioned family's default group. */
  readonly groups: Readonly<Record<string, readonly RateWindow[]>>;
  readonly safetyMarginMs: number;
}

/** One API key's budget: a limiter per group of `info.x-rate-limits`, created on first use. */
export class RateBudget {
  private readonly limiters = new Map<string, RollingWindowLimiter>();
  constructor(readonly config: BudgetConfig) {}

  /** The limiter of a group, or undefined when the spec gives the group no windows (nothing to limit). */
  limiter(group: string): RollingWindowLimiter | undefined {
    const windows = this.config.groups[group];
    let limiter = this.limiters.get(group);
    // The config carries the limiter's one option (safetyMarginMs).
    if (!limiter && windows?.length) this.limiters.set(group, (limiter = new RollingWindowLimiter(windows, this.config)));
    return limiter;
  }
}

/** The groups of `info.x-rate-limits` that are lists of windows (not the scalar `retryAfterSeconds`). */
export const SPEC_GROUPS: Readonly<Record<string, readonly RateWindow[]>> = Object.fromEntries(
  (Object.entries(RATE_LIMITS) as [string, unknown][]).filter((entry): entry is [string, readonly RateWindow[]] => Array.isArray(entry[1])),
);

/** The wait the spec advises after a 429 that carries no Retry-After (`info.x-rate-limits.retryAfterSeconds`). */
export const FALLBACK_RETRY_AFTER_MS = RATE_LIMITS.retryAfterSeconds * 1000;

// The service counts per API key, so by default every client of the process using one key draws on one budget.
// Keyed by a digest, not the key itself, so the registry holds no secret.
const registry = new Map<string, RateBudget>();

/** The process-wide budget of a key for this configuration. */
export function sharedBudget(apiKey: string | undefined, config: BudgetConfig): RateBudget {
  const id = `${digest(apiKey ?? '')}:${JSON.stringify(config)}`;
  let budget = registry.get(id);
  if (!budget) registry.set(id, (budget = new RateBudget(config)));
  return budget;
}

/** Forgets every shared budget (tests, or a process that rotates keys). */
export function resetSharedBudgets(): void {
  registry.clear();
}

/**
 * FNV-1a (64 bits) over the key's code points: enough to tell keys apart, and the registry never holds the key itself.
 * (BigInt rather than a pair of 32-bit Math.imul hashes: measured, the pair is 5 B larger in the gzipped bundle.)
 */
function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const c of text) hash = BigInt.asUintN(64, (hash ^ BigInt(c.codePointAt(0)!)) * 0x100000001b3n);
  return `${hash}`;
}
