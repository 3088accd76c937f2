export { createClient, LaevitasClient } from './internal/client.js';
export * from './internal/common-exports.js';
export type {
  CallArgs,
  CallParams,
  ClientOptions,
  LegacyNamespaces,
  OperationMethods,
  PaginatedOperationId,
  RequestOptions,
  ResponseWithMeta,
  V1Namespaces,
} from './internal/client.js';
export { RollingWindowLimiter, type RateWindow, type ReleaseSlot } from './internal/rate-limiter.js';
export { OPERATIONS } from './generated/operation-table.js';
export { NAMESPACES } from './generated/namespaces.js';
export { DEFAULT_BASE_URLS, RATE_LIMITS, API_VERSION } from './generated/spec-info.js';
export {
  x402Payer,
  type X402Payer,
  type X402HttpClientLike,
  type PaymentRequired,
  type PaymentOption,
  type PaymentReceipt,
  type SignedPayment,
} from './internal/payments/payer.js';
export { SpendCapError, type SpendCaps, type CapName } from './internal/payments/caps.js';
export { CheckoutPendingError, Payments, createPayments, type PaymentSettings } from './internal/payments/payments.js';
export { Billing } from './internal/billing-state.js';
export type { BillingMeta, CallContext, PaymentHandler, SignedFor } from './internal/public-types.js';
export { NoCreditsError } from './internal/credits/no-credits.js';
export { CreditStore, type CreditState } from './internal/credits/credit-store.js';
export { redeemCreditToken, type CreditWallet, type RedeemedCredits } from './internal/credits/redeem.js';
// Plan before you pay: a scan's windows, requests and cost without sending it; the budget paginate refuses past.
export type { ScanPlan, PlannedWindow, PlanOptions, Bounded } from './internal/plan/plan-scan.js';
export { checkBudget as checkScanBudget, type ScanBudget } from './internal/plan/budget.js';
export type { ScanArgs, ScanRequestOptions } from './internal/plan/budgeted-scan.js';
