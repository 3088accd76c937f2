// The payer: the one place a payment is created, always by the x402 library (`@x402/core`'s x402HTTPClient over an
// x402Client with the caller's schemes and wallet). The client never builds or signs a payment itself. The library is
// an optional peer dependency and is described here structurally, so a client that never pays bundles none of it.

// One accepted way to pay, and the decoded `payment-required` header that lists them, are declared beside the error
// that carries them (errors.ts); re-exported under the payer's names for its users.
import type { PaymentOption, PaymentRequirements } from '../../errors.js';
export type { PaymentOption };

/** The decoded `payment-required` header (x402 version 2): `PaymentRequiredError.requirements`. */
export type PaymentRequired = PaymentRequirements;

/** The decoded `PAYMENT-RESPONSE` header: the settlement receipt. */
export interface PaymentReceipt {
  success: boolean;
  transaction?: string;
  network?: string;
  payer?: string;
  errorReason?: string;
  [field: string]: unknown;
}

/** What the client asks of the x402 library: the methods of `@x402/core/client`'s `x402HTTPClient` it uses. */
export interface X402HttpClientLike {
  getPaymentRequiredResponse(getHeader: (name: string) => string | null | undefined, body?: unknown): unknown;
  createPaymentPayload(paymentRequired: never): Promise<unknown>;
  encodePaymentSignatureHeader(paymentPayload: never): Record<string, string>;
  getPaymentSettleResponse(getHeader: (name: string) => string | null | undefined): unknown;
}

/** A signed payment, ready to send once. */
export interface SignedPayment {
  /** The header(s) to send: `PAYMENT-SIGNATURE` for x402 version 2. */
  headers: Record<string, string>;
  /** The option the payer chose among those it was given. */
  accepted: PaymentOption;
}

export interface X402Payer {
  /** Reads the requirements of a 402 (header, or body for x402 version 1). */
  requirements(getHeader: (name: string) => string | null | undefined, body: unknown): PaymentRequired;
  /** Signs one payment for one of `required.accepts` (the client has already removed the options it will not pay). */
  sign(required: PaymentRequired): Promise<SignedPayment>;
  /** The settlement receipt of a paid response, when it carries one. */
  receipt(getHeader: (name: string) => string | null | undefined): PaymentReceipt | undefined;
}

/**
 * A payer over the x402 library:
 * `x402Payer(new x402HTTPClient(new x402Client().register('eip155:*', new ExactEvmScheme(account))))`.
 */
export function x402Payer(http: X402HttpClientLike): X402Payer {
  return {
    requirements: (getHeader, body) => http.getPaymentRequiredResponse(getHeader, body) as PaymentRequired,
    async sign(required) {
      const payload = (await http.createPaymentPayload(required as never)) as { accepted?: PaymentOption };
      if (!payload?.accepted) throw new TypeError('x402 payer: the payment payload names no accepted requirement');
      return { headers: http.encodePaymentSignatureHeader(payload as never), accepted: payload.accepted };
    },
    receipt(getHeader) {
      if (!getHeader('payment-response') && !getHeader('x-payment-response')) return undefined;
      return http.getPaymentSettleResponse(getHeader) as PaymentReceipt;
    },
  };
}
