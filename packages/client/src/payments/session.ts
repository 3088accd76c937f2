// Payments and credits around one call: the hook the client's request path goes through (client.ts,
// `callWithResponse`). In order:
//  1. the operation's required Accept (`x-required-accept`) and the cached credit token go on the request;
//  2. a call billed in credits (`x-credit-cost`, the agent endpoint) reserves its cost against the caps first;
//  3. on a 402, with a payer: the quote's options above the contract's price (`x-x402-price`) or the caps are dropped,
//     the largest remaining amount is reserved, the x402 library signs one payment, and the request is sent once
//     more with it, at most once (a paid request is never re-sent after it may have arrived, and never re-signed);
//  4. every response's credit headers update the cache (a rotated `x-credit-token` replaces the old one);
//  5. a 202 on a pay request (`x-idempotent-payment`) is never paid again: the checkout status operation is polled.
// `no_credits` becomes a NoCreditsError. Nothing here builds or signs a payment: the payer (payer.ts) does.
import { LaevitasError, PaymentRequiredError, type RequestSummary } from '../errors.js';
import { X402_TERMS, type OperationInfo } from '../generated/operations.js';
import { sleep } from '../retry.js';
import { CreditStore, type CreditState } from '../credits/credit-store.js';
import { NoCreditsError, saysNoCredits } from '../credits/no-credits.js';
import { fromAtomic, toAtomic } from './amount.js';
import { SpendCapError, SpendLedger, type Reservation, type SpendCaps } from './caps.js';
import type { PaymentOption, PaymentReceipt, X402Payer } from './payer.js';

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

/** What one call cost and what the service said about credits; on every `callWithResponse` result as `billing`. */
export interface BillingMeta {
  /** The credit balance after this response (`x-credits-remaining`) and whether it rotated the token. */
  credits: CreditState;
  /** Present when this call paid with x402: the amount (USDC), the option paid, the receipt (`PAYMENT-RESPONSE`). */
  payment?: { amount: string; option: PaymentOption; receipt: PaymentReceipt | undefined };
  /** Present when the pay request answered 202: the pending body and how many status polls it took. */
  checkout?: { pending: unknown; polls: number };
}

/** The checkout stayed pending longer than `checkoutPoll.timeoutMs`. It was paid once and must not be paid again. */
export class CheckoutPendingError extends LaevitasError {
  override name = 'CheckoutPendingError';
  constructor(
    readonly operationId: string,
    readonly polls: number,
    readonly lastStatus: unknown,
  ) {
    super(`${operationId}: checkout still pending after ${polls} status polls; it is paid, do not pay it again`);
  }
}

export interface CallContext {
  operationId: string;
  info: OperationInfo;
  headers: Headers;
  body: unknown;
  params: { path?: Record<string, unknown>; header?: Record<string, string>; signal?: AbortSignal };
  summary: RequestSummary;
}

export interface Sent {
  response: Response;
  data: unknown;
}

/** Sends the request with these headers; `atMostOnce` makes the retry loop treat it like a POST (client.ts). */
export type SendFn = (headers: Headers, atMostOnce: boolean) => Promise<Sent>;
/** Calls another operation of the same client (the checkout status poll). */
export type CallFn = (operationId: string, params: object) => Promise<{ data: unknown; response: Response }>;

const PRICE_PER_CREDIT = X402_TERMS ? toAtomic(X402_TERMS.pricePerCall, 'info.x-x402.pricePerCall') : 0n;

const defaultIsPending = (status: unknown) => Boolean(status && typeof status === 'object' && Object.values(status).includes('pending'));

export class PaymentSession {
  readonly credits: CreditStore;
  readonly ledger: SpendLedger;
  readonly #settings: PaymentSettings;

  constructor(settings: PaymentSettings = {}, creditToken?: string) {
    this.#settings = settings;
    this.ledger = new SpendLedger(settings.caps);
    this.credits = new CreditStore(creditToken);
  }

  /** Spent by this client so far (x402 payments and credits), in USDC. */
  get spent(): string {
    return fromAtomic(this.ledger.spent);
  }

  async run(ctx: CallContext, send: SendFn, call: CallFn): Promise<Sent & { billing: BillingMeta }> {
    const { info, headers, operationId } = ctx;
    if (info.requiredAccept) headers.set('accept', info.requiredAccept);
    const token = info.family === 'v1' && !headers.has('x-credit-token') ? this.credits.token : undefined;
    if (token) headers.set('x-credit-token', token);
    const paidWithCredits = headers.has('x-credit-token') && !headers.has('x-api-key') && !headers.has('apikey') && !headers.has('authorization');
    const creditSpend = paidWithCredits ? this.reserveCredits(ctx) : undefined;

    let sent: Sent;
    let payment: BillingMeta['payment'];
    try {
      sent = await send(headers, false);
    } catch (error) {
      if (!(error instanceof PaymentRequiredError)) throw error;
      creditSpend?.cancel();
      this.credits.observe(error.headers);
      if (saysNoCredits(error)) {
        if (headers.has('x-credit-token')) this.credits.clear();
        throw new NoCreditsError(error.status, error.body, error.headers, error.request);
      }
      // A refused credit token is forgotten (the service's own CLI does the same) and the 402 thrown: paying by x402
      // in the same call would turn one request into two charges the caller did not choose.
      if (headers.has('x-credit-token')) {
        this.credits.clear();
        throw error;
      }
      const payer = this.#settings.payer;
      if (!payer || headers.has('payment-signature')) throw error;
      ({ sent, payment } = await this.pay(ctx, error, payer, send));
    }
    const credits = this.credits.observe(sent.response.headers);
    const billing: BillingMeta = { credits, ...(payment ? { payment } : {}) };
    if (info.idempotentPayment && sent.response.status === 202 && this.#settings.payer) {
      return this.pollCheckout(ctx, info.idempotentPayment.statusOperationId, sent, billing, call);
    }
    return { ...sent, billing };
  }

  /** Credits a billed method costs (`x-credit-cost`), at the price of one call each, taken from the caps. */
  private reserveCredits(ctx: CallContext): Reservation | undefined {
    const cost = ctx.info.creditCost;
    const method = (ctx.body as { method?: unknown } | undefined)?.method;
    if (!cost || typeof method !== 'string') return undefined;
    const credits = cost[method] ?? 0;
    return credits > 0 ? this.ledger.reserve(BigInt(credits) * PRICE_PER_CREDIT, ctx.operationId) : undefined;
  }

  private async pay(ctx: CallContext, quoted: PaymentRequiredError, payer: X402Payer, send: SendFn): Promise<{ sent: Sent; payment: NonNullable<BillingMeta['payment']> }> {
    const { info, operationId, headers } = ctx;
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
    const chosen = affordable.find((o) => o.network === signed.accepted.network && o.scheme === signed.accepted.scheme && String(o.amount) === String(signed.accepted.amount));
    if (!chosen) {
      reservation.cancel();
      throw new TypeError(`${operationId}: the payer signed an option the client did not offer it (${signed.accepted.network} ${signed.accepted.amount})`);
    }
    reservation.settle(BigInt(chosen.amount));
    for (const [name, value] of Object.entries(signed.headers)) headers.set(name, value);
    // From here the payment exists: whatever happens, it is sent at most once and never signed again.
    const sent = await send(headers, true);
    return { sent, payment: { amount: fromAtomic(BigInt(chosen.amount)), option: chosen, receipt: payer.receipt((name) => sent.response.headers.get(name)) } };
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

  private async pollCheckout(ctx: CallContext, statusOperationId: string, pending: Sent, billing: BillingMeta, call: CallFn): Promise<Sent & { billing: BillingMeta }> {
    const poll = this.#settings.checkoutPoll ?? {};
    const intervalMs = poll.intervalMs ?? 2000;
    const timeoutMs = poll.timeoutMs ?? 300_000;
    const isPending = poll.isPending ?? defaultIsPending;
    // The status operation takes the pay request's path and checkout headers (the `x-checkout-token`).
    const header = Object.fromEntries(Object.entries(ctx.params.header ?? {}).filter(([name]) => name.toLowerCase() !== 'payment-signature'));
    const params = { path: ctx.params.path, header, ...(ctx.params.signal ? { signal: ctx.params.signal } : {}) };
    const started = Date.now();
    for (let polls = 1; ; polls++) {
      await sleep(intervalMs, ctx.params.signal);
      const status = await call(statusOperationId, params);
      if (!isPending(status.data)) {
        const receipt = this.#settings.payer?.receipt((name) => status.response.headers.get(name));
        const payment = billing.payment && receipt ? { ...billing.payment, receipt } : billing.payment;
        return { response: status.response, data: status.data, billing: { ...billing, ...(payment ? { payment } : {}), checkout: { pending: pending.data, polls } } };
      }
      if (Date.now() - started >= timeoutMs) throw new CheckoutPendingError(ctx.operationId, polls, status.data);
    }
  }
}

