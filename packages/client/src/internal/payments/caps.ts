// The caller's spending limits, checked before anything is signed or a credit is spent: per call, per client (the
// client and its withOptions copies) and per rolling time window. A payment reserves its amount first; concurrent
// calls each see the others' reservations, so two calls cannot both squeeze under the same remaining budget.
import { LaevitasError } from '../../errors.js';
import { fromAtomic, toAtomic } from './amount.js';

/** Limits in USDC (decimal strings, like the spec's `x-x402-price`). A missing limit is no limit. */
export interface SpendCaps {
  /** Most one call may cost. */
  perCall?: string;
  /** Most this client (and its `withOptions` copies) may spend in all. */
  perClient?: string;
  /** Most that may be spent within any `seconds` long window. */
  perWindow?: { amount: string; seconds: number };
}

export type CapName = 'perCall' | 'perClient' | 'perWindow' | 'x-x402-price';

/** A payment or credit spend refused before signing or sending, naming the cap that refused it. */
export class SpendCapError extends LaevitasError {
  override name = 'SpendCapError';
  constructor(
    /** Which limit refused: one of the caller's caps, or `x-x402-price` when the quote exceeds the contract's fixed price. */
    readonly cap: CapName,
    /** The amount asked for, in USDC. */
    readonly amount: string,
    /** The limit, in USDC. */
    readonly limit: string,
    /** Already spent or reserved under that limit, in USDC. */
    readonly spent: string,
    readonly operationId: string,
  ) {
    super(`${operationId}: payment of ${amount} USDC refused by ${cap} (limit ${limit} USDC, already ${spent} USDC)`);
  }
}

interface Entry {
  amount: bigint;
  at: number;
}

/** One reservation: `settle` records what was really paid (at most what was reserved), `cancel` frees it. */
export interface Reservation {
  settle(amount: bigint): void;
  cancel(): void;
}

export class SpendLedger {
  readonly #perCall: bigint | undefined;
  readonly #perClient: bigint | undefined;
  readonly #window: { amount: bigint; ms: number } | undefined;
  readonly #entries: Entry[] = [];

  constructor(caps: SpendCaps = {}) {
    this.#perCall = caps.perCall === undefined ? undefined : toAtomic(caps.perCall, 'payments.caps.perCall');
    this.#perClient = caps.perClient === undefined ? undefined : toAtomic(caps.perClient, 'payments.caps.perClient');
    if (caps.perWindow !== undefined) {
      const { seconds } = caps.perWindow;
      if (!(typeof seconds === 'number' && seconds > 0))
        throw new TypeError(`payments.caps.perWindow.seconds must be a number > 0, got ${JSON.stringify(seconds)}`);
      this.#window = { amount: toAtomic(caps.perWindow.amount, 'payments.caps.perWindow.amount'), ms: seconds * 1000 };
    }
  }

  /** Spent (and reserved) by this client in all, in atomic units. */
  get spent(): bigint {
    return this.#entries.reduce((sum, e) => sum + e.amount, 0n);
  }

  /** The first cap `amount` would break, or undefined. Synchronous with `reserve`, so check-and-take is atomic. */
  check(amount: bigint, now = Date.now()): { cap: CapName; limit: bigint; spent: bigint } | undefined {
    if (this.#perCall !== undefined && amount > this.#perCall) return { cap: 'perCall', limit: this.#perCall, spent: 0n };
    const total = this.spent;
    if (this.#perClient !== undefined && total + amount > this.#perClient) return { cap: 'perClient', limit: this.#perClient, spent: total };
    if (this.#window) {
      const since = now - this.#window.ms;
      const recent = this.#entries.filter((e) => e.at > since).reduce((sum, e) => sum + e.amount, 0n);
      if (recent + amount > this.#window.amount) return { cap: 'perWindow', limit: this.#window.amount, spent: recent };
    }
    return undefined;
  }

  /** Takes `amount` from every cap at once, or throws a SpendCapError naming the cap that refuses it. */
  reserve(amount: bigint, operationId: string): Reservation {
    const refused = this.check(amount);
    if (refused) throw new SpendCapError(refused.cap, fromAtomic(amount), fromAtomic(refused.limit), fromAtomic(refused.spent), operationId);
    const entry: Entry = { amount, at: Date.now() };
    this.#entries.push(entry);
    return {
      settle: (actual) => {
        entry.amount = actual < amount ? actual : amount;
      },
      cancel: () => {
        const index = this.#entries.indexOf(entry);
        if (index >= 0) this.#entries.splice(index, 1);
      },
    };
  }
}
