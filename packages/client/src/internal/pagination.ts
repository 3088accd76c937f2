// Auto-pagination over both pagination styles the contract declares (x-pagination): the versioned family's opaque
// `meta.next_cursor`, and the legacy historical routes' 1-based `page` with `meta.total_pages`. Iterating yields
// items; `.pages()` yields whole pages. A repeated cursor stops the scan with an error instead of looping forever,
// and a scan either yields every row or throws a ScanInterruptedError that says where to resume.
import type { OperationId, OperationResults } from '@laevitas-api/types/signatures';
import type { OperationInfo } from './operation-info.js';
import type { CallArgs, CallParams, LaevitasCore } from './core.js';
import type { RequestOptions } from './request-options.js';
import type { PaginatedOperationId } from '../generated/methods.js';
import { LaevitasError, ScanInterruptedError } from '../errors.js';

type Item<Op extends OperationId> = OperationResults[Op] extends { data: ReadonlyArray<infer R> }
  ? R
  : OperationResults[Op] extends { items: ReadonlyArray<infer R> }
    ? R
    : unknown;

export interface PaginateOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

export interface Paginated<Op extends OperationId> extends AsyncIterable<Item<Op>> {
  /** Whole pages, in order. */
  pages(options?: PaginateOptions): AsyncIterable<OperationResults[Op]>;
  /** Collects every item (mind the size of the range). */
  toArray(options?: PaginateOptions): Promise<Item<Op>[]>;
  /** Cursor of the page after the last one fetched; resume a scan from it with `query.cursor`. */
  readonly lastCursor: string | null | undefined;
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);

/**
 * Every item of a paginated operation (only those are accepted: a compile error otherwise), following
 * `meta.next_cursor` (versioned family) or `page`/`total_pages` (legacy historical routes):
 * `for await (const row of paginate(core, getOptionsTrades, { query }))`; `.pages()` yields whole pages.
 * A scan ends with every row or throws a ScanInterruptedError that says where to resume.
 */
export function paginate<Op extends PaginatedOperationId>(core: LaevitasCore, info: OperationInfo<Op>, ...args: CallArgs<Op>): Paginated<Op> {
  if (!info.pagination) throw new TypeError(`${info.operationId} is not paginated`);
  return scan(core, info, args[0] as CallParams<Op> | undefined, args[1]);
}

function scan<Op extends OperationId>(
  core: LaevitasCore,
  info: OperationInfo<Op>,
  params: CallParams<Op> | undefined,
  requestOptions: RequestOptions | undefined,
): Paginated<Op> {
  const spec = info.pagination!;
  const operationId = info.operationId;
  let lastCursor: string | null | undefined;
  /** Rows on the first page: the page size of a legacy scan that asked for none and whose pages carry no `total_pages`. */
  let firstPageSize = 0;

  /**
   * Pages in order. Every page is checked for the fields the scan steers by (the items array, the next cursor or
   * the page count): a page without them would otherwise end the scan early and silently. Any failure, of a
   * request or of that check, becomes a ScanInterruptedError naming the cursor or page to resume from.
   */
  async function* pages(options: PaginateOptions = {}): AsyncGenerator<OperationResults[Op]> {
    const base = (params ?? {}) as CallParams<Op> & { query?: Record<string, unknown> };
    let query: Record<string, unknown> = { ...(base.query ?? {}) };
    const seen = new Set<string>();
    let fetched = 0;
    let items = 0;
    for (; options.maxPages === undefined || fetched < options.maxPages;) {
      const resume = spec.style === 'cursor' ? { cursor: query[spec.cursorParam] as string | undefined } : { page: Number(query[spec.pageParam] ?? 1) };
      let page: OperationResults[Op];
      let next: Record<string, unknown> | undefined;
      let count: number;
      try {
        page = await core.request(info, ...([{ ...base, query }, requestOptions] as unknown as CallArgs<Op>));
        const list = at(page, spec.itemsPath);
        if (!Array.isArray(list)) throw new LaevitasError(`${operationId}: page has no ${spec.itemsPath} array`);
        count = list.length;
        next = nextQuery(page, query, seen);
      } catch (error) {
        throw new ScanInterruptedError(operationId, resume, fetched, items, error);
      }
      fetched++;
      items += count;
      yield page;
      if (!next) return;
      query = next;
    }
  }

  /** The query of the page after `page`, or undefined at the end. */
  function nextQuery(page: unknown, query: Record<string, unknown>, seen: Set<string>): Record<string, unknown> | undefined {
    if (spec.style === 'cursor') {
      const next = at(page, spec.nextCursorPath);
      if (next !== null && typeof next !== 'string')
        throw new LaevitasError(`${operationId}: page has no ${spec.nextCursorPath} (string, or null at the end); got ${JSON.stringify(next)}`);
      lastCursor = next;
      if (!next) return undefined;
      if (seen.has(next)) throw new LaevitasError(`${operationId}: the service repeated cursor ${next}; stopping to avoid a loop`);
      seen.add(next);
      return { ...query, [spec.cursorParam]: next };
    }
    const current = Number(query[spec.pageParam] ?? 1);
    const next = { ...query, [spec.pageParam]: current + 1 };
    const total = at(page, spec.totalPagesPath);
    if (total === undefined) {
      // The vendor's documented answers send `meta: {total, page, items}` without `total_pages`: the page count then
      // follows from the row count beside it and the page size asked for (this page's own size when none was asked).
      const totalRowsPath = spec.totalPagesPath.replace(/[^.]+$/, 'total');
      const rows = at(page, totalRowsPath);
      if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 0)
        throw new LaevitasError(`${operationId}: page has neither ${spec.totalPagesPath} nor ${totalRowsPath} (a whole number); got ${JSON.stringify(rows)}`);
      const rowsHere = (at(page, spec.itemsPath) as unknown[] | undefined)?.length ?? 0;
      if (current === 1) firstPageSize = rowsHere;
      const size = Number(query[spec.limitParam]) || firstPageSize;
      return size > 0 && rowsHere > 0 && current * size < rows ? next : undefined;
    }
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0)
      throw new LaevitasError(`${operationId}: page has no ${spec.totalPagesPath} (a whole number); got ${JSON.stringify(total)}`);
    return current < total ? next : undefined;
  }

  async function* items(): AsyncGenerator<Item<Op>> {
    for await (const page of pages()) yield* at(page, spec.itemsPath) as Item<Op>[];
  }

  return {
    [Symbol.asyncIterator]: items,
    pages,
    async toArray(options) {
      const out: Item<Op>[] = [];
      for await (const page of pages(options)) out.push(...(at(page, spec.itemsPath) as Item<Op>[]));
      return out;
    },
    get lastCursor() {
      return lastCursor;
    },
  };
}
