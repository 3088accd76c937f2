// The paying half of billing (pipeline/billing.ts), opt-in through `createPayments`: on a 402 with a payer, the
// quote's options above the contract's price (`x-x402-price`) or the caller's caps are dropped, the dearest remaining
// amount is reserved, and the x402 library signs one payment; the billing layer then sends the request once more
// with it, at most once (a paid request is never re-sent after it may have arrived, and never re-signed). A call billed in credits
// (`x-credit-cost`, the agent endpoint) reserves its cost against the same caps before it is sent. A 202 on a pay
// request (`x-idempotent-payment`) is never paid again: its checkout status operation is polled. Nothing here builds
// or signs a payment: the payer (payer.ts) does.
import { LaevitasError, type PaymentRequiredError } from '../../errors.js';
import { X402_TERMS } from '../../generated/spec-info.js';
import { sleep } from '../retry-rules.js';
import type { BillingMeta, CallContext, CallFn, PaymentHandler, Sent, SignedFor } from '../public-types.js';
import { fromAtomic, toAtomic } from './amount.js';
import { SpendCapError, SpendLedger, type Reservation, type SpendCaps } from './caps.js';
import type { PaymentOption, X402Payer } from './payer.js';

export interface PaymentSettings {
  /** Signs x402 payments (see `x402Payer`). Without one, a 402 is thrown as PaymentRequiredError. */
  payer?: X402Payer;
  /** Spending limits, checked before signing and before spending credits. */
  caps?: SpendCaps;
  /** How a pending checkout (202) is polled. */
  checkoutPoll?: {
    /** Between two status requests. Default 2000 ms. */
    intervalMs?: number;
    /** Give up (CheckoutPendingError) after this long. Default 300 000 ms. */
    timeoutMs?: number;
    /**
     * Whether a status body still means pending. The spec names the state `pending` but publishes no field name, so
     * the default treats a body with any top-level value equal to the string `pending` as pending.
     */
    isPending?: (status: unknown) => boolean;
  };
}

/**
 * The checkout stayed pending longer than `checkoutPoll.timeoutMs`, or a status poll failed (`cause`). Either way it
 * was paid once and must not be paid again: poll it later with the checkout status operation.
 */
export class CheckoutPendingError extends LaevitasError {
  override name = 'CheckoutPendingError';
  constructor(
    readonly operationId: string,
    readonly polls: number,
    readonly lastStatus: unknown,
    cause?: unknown,
  ) {
    super(
      `${operationId}: checkout still pending after ${polls} status polls${cause ? ` (the last failed: ${(cause as Error).message})` : ''}; it is paid, do not pay it again`,
    );
    if (cause !== undefined) this.cause = cause;
  }
}

const PRICE_PER_CREDIT = X402_TERMS ? toAtomic(X402_TERMS.pricePerCall, 'info.x-x402.pricePerCall') : 0n;

const defaultIsPending = (status: unknown) => Boolean(status && typeof status === 'object' && Object.values(status).includes('pending'));

/** The `payments` option of `createClient`: `createPayments({ payer: x402Payer(…), caps: { perCall: '0.01' } })`. */
export function createPayments(settings: PaymentSettings = {}): Payments {
  return new Payments(settings);
}

/** Everything paid through one Payments object draws on one ledger: give each client its own for per-client caps. */
export class Payments implements PaymentHandler {
  readonly ledger: SpendLedger;
  readonly #settings: PaymentSettings;

  constructor(settings: PaymentSettings = {}) {
    this.#settings = settings;
    this.ledger = new SpendLedger(settings.caps);
  }

  get spent(): string {
    return fromAtomic(this.ledger.spent);
  }

  sign(ctx: CallContext, quoted: PaymentRequiredError) {
    const payer = this.#settings.payer;
    return payer ? this.signOnce(ctx, quoted, payer) : undefined;
  }

  settle(ctx: CallContext, pending: Sent, billing: BillingMeta, call: CallFn) {
    return this.#settings.payer ? this.pollCheckout(ctx, ctx.info.idempotentPayment!.statusOperationId, pending, billing, call) : undefined;
  }

  /** Credits a billed method costs (`x-credit-cost`), at the price of one call each, taken from the caps. */
  reserveCredits(ctx: CallContext): Reservation | undefined {
    const cost = ctx.info.creditCost;
    const method = (ctx.body as { method?: unknown } | undefined)?.method;
    if (!cost || typeof method !== 'string') return undefined;
    const credits = cost[method] ?? 0;
    return credits > 0 ? this.ledger.reserve(BigInt(credits) * PRICE_PER_CREDIT, ctx.operationId) : undefined;
  }

  private async signOnce(ctx: CallContext, quoted: PaymentRequiredError, payer: X402Payer): Promise<SignedFor> {
    const { info, operationId } = ctx;
    const required = payer.requirements((name) => quoted.headers?.get(name), quoted.body);
    const price = info.x402Price === undefined ? undefined : toAtomic(info.x402Price, `${operationId} x-x402-price`);
    const options = (required.accepts ?? []).filter((o) => /^\d+$/.test(String(o.amount)));
    const withinPrice = options.filter((o) => price === undefined || BigInt(o.amount) <= price);
    const affordable = withinPrice.filter((o) => !this.ledger.check(BigInt(o.amount)));
    if (!affordable.length) throw this.refusal(operationId, options, withinPrice, price, quoted);
    // Reserve the dearest option the payer may pick, in the same tick as the check: concurrent calls cannot overspend.
    const most = affordable.reduce((max, o) => (BigInt(o.amount) > max ? BigInt(o.amount) : max), 0n);
    const reservation = this.ledger.reserve(most, operationId);
    let signed;
    try {
      signed = await payer.sign({ ...required, accepts: affordable });
    } catch (error) {
      reservation.cancel();
      throw error;
    }
    const chosen = affordable.find(
      (o) => o.network === signed.accepted.network && o.scheme === signed.accepted.scheme && String(o.amount) === String(signed.accepted.amount),
    );
    if (!chosen) {
      reservation.cancel();
      throw new TypeError(`${operationId}: the payer signed an option the client did not offer it (${signed.accepted.network} ${signed.accepted.amount})`);
    }
    reservation.settle(BigInt(chosen.amount));
    return { headers: signed.headers, amount: fromAtomic(BigInt(chosen.amount)), option: chosen, receipt: (getHeader) => payer.receipt(getHeader) };
  }

  /** The typed error for a quote with nothing payable: above the contract's price, or over the tightest cap. */
  private refusal(operationId: string, options: PaymentOption[], withinPrice: PaymentOption[], price: bigint | undefined, quoted: PaymentRequiredError): Error {
    if (!options.length) return quoted;
    const cheapest = (list: PaymentOption[]) => list.reduce((min, o) => (BigInt(o.amount) < min ? BigInt(o.amount) : min), BigInt(list[0]!.amount));
    if (!withinPrice.length) return new SpendCapError('x-x402-price', fromAtomic(cheapest(options)), fromAtomic(price ?? 0n), '0', operationId);
    const amount = cheapest(withinPrice);
    const refused = this.ledger.check(amount)!;
    return new SpendCapError(refused.cap, fromAtomic(amount), fromAtomic(refused.limit), fromAtomic(refused.spent), operationId);
  }

  private async pollCheckout(
    ctx: CallContext,
    statusOperationId: string,
    pending: Sent,
    billing: BillingMeta,
    call: CallFn,
  ): Promise<Sent & { billing: BillingMeta }> {
    const poll = this.#settings.checkoutPoll ?? {};
    const intervalMs = poll.intervalMs ?? 2000;
    const timeoutMs = poll.timeoutMs ?? 300_000;
    const isPending = poll.isPending ?? defaultIsPending;
    // The status operation takes the pay request's path and checkout headers (the `x-checkout-token`).
    const header = Object.fromEntries(Object.entries(ctx.params.header ?? {}).filter(([name]) => name.toLowerCase() !== 'payment-signature'));
    // The caller's signal reaches the poll as a per-call option (pipeline/billing.ts), not as a parameter.
    const params = { path: ctx.params.path, header };
    const started = Date.now();
    for (let polls = 1; ; polls++) {
      await sleep(intervalMs, ctx.params.signal);
      let status;
      try {
        status = await call(statusOperationId, params);
      } catch (error) {
        // The checkout is paid whatever the status route says now: the caller must learn that, not just the failure.
        throw new CheckoutPendingError(ctx.operationId, polls, undefined, error);
      }
      if (!isPending(status.data)) {
        const receipt = this.#settings.payer?.receipt((name) => status.response.headers.get(name));
        const payment = billing.payment && receipt ? { ...billing.payment, receipt } : billing.payment;
        return {
          response: status.response,
          data: status.data,
          billing: { ...billing, ...(payment ? { payment } : {}), checkout: { pending: pending.data, polls } },
        };
      }
      if (Date.now() - started >= timeoutMs) throw new CheckoutPendingError(ctx.operationId, polls, status.data);
    }
  }
}
