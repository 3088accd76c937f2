// '@laevitas-api/client/core': the client without its operation table. Pair it with single operations from
// '@laevitas-api/client/operations' and a bundle holds only those:
//   import { createCore } from '@laevitas-api/client/core';
//   import { getOptionsOhlcvt } from '@laevitas-api/client/operations';
//   const rows = await createCore({ apiKey }).request(getOptionsOhlcvt, { query: { … } });
//   for await (const trade of paginate(core, getOptionsTrades, { query: { … } })) …
export { createCore, LaevitasCore } from './internal/core.js';
export type { CallArgs, CallParams, ClientOptions, RequestOptions, ResponseWithMeta } from './internal/core.js';
export type { ValidatorsModule, ValidatorMap, OperationValidatorLike, ValidationOutcome } from './internal/validators.js';
export type { FetchOptions } from './internal/options.js';
export type { Middleware, MiddlewareRequestEvent, MiddlewareResponseEvent } from './internal/pipeline/middleware.js';
export type { Logger, LogLevel } from './internal/log.js';
export type { TraceContext } from './internal/pipeline/trace.js';
export * from './errors.js';
export { paginate, type Paginated, type PaginateOptions } from './internal/pagination.js';
export type { RetryOptions } from './internal/retry-rules.js';
export type { OperationInfo, PaginationInfo, ApiFamily, Family } from './internal/operation-info.js';
export type { PaginatedOperationId } from './generated/methods.js';
// Time series (each costs a bundle nothing unless imported): long windows split into compliant ones, complete
// minutes only, the corrections feed followed.
export {
  paginateWindows,
  splitWindow,
  type TimeWindow,
  type WindowOptions,
  type WindowedArgs,
  type WindowedRequestOptions,
  type WindowScanInterruptedError,
} from './internal/windows.js';
export { scanComplete, type CompleteScan } from './internal/complete-minutes.js';
export {
  watchCorrections,
  recordsOf,
  type CorrectionEvent,
  type CorrectionRecord,
  type CorrectionsSince,
  type CorrectionsWatch,
  type WatchCorrectionsOptions,
} from './internal/corrections.js';
