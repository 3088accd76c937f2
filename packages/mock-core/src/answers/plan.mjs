// What synthesis needs to know about one operation, read once from the spec: its success example, the rows of that
// example grouped by time bucket, how the example writes times, the step, sort and limit defaults of its parameters.
import { deref, responseExampleOf } from '@laevitas-api/spec-model';

/**
 * @typedef {import('../stage.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 * @typedef {Record<string, any>} Row one row of a documented example (any documented shape)
 * @typedef {NonNullable<ReturnType<typeof planOf>>} Plan
 */

const BUCKET = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The first documented example of an operation's success answer (its first 2xx status).
 * @param {OpenApiDocument} document  @param {OperationModel} op  @returns {{status: number, example: any} | undefined}
 */
function successExample(document, op) {
  const status = op.responses.find((r) => r.status >= 200 && r.status < 300)?.status;
  if (status === undefined) return undefined;
  /** @type {any} a documented example, of any documented shape */
  const example = responseExampleOf(document, op, status);
  return example === undefined ? undefined : { status, example };
}

/** @param {Row} row */
function timeKeyOf(row) {
  return ['date', 'timestamp'].find((k) => row && (typeof row[k] === 'number' || (typeof row[k] === 'string' && !Number.isNaN(parseTime(row[k])))));
}

/** @param {unknown} value  @returns {number} epoch ms */
export function parseTime(value) {
  if (typeof value === 'number') return value > 1e11 ? value : value * 1000;
  const text = String(value);
  if (/^\d+$/.test(text)) return Number(text) > 1e11 ? Number(text) : Number(text) * 1000;
  return Date.parse(BUCKET.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

/**
 * Writes epoch ms in the shape the example uses for that field.
 * @param {unknown} sample  @returns {(t: number) => string | number}
 */
function formatterOf(sample) {
  if (typeof sample === 'number') return sample > 1e11 ? (t) => t : (t) => Math.floor(t / 1000);
  if (BUCKET.test(/** @type {string} */ (sample))) return (t) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
  if (/\.\d{3}Z$/.test(/** @type {string} */ (sample))) return (t) => new Date(t).toISOString();
  return (t) => new Date(t).toISOString().replace('.000Z', 'Z');
}

/** Everything synthesis needs about one operation, computed once.  @param {OpenApiDocument} document  @param {OperationModel} op */
export function planOf(document, op) {
  const found = successExample(document, op);
  if (!found) return undefined;
  const { example, status } = found;
  const pagination = op.extensions['x-pagination'];
  /** @param {unknown} list  @returns {list is Row[]} */
  const isRows = (list) => Array.isArray(list) && list.every((row) => row && typeof row === 'object' && !Array.isArray(row));
  // A list of plain values (currency codes, …) is not a series of rows: it is served as documented.
  const listKey = isRows(example?.data) ? 'data' : isRows(example?.items) ? 'items' : undefined;
  /** @type {Row[]} */
  const rows = listKey ? example[listKey] : [];
  const first = rows[0];
  const timeKey = first ? timeKeyOf(first) : undefined;
  // Rows sharing one time value belong together (one bucket); their order is kept.
  /** @type {Row[][]} */
  const groups = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (timeKey && last && last[0]?.[timeKey] === row[timeKey]) last.push(row);
    else groups.push([row]);
  }
  const times = groups.map((g) => (timeKey ? parseTime(g[0]?.[timeKey]) : undefined));
  /** @param {string} name */
  const param = (name) => op.parameters.find((p) => p.in === 'query' && p.name === name);
  /** @param {string} name */
  const defaultOf = (name) => deref(document, param(name)?.schema)?.default;
  const limitSchema = deref(document, param('limit')?.schema);
  return {
    op,
    status,
    example,
    pagination: pagination?.style,
    listKey,
    groups,
    timeKey,
    format: timeKey && first ? formatterOf(first[timeKey]) : undefined,
    // Number(): without a time key the times are undefined, which compare false as NaN does.
    exampleStep: times.length > 1 && Number(times[1]) > Number(times[0]) ? Number(times[1]) - Number(times[0]) : undefined,
    anchor: times[0],
    defaultLimit: limitSchema ? (limitSchema.default ?? limitSchema.maximum ?? 100) : undefined,
    stepParam: param('resolution') ? 'resolution' : param('granularity') ? 'granularity' : undefined,
    stepDefault: param('resolution') ? (deref(document, param('resolution')?.schema)?.default ?? '1m') : param('granularity') ? '1m' : undefined,
    sortDefault: param('sort_dir') ? (deref(document, param('sort_dir')?.schema)?.default ?? 'ASC') : undefined,
    declaredDefaults: Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, defaultOf(p.name)])),
  };
}
