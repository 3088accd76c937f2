export { createClient, LaevitasClient } from './client.js';
export type { CallArgs, CallParams, ClientOptions, OperationMethods, RequestOptions, ResponseWithMeta, ValidatorsModule } from './client.js';
export * from './errors.js';
export type { Paginated, PaginateOptions } from './pagination.js';
export type { RetryOptions } from './retry.js';
export { RollingWindowLimiter, resetSharedBudgets, type RateWindow, type ReleaseSlot } from './rate-limiter.js';
export { OPERATIONS, DEFAULT_BASE_URLS, RATE_LIMITS, API_VERSION, type OperationInfo } from './generated/operations.js';
