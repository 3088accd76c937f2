// What both entries export ('@laevitas-api/client' and '@laevitas-api/client/core'), listed once so the two cannot
// drift apart. Each entry re-exports this, then adds its own (the full client's table and payments; the core's
// free functions over a core). Values here cost a bundle nothing unless imported.
export { createCore, LaevitasCore } from './core.js';
export type { ValidatorsModule, ValidatorMap, OperationValidatorLike, ValidationOutcome } from './validators.js';
export type { FetchOptions } from './options.js';
export type { Middleware, MiddlewareRequestEvent, MiddlewareResponseEvent, Logger, LogLevel } from './public-types.js';
export type { TraceContext } from './pipeline/trace.js';
export * from '../errors.js';
export type { Paginated, PaginateOptions } from './pagination.js';
export type { RetryOptions } from './retry-rules.js';
export type { OperationInfo, PaginationInfo, ApiFamily, Family } from './operation-info.js';
// Time series: long windows split into compliant ones, complete minutes only, the corrections feed followed.
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
