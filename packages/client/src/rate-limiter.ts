// A client-side rolling-window limiter that mirrors the service's documented limits (240 requests per 60 s and 20
// per 5 s on the versioned family, 10 per 60 s on the credit-token routes), so a busy client waits instead of
// collecting 429s. The windows, groups and the wait after a 429 come from the spec (`info.x-rate-limits`,
// `x-rate-limit-group`), not from constants written here.
//
// Reservation is atomic (octokit plugin-throttling's lesson, octokit/plugin-throttling.js#629): a caller takes its
// slot, possibly in the future, synchronously, and only then sleeps until it. 45 concurrent callers get 45 distinct
// slots, never one shared sleep after which they all go at once.
import { RATE_LIMITS } from './generated/operations.js';

export interface RateWindow {
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface LimiterOptions {
  /** Extra time each slot is held beyond its window, for the latency between leaving here and reaching the service. */
  readonly safetyMarginMs?: number;
  readonly now?: () => number;
}

export class RollingWindowLimiter {
  /** Reserved send times (ms), ascending; the newest may lie in the future. */
  private readonly slots: number[] = [];
  private readonly spans: readonly { limit: number; spanMs: number }[];
  private readonly longest: number;
  private readonly now: () => number;
  private pausedUntil = 0;

  constructor(windows: readonly RateWindow[], options: LimiterOptions | (() => number) = {}) {
    const { safetyMarginMs = 0, now = () => Date.now() } = typeof options === 'function' ? { now: options } : options;
    this.now = now;
    this.spans = windows.map((w) => ({ limit: w.limit, spanMs: w.windowSeconds * 1000 + safetyMarginMs }));
    this.longest = Math.max(0, ...this.spans.map((w) => w.spanMs));
  }

  /**
   * Reserves the earliest slot that fits every window given all earlier reservations, and returns how long to wait
   * for it (0 when it is now). Slots are handed out in call order, so reservations never overtake each other.
   */
  reserve(): number {
    const now = this.now();
    while (this.slots.length && now - this.slots[0]! >= this.longest) this.slots.shift();
    let at = Math.max(now, this.pausedUntil, this.slots[this.slots.length - 1] ?? 0);
    for (const { limit, spanMs } of this.spans) {
      // With slots ascending, the window ending at `at` holds fewer than `limit` once the limit-th newest has left it.
      if (this.slots.length >= limit) at = Math.max(at, this.slots[this.slots.length - limit]! + spanMs);
    }
    this.slots.push(at);
    return at - now;
  }

  /** Milliseconds until one more request would fit (0 when it fits now), without reserving. */
  delay(): number {
    const wait = this.reserve();
    this.slots.pop();
    return wait;
  }

  /** After a 429: nobody on this budget is sent before `until` (the service's advised wait), not only the caller that got it. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  /** Records a request sent now (kept for callers of the old two-step API). */
  take(): void {
    this.slots.push(Math.max(this.now(), this.slots[this.slots.length - 1] ?? 0));
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
