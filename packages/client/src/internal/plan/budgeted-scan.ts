// The full client's `paginate`: the windowed walk of windows.ts, with two per-call options of its own. `maxPages`
// caps the pages the scan requests (and so bounds its plan); `budget` refuses, before the first request, a scan whose
// plan (plan-scan.ts) may cost more. The core's `paginateWindows` bundles neither.
import type { CallArgs, CallParams, LaevitasCore } from '../core.js';
import type { OperationInfo } from '../operation-info.js';
import type { PaginatedOperationId } from '../../generated/methods.js';
import type { Paginated, PaginateOptions } from '../pagination.js';
import { paginateWindows, type WindowedArgs, type WindowedRequestOptions } from '../windows.js';
import { checkBudget, type ScanBudget } from './budget.js';
import { planScan, type ScanPlan } from './plan-scan.js';

/** Per-call options of the full client's `paginate` and `planScan`. */
export type ScanRequestOptions = WindowedRequestOptions & {
  /** Refuse to start when the plan may cost more than this (a `ScanBudgetError`, before any request). */
  budget?: ScanBudget;
  /** Request at most this many pages (the scan stops there, complete or not); bounds the plan. */
  maxPages?: number;
};

/** The arguments of the full client's `paginate` and `planScan`. */
export type ScanArgs<Op extends PaginatedOperationId> = CallArgs<Op, ScanRequestOptions>;

/** A value as an error message shows it: a number as written, anything else with its type (NaN is no "null"). */
const shown = (value: unknown) =>
  typeof value === 'number' ? String(value) : `${typeof value === 'string' ? JSON.stringify(value) : 'a value'} (${typeof value})`;

/**
 * Splits the scan's own options from those of each request, refusing a `maxPages` that is no whole number from 1 up
 * to Number.MAX_SAFE_INTEGER (past it, `n - 1 === n`: a page count that never runs out). `paginate` and `planScan`
 * both go through here, so both refuse the same values with the same message.
 */
export function scanOptionsOf(options: ScanRequestOptions | undefined): { budget?: ScanBudget; maxPages?: number; rest?: WindowedRequestOptions } {
  if (!options) return {};
  const { budget, maxPages, ...rest } = options;
  if (maxPages !== undefined && !(Number.isSafeInteger(maxPages) && maxPages > 0))
    throw new TypeError(`options.maxPages must be a whole number > 0 and at most Number.MAX_SAFE_INTEGER, got ${shown(maxPages)}`);
  return { ...(budget === undefined ? {} : { budget }), ...(maxPages === undefined ? {} : { maxPages }), rest };
}

/** The plan of `paginate` with these arguments (the full client's `planScan`), its options checked as `paginate` checks them. */
export function planOf(info: OperationInfo, params: CallParams<never> | undefined, options: ScanRequestOptions | undefined): ScanPlan {
  const { maxPages, rest } = scanOptionsOf(options);
  return planScan(info, params, { ...(rest?.windows === undefined ? {} : { windows: rest.windows }), ...(maxPages === undefined ? {} : { maxPages }) });
}

export function budgetedPaginate<Op extends PaginatedOperationId>(core: LaevitasCore, info: OperationInfo<Op>, args: ScanArgs<Op>): Paginated<Op> {
  const [params, options] = args as [CallParams<Op> | undefined, ScanRequestOptions | undefined];
  const { budget, maxPages, rest } = scanOptionsOf(options);
  if (budget !== undefined) checkBudget(planOf(info, params as CallParams<never>, options), budget);
  const scan = paginateWindows(core, info, ...([params, rest] as unknown as WindowedArgs<Op>));
  return maxPages === undefined ? scan : capped(scan, maxPages, info.pagination!.itemsPath);
}

/** The scan with at most `cap` pages, whichever way it is read. */
function capped<Op extends PaginatedOperationId>(scan: Paginated<Op>, cap: number, itemsPath: string): Paginated<Op> {
  const within = (options?: PaginateOptions) => ({ maxPages: Math.min(options?.maxPages ?? cap, cap) });
  return {
    async *[Symbol.asyncIterator]() {
      for await (const page of scan.pages({ maxPages: cap })) yield* (page as unknown as Record<string, never[]>)[itemsPath]!;
    },
    pages: (options) => scan.pages(within(options)),
    toArray: (options) => scan.toArray(within(options)),
    get lastCursor() {
      return scan.lastCursor;
    },
  };
}
