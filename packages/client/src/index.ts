export { createClient, LaevitasClient } from './internal/client.js';
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
export { createCore, LaevitasCore } from './internal/core.js';
export type { ValidatorsModule, ValidatorMap, OperationValidatorLike, ValidationOutcome } from './internal/validators.js';
export type { FetchOptions } from './internal/options.js';
export type { Middleware, MiddlewareRequestEvent, MiddlewareResponseEvent } from './internal/pipeline/middleware.js';
export type { Logger, LogLevel } from './internal/log.js';
export type { TraceContext } from './internal/pipeline/trace.js';
export * from './errors.js';
export type { Paginated, PaginateOptions } from './internal/pagination.js';
export type { RetryOptions } from './internal/retry-rules.js';
export { RollingWindowLimiter, type RateWindow, type ReleaseSlot } from './internal/rate-limiter.js';
export { OPERATIONS } from './generated/operation-table.js';
export { NAMESPACES } from './generated/namespaces.js';
export { DEFAULT_BASE_URLS, RATE_LIMITS, API_VERSION } from './generated/spec-info.js';
export type { OperationInfo, PaginationInfo, ApiFamily, Family } from './internal/operation-info.js';
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
export { Billing, type BillingMeta, type CallContext, type PaymentHandler, type SignedFor } from './internal/pipeline/billing.js';
export { NoCreditsError } from './internal/credits/no-credits.js';
export { CreditStore, type CreditState } from './internal/credits/credit-store.js';
export { redeemCreditToken, type CreditWallet, type RedeemedCredits } from './internal/credits/redeem.js';
export {
  splitWindow,
  type TimeWindow,
  type WindowOptions,
  type WindowedArgs,
  type WindowedRequestOptions,
  type WindowScanInterruptedError,
} from './internal/windows.js';
export type { CompleteScan } from './internal/complete-minutes.js';
export {
  recordsOf,
  type CorrectionEvent,
  type CorrectionRecord,
  type CorrectionsSince,
  type CorrectionsWatch,
  type WatchCorrectionsOptions,
} from './internal/corrections.js';
