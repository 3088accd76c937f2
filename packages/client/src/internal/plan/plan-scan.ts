// Plan before you pay: what a scan (client.paginate) will send, computed without sending anything. The windows are
// the ones the walk in windows.ts requests, in its order and with its skips; the upper bound of requests comes from
// what the contract knows: the page size (the limit parameter's default when the query gives none) and, where the
// spec declares it (`x-rows-per-bucket`), the most rows a bucket of `resolution` holds, so a window of B buckets
// needs at most ceil(B x rows / limit) pages. Where the contract bounds no row count (trades: any number per minute),
// the bound is the caller's `maxPages`, or there is none (`max: null`): a plan never guesses.
//
// The cost is given by each way of paying an operation: x402 per call (the operation's `x-x402-price`, one payment
// per page, each paid page reaching the service twice: the 402 quote, then the paid request) and prepaid credits
// (one per call, a credit priced at `info.x-x402.pricePerCall`). An API key's subscription has no per-call price;
// its requests are the plan's `requests`.
import type { CallParams } from '../core.js';
import type { OperationInfo } from '../operation-info.js';
import { bucketMs, windowWalk, type WindowOptions } from '../windows.js';
import { fromAtomic, toAtomic } from '../payments/amount.js';
import { RATE_LIMITS, X402_TERMS } from '../../generated/spec-info.js';
import { PAGE_SIZES } from '../../generated/page-sizes.js';

/** A count known exactly at the low end and, where the contract bounds it, at the high end (`null`: unbounded). */
export interface Bounded<T> {
  readonly min: T;
  readonly max: T | null;
}

/** One window the scan walks, as the query it sends (`start`/`end` as sent; undefined where the caller gave none). */
export interface PlannedWindow {
  readonly start: string | undefined;
  readonly end: string | undefined;
  /** Most pages this window takes; null where the contract bounds no row count. */
  readonly maxPages: number | null;
}

/** What a scan will walk and cost, before anything is sent (`client.planScan`). */
export interface ScanPlan {
  readonly operationId: string;
  /** The windows in the order they are requested; a window past the client's clock is left out, as the scan does. */
  readonly windows: readonly PlannedWindow[];
  /** Rows asked per page: the query's `limit`, else the operation's default. */
  readonly pageSize: number | undefined;
  /** Calls (pages) the scan makes: at least one per window. */
  readonly requests: Bounded<number>;
  /** Most rows the scan can yield, where the contract bounds them. */
  readonly rows: { readonly max: number | null };
  /** What bounds `requests.max`: the spec's rows per bucket, the caller's `maxPages`, or nothing. */
  readonly boundBy: 'rows-per-bucket' | 'max-pages' | null;
  readonly cost: {
    /** Paying per call (x402): null where the operation has no `x-x402-price`. */
    readonly x402: (Bounded<string> & { readonly perCall: string; readonly asset: string; readonly httpRequests: Bounded<number> }) | null;
    /** Paying with prepaid credits (`X-Credit-Token`): one credit per call; null where x402 does not open the operation. */
    readonly credits: Bounded<number> | null;
  };
  /** Shortest time the requests take under the contract's rate limits (`x-rate-limits`), in seconds. */
  readonly minSeconds: Bounded<number>;
}

/** The options a plan reads: the window choice of `paginate`, and a cap on pages. */
export interface PlanOptions extends WindowOptions {
  /** Stop after this many pages: the scan sends no more, and the plan's bound is at most this. */
  maxPages?: number;
}

/** Number of buckets of `step` ms that the inclusive span start..end touches. */
const bucketsTouched = (start: number, end: number, step: number) => (end < start ? 0 : Math.floor(end / step) - Math.floor(start / step) + 1);

/** The plan of `paginate(info, params, options)`: no request is sent. */
export function planScan(info: OperationInfo, params: CallParams<never> | undefined, options: PlanOptions = {}): ScanPlan {
  const query = ((params as { query?: Record<string, unknown> } | undefined)?.query ?? {}) as Record<string, unknown>;
  const limitParam = info.pagination?.style === 'page' ? info.pagination.limitParam : 'limit';
  const given = query[limitParam];
  const pageSize = given !== undefined ? Number(given) : (PAGE_SIZES.byOperation[info.operationId] ?? PAGE_SIZES.byFamily[info.family])?.default;
  const step = bucketMs(query.resolution);
  // The walk's own windows (windows.ts), or the one call of an unsplit scan.
  const requested = windowWalk(info, query, options.windows) ?? [
    {
      span: { start: Date.parse(query.start as string), end: query.end === undefined ? Date.now() : Date.parse(query.end as string) },
      start: query.start,
      end: query.end,
    },
  ];

  const windows: PlannedWindow[] = [];
  // Rows of every window where the contract bounds them all (null once one is unbounded), each window counted once.
  let rows: number | null = 0;
  for (const { span, start, end } of requested) {
    const most =
      info.rowsPerBucket && pageSize && Number.isFinite(span.start) && Number.isFinite(span.end)
        ? bucketsTouched(span.start, span.end, step) * info.rowsPerBucket
        : null;
    rows = most === null || rows === null ? null : rows + most;
    // An empty window still costs the request that finds it empty.
    windows.push({
      start: start as string | undefined,
      end: end as string | undefined,
      maxPages: most === null ? null : Math.max(1, Math.ceil(most / pageSize!)),
    });
  }
  const cap = options.maxPages;
  const fromRows = rows === null ? null : windows.reduce((sum, w) => sum + w.maxPages!, 0);
  const max = cap !== undefined && (fromRows === null || cap < fromRows) ? cap : fromRows;
  const min = Math.min(windows.length, cap ?? Infinity);
  return {
    operationId: info.operationId,
    windows,
    pageSize,
    requests: { min, max },
    rows: { max: rows },
    boundBy: max === null ? null : max === cap ? 'max-pages' : 'rows-per-bucket',
    cost: costOf(info, min, max),
    minSeconds: { min: secondsFor(info, min), max: max === null ? null : secondsFor(info, max) },
  };
}

function costOf(info: OperationInfo, min: number, max: number | null): ScanPlan['cost'] {
  if (!info.x402Price) return { x402: null, credits: null };
  const price = toAtomic(info.x402Price, 'x402Price');
  return {
    x402: {
      perCall: info.x402Price,
      asset: X402_TERMS.asset,
      min: fromAtomic(price * BigInt(min)),
      max: max === null ? null : fromAtomic(price * BigInt(max)),
      httpRequests: { min: 2 * min, max: max === null ? null : 2 * max },
    },
    credits: { min, max },
  };
}

/** The shortest time `calls` requests take under the rolling windows that govern the operation. */
function secondsFor(info: OperationInfo, calls: number): number {
  const limits =
    (RATE_LIMITS as unknown as Record<string, readonly { limit: number; windowSeconds: number }[] | undefined>)[info.rateLimitGroup ?? info.family] ?? [];
  let seconds = 0;
  for (const { limit, windowSeconds } of limits) seconds = Math.max(seconds, Math.floor(Math.max(0, calls - 1) / limit) * windowSeconds);
  return seconds;
}
