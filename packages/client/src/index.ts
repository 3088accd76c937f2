export { createClient, LaevitasClient } from './client.js';
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
} from './client.js';
export { createCore, LaevitasCore } from './core.js';
export type { ValidatorsModule, ValidatorMap, OperationValidatorLike, ValidationOutcome } from './validators.js';
export * from './errors.js';
export type { Paginated, PaginateOptions } from './pagination.js';
export type { RetryOptions } from './retry.js';
export { RollingWindowLimiter, resetSharedBudgets, type RateWindow, type ReleaseSlot } from './rate-limiter.js';
export { OPERATIONS } from './generated/operation-table.js';
export { NAMESPACES } from './generated/namespaces.js';
export { DEFAULT_BASE_URLS, RATE_LIMITS, API_VERSION } from './generated/spec-info.js';
export type { OperationInfo, PaginationInfo, Family } from './operation-info.js';
export {
  x402Payer,
  type X402Payer,
  type X402HttpClientLike,
  type PaymentRequired,
  type PaymentOption,
  type PaymentReceipt,
  type SignedPayment,
} from './payments/payer.js';
export { SpendCapError, type SpendCaps, type CapName } from './payments/caps.js';
export { CheckoutPendingError, Payments, createPayments, type PaymentSettings } from './payments/payments.js';
export { Billing, type BillingMeta, type PaymentHandler } from './payments/billing.js';
export { NoCreditsError } from './credits/no-credits.js';
export { CreditStore, type CreditState } from './credits/credit-store.js';
export { redeemCreditToken, type CreditWallet, type RedeemedCredits } from './credits/redeem.js';
export {
  splitWindow,
  type TimeWindow,
  type WindowOptions,
  type WindowedArgs,
  type WindowedRequestOptions,
  type WindowScanInterruptedError,
} from './windows.js';
export type { CompleteScan } from './complete-minutes.js';
export {
  recordsOf,
  type CorrectionEvent,
  type CorrectionRecord,
  type CorrectionsSince,
  type CorrectionsWatch,
  type WatchCorrectionsOptions,
} from './corrections.js';
