// The full client's `paginate`: the windowed walk of windows.ts, with two per-call options of its own. `maxPages`
// caps the pages the scan requests (and so bounds its plan); `budget` refuses, before the first request, a scan whose
// plan (plan-scan.ts) may cost more. The core's `paginateWindows` bundles neither.
import type { CallArgs, CallParams, LaevitasCore } from '../core.js';
import type { OperationInfo } from '../operation-info.js';
import type { PaginatedOperationId } from '../../generated/methods.js';
import type { Paginated, PaginateOptions } from '../pagination.js';
import { paginateWindows, type WindowedArgs, type WindowedRequestOptions } from '../windows.js';
import { checkBudget, type ScanBudget } from './budget.js';
import { planScan } from './plan-scan.js';

/** Per-call options of the full client's `paginate` and `planScan`. */
export type ScanRequestOptions = WindowedRequestOptions & {
  /** Refuse to start when the plan may cost more than this (a `ScanBudgetError`, before any request). */
  budget?: ScanBudget;
  /** Request at most this many pages (the scan stops there, complete or not); bounds the plan. */
  maxPages?: number;
};

/** The arguments of the full client's `paginate` and `planScan`. */
export type ScanArgs<Op extends PaginatedOperationId> = CallArgs<Op, ScanRequestOptions>;

/** Splits the scan's own options from those of each request. */
export function scanOptionsOf(options: ScanRequestOptions | undefined): { budget?: ScanBudget; maxPages?: number; rest?: WindowedRequestOptions } {
  if (!options) return {};
  const { budget, maxPages, ...rest } = options;
  if (maxPages !== undefined && !(Number.isInteger(maxPages) && maxPages > 0))
    throw new TypeError(`options.maxPages must be a whole number > 0, got ${JSON.stringify(maxPages)}`);
  return { ...(budget === undefined ? {} : { budget }), ...(maxPages === undefined ? {} : { maxPages }), rest };
}

export function budgetedPaginate<Op extends PaginatedOperationId>(core: LaevitasCore, info: OperationInfo<Op>, args: ScanArgs<Op>): Paginated<Op> {
  const [params, options] = args as [CallParams<Op> | undefined, ScanRequestOptions | undefined];
  const { budget, maxPages, rest } = scanOptionsOf(options);
  if (budget !== undefined)
    checkBudget(
      planScan(info, params as CallParams<never>, { ...(rest?.windows ? { windows: rest.windows } : {}), ...(maxPages ? { maxPages } : {}) }),
      budget,
    );
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
