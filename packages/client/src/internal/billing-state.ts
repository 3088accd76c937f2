// One client's billing state: its credit store (token and balance) and its payment handler. A class of its own, below
// the pipeline, so that the runtime (pipeline/types.ts) can name it without importing the billing layer that acts on
// it (pipeline/billing.ts); withOptions copies share one while `payments` and `creditToken` stay the same.
import { CreditStore } from './credits/credit-store.js';
import type { PaymentHandler } from './public-types.js';

/** One client's billing state (shared with its withOptions copies while `payments` and `creditToken` stay the same). */
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
}
