// The floor for validator size: what a careful engineer would write by hand for GET /api/v1/options/ohlcvt, with
// the same coverage as the generated per-operation module (query parameters, the 200 body, the 400/401/402/429
// bodies and the documented headers) and the same kind of result (every issue names the field and the rule).
// Bundled, minified and gzipped beside the generated one by validator-size.mjs; never used by the packages.

/** @typedef {{path: string, rule: string, message: string}} Issue */
/** @typedef {(value: unknown, path: string, out: Issue[]) => void} Check */

const issue = (/** @type {Issue[]} */ out, /** @type {string} */ path, /** @type {string} */ rule, /** @type {string} */ message) =>
  out.push({ path, rule, message: `${path} ${message}` });
/** @returns {Check} */
const num =
  ({ min = -Infinity, max = Infinity, int = false, nullable = false } = {}) =>
  (v, p, out) => {
    if (v === null && nullable) return;
    if (typeof v !== 'number' || !Number.isFinite(v)) return issue(out, p, 'type', `must be number${nullable ? ' or null' : ''}`);
    if (int && !Number.isInteger(v)) issue(out, p, 'type', 'must be integer');
    if (v < min) issue(out, p, 'minimum', `must be >= ${min}`);
    if (v > max) issue(out, p, 'maximum', `must be <= ${max}`);
  };
/** @returns {Check} */
const str =
  ({
    pattern = /** @type {RegExp | undefined} */ (undefined),
    minLength = 0,
    nullable = false,
    oneOf = /** @type {string[] | undefined} */ (undefined),
    equals = /** @type {string | undefined} */ (undefined),
  } = {}) =>
  (v, p, out) => {
    if (v === null && nullable) return;
    if (typeof v !== 'string') return issue(out, p, 'type', `must be string${nullable ? ' or null' : ''}`);
    if (v.length < minLength) issue(out, p, 'minLength', `must NOT have fewer than ${minLength} characters`);
    if (pattern && !pattern.test(v)) issue(out, p, 'pattern', `must match pattern "${pattern.source}"`);
    if (oneOf && !oneOf.includes(v)) issue(out, p, 'enum', `must be one of ${oneOf.join(', ')}`);
    if (equals !== undefined && v !== equals) issue(out, p, 'const', `must be equal to ${equals}`);
  };
/** @returns {Check} */
const bool = () => (v, p, out) => void (typeof v !== 'boolean' && issue(out, p, 'type', 'must be boolean'));
/** @param {Record<string, Check>} props  @param {string[]} required  @returns {Check} */
const obj = (props, required) => (v, p, out) => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return issue(out, p, 'type', 'must be object');
  const o = /** @type {Record<string, unknown>} */ (v);
  for (const key of required) if (!(key in o)) issue(out, `${p}.${key}`, 'required', 'is required');
  for (const [key, check] of Object.entries(props)) if (key in o && o[key] !== undefined) check(o[key], `${p}.${key}`, out);
};
/** @param {Check} item  @returns {Check} */
const arr = (item) => (v, p, out) => (Array.isArray(v) ? v.forEach((x, i) => item(x, `${p}[${i}]`, out)) : issue(out, p, 'type', 'must be array'));
/** @param {Check} check */
const run = (check, /** @type {string} */ root) => (/** @type {unknown} */ value) => {
  /** @type {Issue[]} */
  const out = [];
  check(value, root, out);
  return out.length ? { ok: false, issues: out } : { ok: true, data: value };
};

const ISO = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const BUCKET = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const numbers = ['open', 'high', 'low', 'close', 'vwap', 'mark_price', 'days_to_expiry'];
const counts = ['volume', 'buy_volume', 'sell_volume', 'trades_count', 'buy_trades_count', 'sell_trades_count'];
const nullables = ['liquidation_short_volume', 'liquidation_long_volume', 'block_trade_buy_volume', 'block_trade_sell_volume', 'index_price'];
const row = obj(
  {
    date: str({ pattern: BUCKET }),
    ...Object.fromEntries(numbers.map((k) => [k, num()])),
    ...Object.fromEntries(counts.map((k) => [k, num({ min: 0 })])),
    ...Object.fromEntries(nullables.map((k) => [k, num({ nullable: true })])),
  },
  ['date', ...numbers, ...counts, ...nullables],
);
const EMPTY = ['unsupported_exchange', 'ineligible_instrument', 'outside_coverage', 'no_matching_data', 'classification_unavailable'];
const meta = obj({ next_cursor: str({ nullable: true }), empty_reason: str({ nullable: true, oneOf: EMPTY }), has_more: bool() }, ['next_cursor']);

export const getOptionsOhlcvt = {
  validateRequest: run(
    obj(
      {
        start: str({ pattern: ISO }),
        end: str({ pattern: ISO }),
        limit: num({ int: true, min: 1, max: 1000 }),
        cursor: str({ minLength: 1 }),
        sort_dir: str({ oneOf: ['ASC', 'DESC'] }),
        resolution: str({ oneOf: ['1m', '5m', '15m', '1h', '4h', '1d'] }),
        exchange: str({ oneOf: ['deribit', 'binance', 'okx', 'bybit', 'bullish', 'derive', 'paradex'] }),
        instrument_name: str({ minLength: 1 }),
      },
      [],
    ),
    'query',
  ),
  /** @param {number} status  @param {unknown} body  @param {Record<string, string>} [headers] */
  validateResponse(status, body, headers = {}) {
    const bodies = /** @type {Record<number, Check>} */ ({
      200: obj({ data: arr(row), meta }, ['data', 'meta']),
      400: obj({ statusCode: num({ int: true, min: 400, max: 400 }), message: arr(str()), error: str({ equals: 'Bad Request' }) }, [
        'statusCode',
        'message',
        'error',
      ]),
      401: obj({ error: str({ equals: 'unauthorized' }), message: str() }, ['error', 'message']),
      402: obj({ x402Version: num({ int: true }), error: str(), message: str(), errorMessage: str(), errorReason: str() }, []),
      429: obj({ statusCode: num({ int: true, min: 429, max: 429 }), message: str(), error: str({ equals: 'Too Many Requests' }) }, [
        'statusCode',
        'message',
        'error',
      ]),
    });
    const check = bodies[status];
    if (!check) return { ok: false, issues: [{ path: 'status', rule: 'status', message: `status ${status} is not documented` }] };
    const result = run(check, 'data')(body);
    if (!result.ok) return result;
    if (status === 402 && !headers['payment-required'])
      return { ok: false, issues: [{ path: 'payment-required', rule: 'required', message: 'payment-required is required' }] };
    if (status === 429 && headers['retry-after'] !== undefined && !/^\d+$/.test(headers['retry-after']))
      return { ok: false, issues: [{ path: 'retry-after', rule: 'pattern', message: 'retry-after must be whole seconds' }] };
    return result;
  },
};
