// Complete minutes only. The service's `meta.completeness.complete_through` (exclusive, never moving back) bounds the
// closed, persisted one-minute rows; a row at or after it may still be filling in. A nightly or incremental job must
// store only closed buckets and, next time, start exactly where it stopped: `scanComplete` yields the rows whose
// whole bucket lies before `complete_through` (in time order), stops at the first that does not, and hands back
// `resume`, the start of the first bucket it did not yield. Calling it again later with `query.start = resume`
// yields each closed bucket once across runs. Values at or before `complete_through` can still be revised by a
// correction: follow the corrections feed (corrections.ts) and re-read the range it reports.
import type { OperationId } from '@laevitas-api/types/signatures';
import type { CallParams, LaevitasCore } from './core.js';
import type { OperationInfo } from './operation-info.js';
import type { PaginatedOperationId } from '../generated/methods.js';
import type { Paginated } from './pagination.js';
import { LaevitasError, RequestValidationError } from '../errors.js';
import { bucketMs, walkWindows, type WindowedArgs, type WindowedRequestOptions } from './windows.js';

type Item<Op extends OperationId> = Paginated<Op> extends AsyncIterable<infer R> ? R : unknown;

/** A complete-minutes scan: iterate it once, then read where the next run starts. */
export interface CompleteScan<Op extends OperationId> extends AsyncIterable<Item<Op>> {
  /** After the scan: the `query.start` of the next run (ISO 8601), the start of the first bucket not yielded. */
  readonly resume: string | undefined;
  /** The `meta.completeness.complete_through` the scan stopped at, as the service wrote it. */
  readonly completeThrough: string | undefined;
}

const BUCKET = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Epoch ms of a service time: `YYYY-MM-DD HH:mm:ss` (UTC bucket start), ISO 8601, or epoch seconds or ms. */
export function timeOf(value: unknown): number {
  if (typeof value === 'number') return value > 1e11 ? value : value * 1000;
  const text = String(value);
  return Date.parse(BUCKET.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

type Timed = { date?: unknown; timestamp?: unknown } | null;
const rowTime = (row: Timed): number => timeOf(row?.date ?? row?.timestamp);

/**
 * Rows of closed buckets only, from `query.start` (required: where this run starts) up to `complete_through`, or to
 * `query.end` when that comes first; long windows are split as `paginate` splits them. `sort_dir` must be ASC.
 */
export function scanComplete<Op extends PaginatedOperationId>(core: LaevitasCore, info: OperationInfo<Op>, ...args: WindowedArgs<Op>): CompleteScan<Op> {
  const [params] = args as [CallParams<Op> | undefined, WindowedRequestOptions | undefined]; // the options go on to walkWindows with args
  const query = ((params ?? {}) as { query?: Record<string, unknown> }).query ?? {};
  const operationId = info.operationId;
  const refuse = (path: string, message: string) => new RequestValidationError(operationId, [{ path, rule: 'complete-minutes', message }]);
  if (query.start === undefined || !Number.isFinite(timeOf(query.start)))
    throw refuse('query.start', 'query.start is required: a complete-minutes scan starts where the last one stopped');
  if (String(query.sort_dir ?? 'ASC').toUpperCase() !== 'ASC')
    throw refuse('query.sort_dir', 'query.sort_dir must be ASC: a complete-minutes scan walks time forward');
  const step = bucketMs(query.resolution);
  const start = timeOf(query.start);
  const end = query.end === undefined ? Infinity : timeOf(query.end);
  let resume: string | undefined;
  let completeThrough: string | undefined;

  async function* rows(): AsyncGenerator<Item<Op>> {
    let bound: number | undefined;
    let next = start;
    const finish = (at: number) => {
      resume = new Date(Math.max(start, at)).toISOString();
    };
    // A later window whose first bucket is not closed by `bound` holds no row to yield (its start is a bucket start,
    // windows.ts): it is never requested, so a scan over a long window costs nothing past `complete_through`. Only
    // the first window goes out before `bound` is known, and walkWindows never asks about that one.
    for await (const page of walkWindows(core, info, args, (window) => window.start + step > bound!).pages()) {
      const completeness = (page as { meta?: { completeness?: { status?: string; complete_through?: unknown } } }).meta?.completeness;
      if (!completeness) throw new LaevitasError(`${operationId}: page has no meta.completeness; a complete-minutes scan needs a minute-based operation`);
      if (completeness.status !== 'available') return finish(next);
      if (bound === undefined) {
        // The first page's bound holds for the whole scan: it never moves back, and a later one is the next run's.
        bound = timeOf(completeness.complete_through);
        if (!Number.isFinite(bound))
          throw new LaevitasError(`${operationId}: meta.completeness.complete_through is not a time: ${JSON.stringify(completeness.complete_through)}`);
        completeThrough = String(completeness.complete_through);
      }
      for (const row of ((page as { data?: unknown[] }).data ?? []) as Item<Op>[]) {
        const t = rowTime(row as Timed);
        if (!Number.isFinite(t)) throw new LaevitasError(`${operationId}: a row has no date or timestamp; got ${JSON.stringify(row)}`);
        if (t + step > bound) return finish(t);
        yield row;
        next = t + step;
      }
    }
    // Every row asked for was closed: the next run starts at the first bucket after both the rows and the window.
    const pastEnd = end === Infinity ? Infinity : Math.floor(end / step) * step + step;
    finish(Math.max(next, Math.min(bound === undefined ? next : Math.floor(bound / step) * step, pastEnd)));
  }

  return {
    [Symbol.asyncIterator]: rows,
    get resume() {
      return resume;
    },
    get completeThrough() {
      return completeThrough;
    },
  };
}
