// The documents' rules that a schema cannot express, each named after the rule it checks and the section that
// states it. An invariant looks at one response (and, for cross-page rules, the pages of one scan) and returns the
// violations it finds as readable sentences. Every rule lives here once; the conformance run and the drift tests
// both use this list.

const EPS = 1e-9;
/** @type {(a: number, b: number, scale?: number) => boolean} */
const close = (a, b, scale = 1) => Math.abs(a - b) <= Math.max(1e-6 * Math.max(Math.abs(a), Math.abs(b)), EPS * scale);
/** @type {(v: unknown) => v is number} */
const isNum = (v) => typeof v === 'number' && Number.isFinite(v);
/** The rows of a page (`data`), or none. @type {(body: any) => any[]} */
const rowsOf = (body) => (Array.isArray(body?.data) ? body.data : []);
/** @type {Record<string, number>} */
const RESOLUTION_MINUTES = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240, '1d': 1440 };
/** Epoch ms of a v1 time value: a 'YYYY-MM-DD HH:mm:ss' UTC bucket or an ISO 8601 date-time. @type {(value: unknown) => number} */
const timeOf = (value) => {
  const text = String(value);
  return Date.parse(BUCKET.test(text) ? `${text.replace(' ', 'T')}Z` : text);
};
const BUCKET = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

/**
 * One checked response. The body is parsed JSON of any documented shape: each rule looks for the fields it knows.
 * @typedef {{operationId: string, family: string, path: string, query: Record<string, any>, status: number, body: any, headers?: Headers,
 *   paramsDeclared?: Record<string, unknown>}} ResponseContext
 * @typedef {{name: string, rule: string, check: (ctx: ResponseContext) => string[]}} Invariant
 */

/** @type {Invariant[]} */
export const INVARIANTS = [
  {
    name: 'ohlcvt-volume-is-buy-plus-sell',
    rule: 'v1 2.4: volume = buy_volume + sell_volume',
    check(ctx) {
      return rowsOf(ctx.body).flatMap((row, i) =>
        isNum(row.volume) && isNum(row.buy_volume) && isNum(row.sell_volume) && !close(row.volume, row.buy_volume + row.sell_volume)
          ? [`data[${i}].volume ${row.volume} != buy_volume ${row.buy_volume} + sell_volume ${row.sell_volume}`]
          : [],
      );
    },
  },
  {
    name: 'ohlc-high-low-bound',
    rule: 'v1 2.4: high is the maximum and low the minimum of the bucket',
    check(ctx) {
      return rowsOf(ctx.body).flatMap((row, i) => {
        if (![row.open, row.high, row.low, row.close].every(isNum)) return [];
        /** @type {string[]} */
        /** @type {string[]} */
        const out = [];
        if (row.high < Math.max(row.open, row.close, row.low) - EPS) out.push(`data[${i}].high ${row.high} is below open/close/low`);
        if (row.low > Math.min(row.open, row.close, row.high) + EPS) out.push(`data[${i}].low ${row.low} is above open/close/high`);
        return out;
      });
    },
  },
  {
    name: 'bucket-date-is-interval-start',
    rule: 'v1 2.1: date is YYYY-MM-DD HH:mm:ss UTC, the START of the interval',
    check(ctx) {
      const minutes = RESOLUTION_MINUTES[ctx.query.resolution ?? '1m'];
      if (!minutes || minutes > 60 * 24) return [];
      return rowsOf(ctx.body).flatMap((row, i) => {
        const m = typeof row.date === 'string' ? BUCKET.exec(row.date) : null;
        if (!m) return [];
        const minuteOfDay = Number(m[4]) * 60 + Number(m[5]);
        if (Number(m[6]) !== 0 || minuteOfDay % minutes !== 0)
          return [`data[${i}].date ${row.date} is not the start of a ${ctx.query.resolution ?? '1m'} bucket`];
        return [];
      });
    },
  },
  {
    name: 'iv-spread-is-ask-minus-bid',
    rule: 'v1 2.7/2.8: IV spread = ask IV - bid IV',
    check(ctx) {
      return rowsOf(ctx.body).flatMap((row, i) => {
        /** @type {string[]} */
        /** @type {string[]} */
        const out = [];
        if (isNum(row.iv_spread) && isNum(row.ask_iv) && isNum(row.bid_iv) && !close(row.iv_spread, row.ask_iv - row.bid_iv, 100))
          out.push(`data[${i}].iv_spread ${row.iv_spread} != ask_iv ${row.ask_iv} - bid_iv ${row.bid_iv}`);
        for (const s of ['open', 'close']) {
          const [spread, ask, bid] = [row[`iv_spread_${s}`], row[`ask_iv_${s}`], row[`bid_iv_${s}`]];
          if (isNum(spread) && isNum(ask) && isNum(bid) && !close(spread, ask - bid, 100))
            out.push(`data[${i}].iv_spread_${s} ${spread} != ask_iv_${s} - bid_iv_${s}`);
        }
        return out;
      });
    },
  },
  {
    name: 'gex-weighted-contributions-reconcile',
    rule: 'v1 2.14: weighted contributions summed over per-expiry rows reconcile with total_gex',
    check(ctx) {
      if (!ctx.operationId.toLowerCase().includes('gexstrikes') || ctx.body?.meta?.next_cursor) return [];
      if (ctx.query.strike_min !== undefined || ctx.query.strike_max !== undefined || ctx.query.min_abs_contribution !== undefined) return [];
      /** @type {Map<string, {sum: number, total: unknown}>} */
      const groups = new Map();
      for (const row of rowsOf(ctx.body)) {
        if (row.is_aggregate !== false || !isNum(row.weighted_contribution)) continue;
        const key = `${row.date}|${row.currency}`;
        const g = groups.get(key) ?? { sum: 0, total: row.total_gex };
        g.sum += row.weighted_contribution;
        groups.set(key, g);
      }
      return [...groups].flatMap(([key, g]) =>
        isNum(g.total) && !close(g.sum, g.total, Math.abs(g.total))
          ? [`${key}: per-expiry weighted contributions sum to ${g.sum}, total_gex is ${g.total}`]
          : [],
      );
    },
  },
  {
    name: 'flow-most-active-strikes-top-10',
    rule: 'v1 2.12: most_active_strikes is the top 10',
    check(ctx) {
      const list = ctx.body?.summary?.most_active_strikes;
      return Array.isArray(list) && list.length > 10 ? [`summary.most_active_strikes has ${list.length} items, more than 10`] : [];
    },
  },
  {
    name: 'limit-honoured',
    rule: 'v1 4.1 / legacy 4.3: a page holds at most `limit` rows',
    check(ctx) {
      const limit = Number(ctx.query.limit);
      if (!Number.isFinite(limit)) return [];
      const rows = Array.isArray(ctx.body?.data) ? ctx.body.data : Array.isArray(ctx.body?.items) ? ctx.body.items : undefined;
      return rows && rows.length > limit ? [`${rows.length} rows returned for limit=${limit}`] : [];
    },
  },
  {
    name: 'sort-dir-order',
    rule: 'v1 4.1: rows are ordered by time bucket in sort_dir (ASC by default)',
    check(ctx) {
      if (ctx.family !== 'v1' || !('sort_dir' in (ctx.paramsDeclared ?? {}))) return [];
      const dir = ctx.query.sort_dir ?? ctx.paramsDeclared?.sort_dir ?? 'ASC';
      const dates = rowsOf(ctx.body)
        .map((r) => r.date)
        .filter((d) => typeof d === 'string');
      for (let i = 1; i < dates.length; i++) {
        const cmp = timeOf(dates[i]) - timeOf(dates[i - 1]);
        if ((dir === 'ASC' && cmp < 0) || (dir === 'DESC' && cmp > 0)) return [`data[${i}].date ${dates[i]} breaks ${dir} order after ${dates[i - 1]}`];
      }
      return [];
    },
  },
  {
    name: 'empty-reason-consistent',
    rule: 'v1 2.15: meta.empty_reason is null when rows exist and set when data is empty',
    check(ctx) {
      const meta = ctx.body?.meta;
      if (!meta || !('empty_reason' in meta) || !Array.isArray(ctx.body.data)) return [];
      if (ctx.body.data.length > 0 && meta.empty_reason !== null)
        return [`meta.empty_reason is ${meta.empty_reason} although ${ctx.body.data.length} rows exist`];
      if (ctx.body.data.length === 0 && meta.empty_reason === null) return ['meta.empty_reason is null although data is empty'];
      return [];
    },
  },
  {
    name: 'completeness-bounds',
    rule: 'v1 2.15: when available, complete_from <= exclusive complete_through',
    check(ctx) {
      const c = ctx.body?.meta?.completeness;
      if (!c || c.status !== 'available') return [];
      if (c.complete_from === undefined || c.complete_through === undefined) return ['meta.completeness is available without complete_from/complete_through'];
      const from = timeOf(c.complete_from);
      const through = timeOf(c.complete_through);
      return from > through ? [`meta.completeness.complete_from ${c.complete_from} is after complete_through ${c.complete_through}`] : [];
    },
  },
  {
    name: 'legacy-historical-page-consistent',
    rule: 'legacy 4.3 (facts b.1): meta.items = items.length, page <= total_pages, 1-based',
    check(ctx) {
      const meta = ctx.body?.meta;
      if (ctx.family !== 'legacy' || !meta || !Array.isArray(ctx.body.items)) return [];
      /** @type {string[]} */
      const out = [];
      if (meta.items !== ctx.body.items.length) out.push(`meta.items ${meta.items} != items.length ${ctx.body.items.length}`);
      if (meta.total_pages > 0 && meta.page > meta.total_pages) out.push(`meta.page ${meta.page} > total_pages ${meta.total_pages}`);
      if (ctx.query.page !== undefined && Number(ctx.query.page) !== meta.page) out.push(`asked for page ${ctx.query.page}, got meta.page ${meta.page}`);
      return out;
    },
  },
];

/** Cross-page rules of one cursor scan: pages never repeat a row; next_cursor only when a later page exists.  @param {any[]} pages parsed bodies */
export function checkScan(pages) {
  /** @type {string[]} */
  const out = [];
  /** @type {Map<string, number>} */
  const seen = new Map();
  pages.forEach((page, p) => {
    rowsOf(page).forEach((row, i) => {
      const key = JSON.stringify(row);
      if (seen.has(key)) out.push(`page ${p + 1} row ${i} repeats page ${/** @type {number} */ (seen.get(key)) + 1}`);
      else seen.set(key, p);
    });
    const next = page?.meta?.next_cursor;
    const later = pages[p + 1];
    if (next && later && rowsOf(later).length === 0) out.push(`page ${p + 1} advertised next_cursor but the next page is empty`);
  });
  return out;
}

/** complete_through never moves back between two reads of the same selector (v1 2.15).  @param {any} earlier  @param {any} later parsed bodies */
export function checkCompletenessMonotonic(earlier, later) {
  const a = earlier?.meta?.completeness?.complete_through;
  const b = later?.meta?.completeness?.complete_through;
  if (a === undefined || b === undefined) return [];
  return timeOf(b) < timeOf(a) ? [`meta.completeness.complete_through moved back from ${a} to ${b}`] : [];
}

/**
 * Which unit a legacy `date` uses: the magnitude tells (legacy 2.1 says seconds; public clients read milliseconds).
 * @param {any} body a parsed body
 */
export function legacyDateUnit(body) {
  const date = body?.date ?? body?.items?.[0]?.date;
  if (typeof date !== 'number') return undefined;
  return date > 1e11 ? 'milliseconds' : 'seconds';
}
