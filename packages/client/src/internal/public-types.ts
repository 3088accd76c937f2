// The shapes a caller plugs into the client or reads back from it: a middleware, a logger, a payment handler and the
// billing meta of a call. They are public (index.ts re-exports them) and sit at the bottom of the client: this file
// imports only leaf modules (errors, operation info, the credit and payer types), so the options, the pipeline's
// ground types (pipeline/types.ts) and the layers can all name these shapes without importing one another.
import type { PaymentRequiredError, RequestSummary } from '../errors.js';
import type { OperationInfo } from './operation-info.js';
import type { CreditState } from './credits/credit-store.js';
import type { PaymentOption, PaymentReceipt } from './payments/payer.js';

// ── middleware (pipeline/middleware.ts runs them) ────────────────────────────────────────────────────────────────

export interface MiddlewareRequestEvent {
  readonly request: Request;
  readonly operationId: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number;
}

export interface MiddlewareResponseEvent extends MiddlewareRequestEvent {
  readonly response: Response;
}

export interface Middleware {
  /** Return a Request to send instead (or nothing to send this one). */
  onRequest?(event: MiddlewareRequestEvent): Request | undefined | void | Promise<Request | undefined | void>;
  /** Return a Response to use instead (or nothing to keep this one). Its body is read after every onResponse. */
  onResponse?(event: MiddlewareResponseEvent): Response | undefined | void | Promise<Response | undefined | void>;
}

// ── logging (log.ts resolves them) ───────────────────────────────────────────────────────────────────────────────

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

// ── credits and payments (pipeline/billing.ts acts on them, payments/payments.ts implements the handler) ───────────

/** What one call cost and what the service said about credits; on every `callWithResponse` result as `billing`. */
export interface BillingMeta {
  /** The credit balance after this response (`x-credits-remaining`) and whether it rotated the token. */
  credits: CreditState;
  /** Present when this call paid with x402: the amount (USDC), the option paid, the receipt (`PAYMENT-RESPONSE`). */
  payment?: { amount: string; option: PaymentOption; receipt: PaymentReceipt | undefined };
  /** Present when the pay request answered 202: the pending body and how many status polls it took. */
  checkout?: { pending: unknown; polls: number };
}

/** A call as a PaymentHandler sees it. */
export interface CallContext {
  operationId: string;
  info: OperationInfo;
  body: unknown;
  params: { path?: Record<string, unknown> | undefined; header?: Record<string, unknown> | undefined; signal?: AbortSignal };
  summary: RequestSummary;
}

export interface Sent {
  response: Response;
  data: unknown;
}

/** Calls another operation of the same client (the checkout status poll). */
export type CallFn = (operationId: string, params: object) => Promise<{ data: unknown; response: Response }>;

/** A payment signed for one request: the headers that carry it, what it pays, and how to read its receipt. */
export interface SignedFor {
  readonly headers: Readonly<Record<string, string>>;
  readonly amount: string;
  readonly option: PaymentOption;
  receipt(getHeader: (name: string) => string | null | undefined): PaymentReceipt | undefined;
}

/** What `createPayments` gives the client: the paying half of billing. */
export interface PaymentHandler {
  /** Spent so far through this handler (x402 payments and credits), in USDC. */
  readonly spent: string;
  /** Before sending: reserve a credit-billed call's cost (`x-credit-cost`) against the caps, or throw SpendCapError. */
  reserveCredits(ctx: CallContext): { cancel(): void } | undefined;
  /** A 402 (not `no_credits`, no credit token sent): sign one payment within the caps, or throw. Undefined: no payer. */
  sign(ctx: CallContext, quoted: PaymentRequiredError): Promise<SignedFor> | undefined;
  /** A 202 on a pay request (`x-idempotent-payment`): poll its status operation instead of paying again. Undefined: leave the 202. */
  settle(ctx: CallContext, pending: Sent, billing: BillingMeta, call: CallFn): Promise<Sent & { billing: BillingMeta }> | undefined;
}
