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

interface Slot {
  /** When the response arrived; undefined while the request is in flight (it counts in every window until then). */
  done: number | undefined;
}

interface Waiter {
  grant: (release: ReleaseSlot) => void;
}

export class RollingWindowLimiter {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiter[] = [];
  private readonly windows: readonly { limit: number; spanMs: number }[];
  private readonly now: () => number;
  private pausedUntil = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(windows: readonly RateWindow[], options: LimiterOptions = {}) {
    const { safetyMarginMs = 0, now = () => Date.now() } = options;
    this.now = now;
    this.windows = windows.map((w) => ({ limit: w.limit, spanMs: w.windowSeconds * 1000 + safetyMarginMs }));
  }

  /** Waits for this caller's own slot, in call order. Resolves to the function that releases it. */
  acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(signal?.reason);
        this.pump();
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
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
    return this.slots.filter((s) => s.done === undefined).length;
  }

  /** Milliseconds until the next caller could be granted: 0 now, Infinity when it waits for a response. */
  private wait(now: number): number {
    let wait = Math.max(0, this.pausedUntil - now);
    for (const { limit, spanMs } of this.windows) {
      const expiries = this.slots.map((s) => (s.done === undefined ? Infinity : s.done + spanMs)).filter((t) => t > now);
      if (expiries.length < limit) continue;
      expiries.sort((a, b) => a - b);
      wait = Math.max(wait, expiries[expiries.length - limit]! - now);
    }
    return wait;
  }

  private pump(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.now();
    const longest = Math.max(0, ...this.windows.map((w) => w.spanMs));
    for (let i = this.slots.length - 1; i >= 0; i--) if (this.slots[i]!.done !== undefined && this.slots[i]!.done! + longest <= now) this.slots.splice(i, 1);
    while (this.queue.length) {
      const wait = this.wait(now);
      if (wait === Infinity) return; // a release will pump again
      if (wait > 0) {
        this.timer = setTimeout(() => this.pump(), wait);
        return;
      }
      const slot: Slot = { done: undefined };
      this.slots.push(slot);
      let released = false;
      this.queue.shift()!.grant(() => {
        if (released) return;
        released = true;
        slot.done = this.now();
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
  constructor(
    readonly config: BudgetConfig,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The limiter of a group, or undefined when the spec gives the group no windows (nothing to limit). */
  limiter(group: string): RollingWindowLimiter | undefined {
    let limiter = this.limiters.get(group);
    if (!limiter) {
      const windows = this.config.groups[group];
      if (!windows?.length) return undefined;
      limiter = new RollingWindowLimiter(windows, { safetyMarginMs: this.config.safetyMarginMs, now: this.now });
      this.limiters.set(group, limiter);
    }
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

/** FNV-1a (64 bits): enough to tell keys apart, and the registry never holds the key itself. */
function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = BigInt.asUintN(64, (hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
  return hash.toString(36);
}
