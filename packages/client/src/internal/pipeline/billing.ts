// The hook the client's request path goes through (client.ts, `callWithResponse`), around the retry loop. It is small
// and always there: the operation's required Accept (`x-required-accept`), the cached credit token on versioned calls,
// every response's credit headers (a rotated `x-credit-token` replaces the cached one, `x-credits-remaining` is the
// balance), and `no_credits` as a NoCreditsError. Paying (x402, caps, polling a 202 checkout) is the `payments`
// option's job (payments.ts, from `createPayments`), so a client that never pays bundles none of it.
import { PaymentRequiredError, type RequestSummary } from '../../errors.js';
import type { OperationInfo } from '../operation-info.js';
import { CreditStore, type CreditState } from '../credits/credit-store.js';
import { NoCreditsError, saysNoCredits } from '../credits/no-credits.js';
import type { PaymentOption, PaymentReceipt } from '../payments/payer.js';

/** What one call cost and what the service said about credits; on every `callWithResponse` result as `billing`. */
export interface BillingMeta {
  /** The credit balance after this response (`x-credits-remaining`) and whether it rotated the token. */
  credits: CreditState;
  /** Present when this call paid with x402: the amount (USDC), the option paid, the receipt (`PAYMENT-RESPONSE`). */
  payment?: { amount: string; option: PaymentOption; receipt: PaymentReceipt | undefined };
  /** Present when the pay request answered 202: the pending body and how many status polls it took. */
  checkout?: { pending: unknown; polls: number };
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

/** What `createPayments` gives the client: the paying half of the hook. */
export interface PaymentHandler {
  /** Spent so far through this handler (x402 payments and credits), in USDC. */
  readonly spent: string;
  /** Before sending: reserve a credit-billed call's cost (`x-credit-cost`) against the caps, or throw SpendCapError. */
  reserveCredits(ctx: CallContext): { cancel(): void } | undefined;
  /** A 402 (not `no_credits`, no credit token sent): pay once and send once more, or throw. Undefined: no payer. */
  pay(ctx: CallContext, quoted: PaymentRequiredError, send: SendFn): Promise<{ sent: Sent; payment: NonNullable<BillingMeta['payment']> }> | undefined;
  /** A 202 on a pay request (`x-idempotent-payment`): poll its status operation instead of paying again. Undefined: leave the 202. */
  settle(ctx: CallContext, pending: Sent, billing: BillingMeta, call: CallFn): Promise<Sent & { billing: BillingMeta }> | undefined;
}

/**
 * One request as the client hands it to `run`: its headers a plain object with lower-case names (what the core built
 * and fetch takes), so the common case costs no Headers copy. The CallContext a PaymentHandler sees is made from it
 * only when the handler is called.
 */
export interface BilledRequest {
  operationId: string;
  info: OperationInfo;
  /** Lower-case names; `run` changes it in place (accept, credit token) before sending. */
  headers: Record<string, string>;
  body: unknown;
  params: { path?: Record<string, unknown>; header?: Record<string, unknown> };
  signal: AbortSignal | undefined;
  summary: RequestSummary;
  /** The PaymentHandler's view of it, made on first use (contextOf). */
  context?: CallContext;
}

/** The client, to call the checkout status operation with the caller's signal. */
export interface StatusCaller {
  callWithResponse(operationId: string, params: object, options?: { signal: AbortSignal }): Promise<{ data: unknown; response: Response }>;
}

/** Sends the request with these headers (lower-case names); `atMostOnce` as in SendFn. */
export type SendRecordFn = (headers: Record<string, string>, atMostOnce: boolean) => Promise<Sent>;

export class Billing {
  readonly credits: CreditStore;
  readonly payments: PaymentHandler | undefined;

  constructor(payments: PaymentHandler | undefined, creditToken?: string) {
    this.payments = payments;
    this.credits = new CreditStore(creditToken);
  }

  /** Spent by this client so far (x402 payments and credits), in USDC; '0' without `payments`. */
  get spent(): string {
    return this.payments?.spent ?? '0';
  }

  /**
   * Not async, and the refusal path in a method of its own: a request that is simply answered (nearly all of them)
   * costs one `then`, where an async function with a try/catch around the send costs a frame and a promise more on
   * every request (pnpm bench, client overhead).
   */
  run(request: BilledRequest, send: SendRecordFn, caller: StatusCaller): Promise<Sent & { billing: BillingMeta }> {
    const { info, headers } = request;
    if (info.requiredAccept) headers.accept = info.requiredAccept;
    const token = info.family === 'v1' && headers['x-credit-token'] === undefined ? this.credits.token : undefined;
    if (token) headers['x-credit-token'] = token;
    const sentToken = headers['x-credit-token'] !== undefined;
    const paidWithCredits = sentToken && headers['x-api-key'] === undefined && headers.apikey === undefined && headers.authorization === undefined;
    const creditSpend = paidWithCredits && this.payments ? this.payments.reserveCredits(contextOf(request)) : undefined;
    return send(headers, false).then(
      (sent) => this.answered(request, sent, undefined, caller),
      (error: unknown) => this.refused(request, error, sentToken, creditSpend, send, caller),
    );
  }

  /** A 402 (or any failure) of the first send: credits refused, or an x402 payment and the paid request. */
  private async refused(
    request: BilledRequest,
    error: unknown,
    sentToken: boolean,
    creditSpend: { cancel(): void } | undefined,
    send: SendRecordFn,
    caller: StatusCaller,
  ): Promise<Sent & { billing: BillingMeta }> {
    if (!(error instanceof PaymentRequiredError)) throw error;
    creditSpend?.cancel();
    this.credits.observe(error.headers);
    if (saysNoCredits(error)) {
      if (sentToken) this.credits.clear();
      throw new NoCreditsError(error.status, error.body, error.headers, error.request);
    }
    // A refused credit token is forgotten (the service's own CLI does the same) and the 402 thrown: paying by x402
    // in the same call would turn one request into two charges the caller did not choose.
    if (sentToken) {
      this.credits.clear();
      throw error;
    }
    const paid =
      request.headers['payment-signature'] !== undefined
        ? undefined
        : this.payments?.pay(contextOf(request), error, (withHeaders, atMostOnce) => send(recordOf(withHeaders), atMostOnce));
    if (!paid) throw error;
    const { sent, payment } = await paid;
    return this.answered(request, sent, payment, caller);
  }

  /** The balance and token of the response, the payment made for it, and the polling of a 202 checkout. */
  private answered(
    request: BilledRequest,
    sent: Sent,
    payment: BillingMeta['payment'],
    caller: StatusCaller,
  ): (Sent & { billing: BillingMeta }) | Promise<Sent & { billing: BillingMeta }> {
    const billing: BillingMeta = { credits: this.credits.observe(sent.response.headers) };
    if (payment) billing.payment = payment;
    const settled =
      request.info.idempotentPayment && sent.response.status === 202
        ? this.payments?.settle(contextOf(request), sent, billing, (operationId, params) =>
            caller.callWithResponse(operationId, params, request.signal && { signal: request.signal }),
          )
        : undefined;
    if (settled) return settled;
    return { response: sent.response, data: sent.data, billing };
  }
}

/**
 * The PaymentHandler's CallContext of a request, made only when a handler is asked something (paying is rare,
 * sending is not), then kept: its headers a Headers object the handler may add to.
 */
function contextOf(request: BilledRequest): CallContext {
  const { operationId, info, body, params, signal, summary } = request;
  return (request.context ??= {
    operationId,
    info,
    headers: new Headers(request.headers),
    body,
    params: signal ? { ...params, signal } : { ...params },
    summary,
  } as CallContext);
}

/** Headers as the core sends them: a plain object, names in lower case (Headers iterates them lower-cased). */
function recordOf(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}
