// Long windows. The service refuses a start..end longer than an operation's `x-max-window` (7 days for flow and
// currency-wide trades), and `paginate` refuses it before sending. `paginateWindows` instead walks consecutive
// compliant windows in `sort_dir` order, each scanned to its end by `paginate`, so a month of trades is one loop.
//
// Where the windows meet decides whether a row is lost or doubled. `start` and `end` both include every source minute
// they touch, and a bucket of `resolution` rolls up the minutes from its start, so every boundary inside the span is
// a bucket start B (a multiple of the bucket length in UTC): one window ends at B - 1 ms (the same minute as :59:59,
// the service's own advice for a full hour) and the next starts at B. No minute is in two windows, no bucket is split
// between two windows, and only the caller's own start and end can cut a bucket, exactly as one unsplit call would.
//
// Windows that cannot hold a row are not requested: each would come back empty, and on a live service it would cost a
// request and rate-limit budget for nothing. The window at the caller's start is always requested (its answer is the
// service's verdict on the query); after it, a window starting more than CLOCK_SLACK_MS past the client's clock is
// skipped, since the service serves data only through its latest minute (an `end` in the future still ends there),
// and a caller of the walk can skip more with its own test (scanComplete: windows past `complete_through`).
//
// This module is separate from pagination.ts so an app that never splits (the core with single operations) bundles
// none of it; the full client's `paginate` goes through here.
import type { OperationId, OperationResults } from '@laevitas-api/types/signatures';
import type { CallArgs, CallParams, LaevitasCore } from './core.js';
import type { OperationInfo } from './operation-info.js';
import type { RequestOptions } from './request-options.js';
import type { PaginatedOperationId } from '../generated/methods.js';
import { paginate, type Paginated, type PaginateOptions } from './pagination.js';
import { RequestValidationError, type ScanInterruptedError } from '../errors.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Room for a client clock behind the service's: a window starting later than this past `Date.now()` is skipped.  @internal */
export const CLOCK_SLACK_MS = 3_600_000; // one hour
/** Bucket length of each `resolution`, in minutes; without one the service's unit is the source minute. */
const STEP_MINUTES: Record<string, number> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60, '2h': 120, '4h': 240, '6h': 360, '12h': 720, '1d': 1440 };

/** Per-call options of a windowed scan, beside the usual per-call options. */
export interface WindowOptions {
  /**
   * `'auto'` (default): split a window longer than the operation's `x-max-window` into compliant windows.
   * `'off'`: never split: a window over the limit is refused before sending (a `RequestValidationError`), as
   * `paginate` from the core does. `{ days }`: windows of at most that many days, also on operations without a limit
   * (a backfill in smaller bites; never longer than the operation's own limit).
   */
  windows?: 'auto' | 'off' | { days: number };
}

export type WindowedRequestOptions = RequestOptions & WindowOptions;

/** The arguments of `paginate`, with the window options in the per-call options. */
export type WindowedArgs<Op extends OperationId> = CallArgs<Op, WindowedRequestOptions>;

/** One window of a split scan, both ends inclusive, in epoch ms. */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

/** Bucket length in ms of a query's `resolution` (the source minute when there is none).  @internal */
export const bucketMs = (resolution: unknown): number => (STEP_MINUTES[String(resolution)] ?? 1) * MINUTE;

/**
 * Splits the inclusive span start..end into windows of at most `maxMs` (end - start), in ascending order, every
 * inner boundary a multiple of `stepMs` (at most `maxMs`): each window ends 1 ms before the next one's start.
 */
export function splitWindow(start: number, end: number, maxMs: number, stepMs: number): TimeWindow[] {
  const windows: TimeWindow[] = [];
  let from = start;
  for (let next; end - from > maxMs; from = next) {
    next = Math.floor((from + maxMs) / stepMs) * stepMs;
    windows.push({ start: from, end: next - 1 });
  }
  windows.push({ start: from, end });
  return windows;
}

/** A split scan stopped in one of its windows: `window` is that window's query; the windows before it are complete. */
export interface WindowScanInterruptedError extends ScanInterruptedError {
  readonly window: { readonly start: string; readonly end: string };
}

const refuse = (operationId: string, path: string, message: string) => new RequestValidationError(operationId, [{ path, rule: 'x-max-window', message }]);

/** The windows a scan needs, or undefined when one call is enough (or the caller turned splitting off).  @internal */
export function windowsOf(info: OperationInfo, query: Record<string, unknown>, choice: WindowOptions['windows'] = 'auto'): TimeWindow[] | undefined {
  const max = info.maxWindow;
  const days = Math.min(
    max && !(max.unlessParam && query[max.unlessParam] !== undefined) ? max.days : Infinity,
    typeof choice === 'object' ? choice.days : Infinity,
  );
  if (!(days > 0)) throw refuse(info.operationId, 'options.windows.days', 'options.windows.days must be a positive number');
  const start = Date.parse(query.start as string);
  const end = query.end === undefined ? Date.now() : Date.parse(query.end as string);
  const maxMs = days * DAY;
  const step = bucketMs(query.resolution);
  // An unknown start or end, no limit, or a short window: one call (the service or preflight says what is wrong).
  if (choice === 'off' || !(end - start > maxMs) || step > maxMs) return undefined;
  // Rows ordered by another field (premium, notional) would be ordered per window only: refuse rather than reorder.
  if (query.sort !== undefined && query.sort !== 'timestamp')
    throw refuse(info.operationId, 'query.sort', `query.sort=${query.sort} orders the whole window; split windows keep only sort=timestamp`);
  return splitWindow(start, end, maxMs, step);
}

/** One window as the walk requests it: its span, and the `start`/`end` it sends.  @internal */
export interface WindowRequest {
  readonly span: TimeWindow;
  readonly start: unknown;
  readonly end: unknown;
}

/**
 * The windows a scan requests, in request order (`sort_dir`), or undefined when one call is enough. The scan's walk
 * and its plan (plan/plan-scan.ts) both read this, so the plan lists exactly what the walk sends. Each pass decides a
 * window when it reaches it (the clock, `skip`): a long walk asks the clock as it goes, a plan once per window.
 * @internal
 */
export function windowWalk(
  info: OperationInfo,
  query: Record<string, unknown>,
  choice: WindowOptions['windows'],
  skip?: (window: TimeWindow) => boolean,
): Iterable<WindowRequest> | undefined {
  const windows = windowsOf(info, query, choice);
  if (!windows) return undefined;
  if (query.cursor !== undefined) throw refuse(info.operationId, 'query.cursor', 'query.cursor belongs to one window; a split scan starts from query.start');
  if (String(query.sort_dir).toUpperCase() === 'DESC') windows.reverse();
  const first = Date.parse(query.start as string);
  const last = Date.parse(query.end as string);
  return {
    *[Symbol.iterator]() {
      for (const span of windows) {
        // Not one that can hold no row (see the top of this file); never the one at the caller's start, so a scan
        // always sends one request.
        if (span.start !== first && (span.start > Date.now() + CLOCK_SLACK_MS || skip?.(span))) continue;
        // The outer edges as the caller wrote them; the inner ones on bucket starts (see the top of this file).
        yield {
          span,
          start: span.start === first ? query.start : new Date(span.start).toISOString(),
          end: span.end === last ? query.end : new Date(span.end).toISOString(),
        };
      }
    },
  };
}

/**
 * Every item of a paginated operation over any start..end: a window longer than the operation's limit (or than
 * `options.windows.days`) is walked as consecutive compliant windows in `sort_dir` order, each to its last page;
 * every row comes once. `options.windows: 'off'` gives `paginate`'s refusal instead. The caller's own `start` and
 * `end` strings are sent as given at the outer edges; inner edges are ISO 8601 with milliseconds.
 */
export function paginateWindows<Op extends PaginatedOperationId>(core: LaevitasCore, info: OperationInfo<Op>, ...args: WindowedArgs<Op>): Paginated<Op> {
  return walkWindows(core, info, args);
}

/**
 * The walk of `paginateWindows`. `skip` is asked about each window but the one at the caller's start, just before it
 * would be requested: true leaves that window out (it can hold no row the caller keeps).  @internal
 */
export function walkWindows<Op extends PaginatedOperationId>(
  core: LaevitasCore,
  info: OperationInfo<Op>,
  args: WindowedArgs<Op>,
  skip?: (window: TimeWindow) => boolean,
): Paginated<Op> {
  const [params, options] = args as [CallParams<Op> | undefined, WindowedRequestOptions | undefined];
  const { windows: choice, ...requestOptions } = options ?? {};
  const base = (params ?? {}) as { query?: Record<string, unknown> };
  const query = base.query ?? {};
  const walk = windowWalk(info, query, choice, skip);
  const forward = (p: unknown) => paginate(core, info, ...([p, options && requestOptions] as unknown as CallArgs<Op>));
  if (!walk) return forward(params);
  const key = info.pagination!.itemsPath;
  let current: Paginated<Op> | undefined;

  async function* pages(pageOptions: PaginateOptions = {}): AsyncGenerator<OperationResults[Op]> {
    let budget = pageOptions.maxPages ?? Infinity;
    for (const { start, end } of walk!) {
      current = forward({ ...base, query: { ...query, start, end } });
      try {
        for await (const page of current.pages({ maxPages: budget })) {
          budget--;
          yield page;
        }
      } catch (error) {
        throw Object.assign(error as object, { window: { start, end } });
      }
      if (budget <= 0) return;
    }
  }
  const items = async (pageOptions?: PaginateOptions) => {
    const out: unknown[] = [];
    for await (const page of pages(pageOptions)) out.push(...(page as unknown as Record<string, unknown[]>)[key]!);
    return out;
  };

  return {
    async *[Symbol.asyncIterator]() {
      for await (const page of pages()) yield* (page as unknown as Record<string, unknown[]>)[key]!;
    },
    pages,
    toArray: items,
    get lastCursor() {
      return current?.lastCursor;
    },
  } as unknown as Paginated<Op>;
}
