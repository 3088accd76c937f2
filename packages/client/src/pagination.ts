// Auto-pagination over both pagination styles the contract declares (x-pagination): the versioned family's opaque
// `meta.next_cursor`, and the legacy historical routes' 1-based `page` with `meta.total_pages`. Iterating yields
// items; `.pages()` yields whole pages. A repeated cursor stops the scan with an error instead of looping forever.
import type { OperationId, ResponseBody } from '@laevitas-api/types/operations';
import type { OperationInfo } from './generated/operations.js';
import type { CallArgs, CallParams, LaevitasClient } from './client.js';
import { LaevitasError } from './errors.js';

type Item<Op extends OperationId> = ResponseBody<Op> extends { data: ReadonlyArray<infer R> } ? R : ResponseBody<Op> extends { items: ReadonlyArray<infer R> } ? R : unknown;

export interface PaginateOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

export interface Paginated<Op extends OperationId> extends AsyncIterable<Item<Op>> {
  /** Whole pages, in order. */
  pages(options?: PaginateOptions): AsyncIterable<ResponseBody<Op>>;
  /** Collects every item (mind the size of the range). */
  toArray(options?: PaginateOptions): Promise<Item<Op>[]>;
  /** Cursor of the page after the last one fetched; resume a scan from it with `query.cursor`. */
  readonly lastCursor: string | null | undefined;
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);

export function paginate<Op extends OperationId>(client: LaevitasClient, operationId: Op, info: OperationInfo, params: CallParams<Op>): Paginated<Op> {
  const spec = info.pagination!;
  let lastCursor: string | null | undefined;

  async function* pages(options: PaginateOptions = {}): AsyncGenerator<ResponseBody<Op>> {
    const base = params as CallParams<Op> & { query?: Record<string, unknown> };
    let query: Record<string, unknown> = { ...(base.query ?? {}) };
    const seen = new Set<string>();
    for (let count = 0; options.maxPages === undefined || count < options.maxPages; count++) {
      const page = await client.call(operationId, ...([{ ...base, query }] as unknown as CallArgs<Op>));
      yield page;
      if (spec.style === 'cursor') {
        const next = at(page, spec.nextCursorPath) as string | null | undefined;
        lastCursor = next;
        if (!next) return;
        if (seen.has(next)) throw new LaevitasError(`${operationId}: the service repeated cursor ${next}; stopping to avoid a loop`);
        seen.add(next);
        query = { ...query, [spec.cursorParam]: next };
      } else {
        const current = Number(query[spec.pageParam] ?? 1);
        const total = Number(at(page, spec.totalPagesPath) ?? 0);
        if (!(current < total)) return;
        query = { ...query, [spec.pageParam]: current + 1 };
      }
    }
  }

  async function* items(): AsyncGenerator<Item<Op>> {
    for await (const page of pages()) {
      const list = at(page, spec.itemsPath);
      if (Array.isArray(list)) yield* list as Item<Op>[];
    }
  }

  return {
    [Symbol.asyncIterator]: items,
    pages,
    async toArray(options) {
      const out: Item<Op>[] = [];
      for await (const page of pages(options)) {
        const list = at(page, spec.itemsPath);
        if (Array.isArray(list)) out.push(...(list as Item<Op>[]));
      }
      return out;
    },
    get lastCursor() {
      return lastCursor;
    },
  };
}
