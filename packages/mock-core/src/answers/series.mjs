// The rows of one request: the example's rows become a finite time series whose buckets follow
// `resolution`/`granularity`, `start`/`end` and `sort_dir`; values are the example's, scaled by a factor seeded by the
// normalised request (deterministic: the same request always gets the same bytes). One factor per bucket, applied to
// every number of the bucket's rows alike, keeps the linear rules of the documents (volume = buy + sell, high/low
// bounds, IV spread, GEX reconciliation). Rows echo the request's identity (instrument, currency, market, exchange, …),
// and pages end: cursor pages for the versioned family, page/limit for the legacy historical routes.
import { badRequest } from '../answer-shapes.mjs';
import { decodeCursor, encodeCursor, fingerprintOf, hash32, pageEnd } from './pagination.mjs';
import { parseTime } from './plan.mjs';

/**
 * @typedef {import('./plan.mjs').Plan} Plan
 * @typedef {import('./plan.mjs').Row} Row
 * @typedef {{scale: boolean, echo: boolean, salt?: string | undefined}} SynthOptions `salt` varies the scaling of a request's rows (the
 *   testing kit's fixture seeds); the mock never sets it
 */

const MINUTE = 60_000;
/** @type {Record<string, number>} */
const STEP_MINUTES = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60, '2h': 120, '4h': 240, '6h': 360, '12h': 720, '1d': 1440 };
/** A series is finite: a window of more buckets than this is cut (the real service pages through more). */
const MAX_ROWS = 10_000;
/** Without start/end a series spans this many pages at the request's limit: a scan has something to walk. */
const DEFAULT_PAGES = 2.5;
/** Fields that name what a row is about; a request parameter of the same name is echoed into them. */
const IDENTITY = [
  'instrument_name',
  'instrument',
  'currency',
  'exchange',
  'market',
  'symbol',
  'base_currency',
  'quote_currency',
  'maturity',
  'wallet',
  'category',
];
/** Numbers that are coordinates, not measurements: never scaled. */
const FIXED =
  /(^|_)(id|strike|strikes|expiry|expiries|tenor|days|dte|days_to_expiry|count|date|time|timestamp|year|hour|minute|decimals|size_decimals|leverage|max_leverage)(_|$)/;

/** A factor in [0.85, 1]: scaling down never leaves a bound the example respects from above.  @param {string} seed  @param {number} bucket */
function factorOf(seed, bucket) {
  return 0.85 + (hash32(`${seed}:${bucket}`) % 1501) / 10_000;
}

/** Whether a field keeps its value when a row is scaled, by name: tested once per name, not once per row. */
const fixedByName = new Map();
/** @param {string} key */
function isFixed(key) {
  let fixed = fixedByName.get(key);
  if (fixed === undefined) fixedByName.set(key, (fixed = FIXED.test(key)));
  return fixed;
}

/** @param {Row} row  @param {number} factor  @returns {Row} */
function scaleRow(row, factor) {
  if (factor === 1) return { ...row };
  /** @type {Row} */
  const out = {};
  for (const key in row) {
    const value = row[key];
    out[key] = typeof value === 'number' && value !== 0 && !isFixed(key) ? Number((value * factor).toPrecision(12)) : value;
  }
  return out;
}

/**
 * Echoes the request's identity into the fields of the same name, in the example's letter case.
 * @template T  @param {T} target  @param {Record<string, string>} identity  @returns {T}
 */
function echoIdentity(target, identity) {
  if (!target || typeof target !== 'object' || Array.isArray(target)) return target;
  for (const [key, value] of Object.entries(identity)) {
    const row = /** @type {Row} */ (target);
    if (typeof row[key] !== 'string') continue;
    row[key] = row[key] === row[key].toLowerCase() ? value.toLowerCase() : value;
  }
  return target;
}

/** @param {Record<string, string>} pathParams  @param {Record<string, string>} query */
function identityOf(pathParams, query) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const key of IDENTITY) {
    const value = query[key] ?? pathParams[key];
    if (typeof value === 'string' && value && !value.includes(',')) out[key] = value;
  }
  // An instrument names its currency first (BTC-26MAR27-100000-C, ETH-PERPETUAL, SOL-USDT): rows about it say so.
  const prefix = /^([A-Z0-9]{2,10})-/.exec(out.instrument_name ?? '');
  const currency = prefix?.[1];
  if (currency && !out.currency) out.currency = currency;
  return out;
}

/**
 * The series of one request: its length, and row i in ascending time order.
 * @param {Plan} plan  @param {Record<string, string>} query
 * @param {SynthOptions & {identity: Record<string, string>, seed: string}} options
 * @returns {{total: number, rowAt: (i: number) => Row | undefined, groupOf: (i: number) => number}}
 */
function seriesOf(plan, query, options) {
  const { groups } = plan;
  if (!groups.length) return { total: 0, rowAt: () => undefined, groupOf: () => 0 };
  const sizes = groups.map((g) => g.length);
  const cycle = sizes.reduce((a, b) => a + b, 0);
  /** @param {number} i */
  const locate = (i) => {
    const round = Math.floor(i / cycle);
    let within = i % cycle;
    let g = 0;
    for (const size of sizes) {
      if (within < size) break;
      within -= size;
      g++;
    }
    // within < cycle, the sum of the sizes: the row always exists.
    const row = groups[g]?.[within];
    if (!row) throw new Error(`mock synth: row ${i} outside its cycle of ${cycle}`);
    return { bucket: round * groups.length + g, row };
  };
  if (!plan.timeKey) {
    // No time axis (catalogs, instrument lists): the example's rows are the whole, finite list.
    return { total: cycle, groupOf: (i) => i, rowAt: (i) => echoIdentity(scaleRow(locate(i).row, 1), options.identity) };
  }
  const stepName = query[/** @type {string} */ (plan.stepParam)] ?? plan.stepDefault;
  const step = (STEP_MINUTES[stepName] ?? 0) * MINUTE || plan.exampleStep || 60 * MINUTE;
  const start = query.start !== undefined ? parseTime(query.start) : undefined;
  const end = query.end !== undefined ? parseTime(query.end) : undefined;
  const limit = Number(query.limit ?? plan.defaultLimit ?? 100);
  const defaultBuckets = Math.max(1, Math.ceil((DEFAULT_PAGES * limit) / (cycle / groups.length)));
  let first;
  let buckets;
  if (start !== undefined && end !== undefined) {
    first = Math.ceil(start / step) * step;
    buckets = end < first ? 0 : Math.floor((end - first) / step) + 1;
  } else if (start !== undefined) {
    first = Math.ceil(start / step) * step;
    buckets = defaultBuckets;
  } else if (end !== undefined) {
    const last = Math.floor(end / step) * step;
    buckets = defaultBuckets;
    first = last - (buckets - 1) * step;
  } else {
    // A series with a time key has its first time.
    first = Math.floor(/** @type {number} */ (plan.anchor) / step) * step;
    buckets = defaultBuckets;
  }
  const rowsPerBucket = cycle / groups.length;
  const total = Math.min(MAX_ROWS, Math.round(buckets * rowsPerBucket));
  return {
    total,
    groupOf: (i) => locate(i).bucket,
    rowAt: (i) => {
      const { bucket, row } = locate(i);
      const out = echoIdentity(scaleRow(row, options.scale ? factorOf(options.seed, bucket) : 1), options.identity);
      // Only series with a time key get here (see above), and those have a formatter.
      out[/** @type {string} */ (plan.timeKey)] = /** @type {(t: number) => string | number} */ (plan.format)(first + bucket * step);
      return out;
    },
  };
}

/**
 * Builds the answer body for one request, or a documented 400 for a cursor this query never issued.
 * @param {Plan} plan  @param {{pathParams?: Record<string, string>, query?: Record<string, string>}} request  @param {SynthOptions} options
 * @returns {{body: any, error?: undefined} | {error: import('../stage.mjs').Answer, body?: undefined}}
 */
export function synthesise(plan, { pathParams = {}, query = {} }, options) {
  const { op, example } = plan;
  const identity = options.echo ? identityOf(pathParams, query) : {};
  const seed = fingerprintOf(op.operationId, pathParams, query) + (options.salt ?? '');
  const body = structuredClone(example);
  echoIdentity(body, identity);
  if (!plan.listKey) return { body };
  const series = seriesOf(plan, query, { ...options, identity, seed });
  const limit = Number(query.limit ?? plan.defaultLimit ?? series.total);
  const desc = String(query.sort_dir ?? plan.sortDefault ?? 'ASC').toUpperCase() === 'DESC';
  /** @param {number} p */
  const at = (p) => series.rowAt(desc ? series.total - 1 - p : p);
  /** @param {number} p */
  const groupAt = (p) => series.groupOf(desc ? series.total - 1 - p : p);

  if (plan.pagination === 'page') {
    const page = Math.max(1, Number(query.page ?? 1));
    const from = (page - 1) * limit;
    const to = Math.min(series.total, from + limit);
    /** @type {(Row | undefined)[]} */
    const items = [];
    for (let p = from; p < to; p++) items.push(at(p));
    body.items = items;
    body.meta = { ...(example.meta ?? {}), total: series.total, page, items: items.length, total_pages: Math.ceil(series.total / limit) };
    return { body };
  }

  /** @type {number | undefined} */
  let offset = 0;
  if (plan.pagination === 'cursor' && query.cursor !== undefined) {
    offset = decodeCursor(query.cursor, seed);
    if (offset === undefined) return { error: badRequest(op.family, ['cursor must be a value of meta.next_cursor returned for this same query']) };
  }
  const to = plan.pagination === 'cursor' ? pageEnd(offset, limit, series.total, groupAt) : Math.min(series.total, offset + limit);
  /** @type {(Row | undefined)[]} */
  const rows = [];
  for (let p = offset; p < to; p++) rows.push(at(p));
  body[plan.listKey] = rows;
  if (plan.pagination === 'cursor' || (body.meta && 'next_cursor' in body.meta)) {
    const next = plan.pagination === 'cursor' && to < series.total ? encodeCursor(to, seed) : null;
    body.meta = { ...(body.meta ?? {}), next_cursor: next };
    if ('has_more' in body.meta) body.meta.has_more = next !== null;
    if ('empty_reason' in body.meta) body.meta.empty_reason = rows.length ? null : 'no_matching_data';
  }
  return { body };
}
