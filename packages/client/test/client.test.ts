import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  APIConnectionTimeoutError,
  AuthenticationError,
  BadRequestError,
  PaymentRequiredError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  createClient,
} from '../src/index.js';
import { fakeFetch } from './fake-fetch.js';
import { ohlcvtPage } from './ohlcvt-page.js';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const fast = { retry: { initialDelayMs: 1, maxDelayMs: 2 }, rateLimit: false } as const;

describe('routing and authentication', () => {
  it('sends legacy operations to baseUrl with the apiKey header', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { date: 1795186800000, data: [] } }]);
    const client = createClient({ apiKey: 'k-123', baseUrl: 'http://legacy.test', v2BaseUrl: 'http://v1.test', fetch, ...fast });
    await client.getLegacyFutures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
    expect(calls[0]!.url.toString()).toBe('http://legacy.test/analytics/derivs/futures/DERIBIT/BTC/26MAR27');
    expect(calls[0]!.headers.get('apikey')).toBe('k-123');
    expect(calls[0]!.headers.get('x-api-key')).toBeNull();
  });

  it('sends versioned operations to v2BaseUrl with X-API-Key (or apiKey when asked) and serialises the query', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: ohlcvtPage(null) },
      { status: 200, body: ohlcvtPage(null) },
    ]);
    const client = createClient({ apiKey: 'k', baseUrl: 'http://legacy.test', v2BaseUrl: 'http://v1.test/', fetch, ...fast });
    await client.call('getOptionsOhlcvt', { query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', limit: 2 } });
    expect(calls[0]!.url.toString()).toBe('http://v1.test/api/v1/options/ohlcvt?limit=2&resolution=1h&instrument_name=BTC-26MAR27-100000-C');
    expect(calls[0]!.headers.get('x-api-key')).toBe('k');
    await client.withOptions({ v1KeyHeader: 'apiKey' }).getOptionsOhlcvt();
    expect(calls[1]!.headers.get('apikey')).toBe('k');
  });

  it('upper-cases parameters the service treats case-insensitively', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { meta: { total: 0, page: 1, items: 0, total_pages: 0 }, items: [] } }]);
    const client = createClient({ baseUrl: 'http://legacy.test', fetch, ...fast });
    await client.getLegacyHistoricalPerpetualDerivativesData({
      path: { market: 'binance' as 'BINANCE', symbol: 'BTCUSDT' },
      query: { start: '2026-11-20', end: '2026-11-21' },
    });
    expect(calls[0]!.url.pathname).toBe('/historical/derivs/perpetuals/BINANCE/BTCUSDT');
  });

  it('rejects unknown and missing parameters before sending anything', async () => {
    const { fetch, calls } = fakeFetch([]);
    const client = createClient({ fetch, ...fast });
    await expect(client.call('getOptionsOhlcvt', { query: { resolutoin: '1h' } as never })).rejects.toThrow(/query.resolutoin is not a parameter/);
    await expect(client.call('getLegacyFutures', { path: { market: 'DERIBIT', currency: 'BTC' } as never })).rejects.toBeInstanceOf(RequestValidationError);
    expect(calls).toHaveLength(0);
  });

  it('validates parameters against the contract when given the validators', async () => {
    const client = createClient({ fetch: fakeFetch([]).fetch, validators, ...fast });
    const error = await client.call('getOptionsOhlcvt', { query: { resolution: '7m' as '1m', limit: 5000 } }).catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toContain('query.resolution must be one of 1m, 5m, 15m, 1h, 4h, 1d');
    expect(error.message).toContain('query.limit must be <= 1000');
  });
});

describe('errors', () => {
  it('throws typed errors with status, body and headers, never echoing the key', async () => {
    const { fetch } = fakeFetch([
      { status: 400, body: { statusCode: 400, message: ['resolution must be one of …'], error: 'Bad Request' } },
      { status: 401, body: { error: 'unauthorized', message: 'API key invalid or expired' } },
    ]);
    const client = createClient({ apiKey: 'secret-key', fetch, ...fast });
    const bad = await client.getOptionsOhlcvt().catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.status).toBe(400);
    expect(bad.messages).toEqual(['resolution must be one of …']);
    const unauth = await client.getOptionsOhlcvt().catch((e) => e);
    expect(unauth).toBeInstanceOf(AuthenticationError);
    expect(unauth.message).toContain('API key invalid or expired');
    expect(JSON.stringify({ ...unauth, message: unauth.message })).not.toContain('secret-key');
  });

  it('decodes the x402 requirements of a 402', async () => {
    const requirements = {
      x402Version: 2,
      accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '1000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', payTo: '0xabc' }],
    };
    const header = Buffer.from(JSON.stringify(requirements)).toString('base64');
    const { fetch } = fakeFetch([{ status: 402, body: {}, headers: { 'payment-required': header } }]);
    const error = await createClient({ fetch, ...fast })
      .getOptionsOhlcvt()
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.requirements.accepts[0].amount).toBe('1000');
  });
});

describe('retries', () => {
  it('retries a GET after 429 honouring Retry-After, then succeeds', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 429, body: { statusCode: 429, message: 'slow down', error: 'Too Many Requests' }, headers: { 'retry-after': '0' } },
      { status: 200, body: ohlcvtPage(null) },
    ]);
    const page = await createClient({ fetch, ...fast }).getOptionsOhlcvt();
    expect(page.data).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('gives up after maxRetries with a RateLimitError carrying retryAfterMs', async () => {
    const throttled = {
      status: 429,
      body: { statusCode: 429, message: 'Retry after 60 seconds', error: 'Too Many Requests' },
      headers: { 'retry-after': '0' },
    };
    const { fetch, calls } = fakeFetch([throttled, throttled, throttled]);
    const error = await createClient({ fetch, ...fast })
      .getOptionsOhlcvt()
      .catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    const { fetch, calls } = fakeFetch([{ status: 429, body: {}, headers: { 'retry-after': '3600' } }]);
    const error = await createClient({ fetch, ...fast })
      .getOptionsOhlcvt()
      .catch((e) => e);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(calls).toHaveLength(1);
  });

  it('never retries a POST on 500 (a risk or payment call must not run twice)', async () => {
    const { fetch, calls } = fakeFetch([{ status: 500, body: { message: 'boom' } }]);
    await expect(createClient({ fetch, ...fast }).postVolSurfaceRiskLadder({ body: { positions: [{ expiry: '26MAR27' }] } })).rejects.toMatchObject({
      status: 500,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBe('{"positions":[{"expiry":"26MAR27"}]}');
  });

  it('times out an attempt and reports it', async () => {
    const hang = () => new Promise<Response>(() => undefined);
    const { fetch } = fakeFetch([() => new Promise((_, reject) => setTimeout(() => reject(new DOMException('timeout', 'TimeoutError')), 30)), hang]);
    const error = await createClient({ fetch, timeout: 20, retry: false, rateLimit: false })
      .getOptionsOhlcvt()
      .catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });
});

describe('pagination', () => {
  it('follows meta.next_cursor until it is null', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: ohlcvtPage('c1') },
      { status: 200, body: ohlcvtPage('c2', '2026-11-20 14:01:00') },
      { status: 200, body: ohlcvtPage(null, '2026-11-20 14:02:00') },
    ]);
    const client = createClient({ fetch, ...fast });
    const rows = await client.paginate('getOptionsOhlcvt', { query: { limit: 1 } }).toArray();
    expect(rows.map((r) => r.date)).toEqual(['2026-11-20 14:00:00', '2026-11-20 14:01:00', '2026-11-20 14:02:00']);
    expect(calls.map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'c1', 'c2']);
  });

  it('stops with an error when the service repeats a cursor', async () => {
    const { fetch } = fakeFetch([
      { status: 200, body: ohlcvtPage('same') },
      { status: 200, body: ohlcvtPage('same') },
    ]);
    await expect(
      createClient({ fetch, ...fast })
        .paginate('getOptionsOhlcvt')
        .toArray(),
    ).rejects.toThrow(/repeated cursor same/);
  });

  it('walks legacy pages up to total_pages', async () => {
    const page = (n: number) => ({ status: 200, body: { meta: { total: 3, page: n, items: 1, total_pages: 3 }, items: [{ date: 1795132800000 + n }] } });
    const { fetch, calls } = fakeFetch([page(1), page(2), page(3)]);
    const rows = await createClient({ fetch, ...fast })
      .paginate('getLegacyHistoricalPerpetualDerivativesData', {
        path: { market: 'BINANCE', symbol: 'BTCUSDT' },
        query: { start: '2026-11-20', end: '2026-11-21', limit: 1 },
      })
      .toArray();
    expect(rows).toHaveLength(3);
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual([null, '2', '3']);
  });

  it('walks legacy pages whose meta has no total_pages, as the vendor documents them: meta.total over the page size', async () => {
    // docs.laevitas.ch/options/historical shows `meta: {total, page, items}` and no `total_pages`.
    const page = (n: number, rows: number) => ({
      status: 200,
      body: { meta: { total: 5, page: n, items: rows }, items: Array.from({ length: rows }, (_, i) => ({ date: 1722988800000 + n * 10 + i })) },
    });
    const asked = fakeFetch([page(1, 2), page(2, 2), page(3, 1)]);
    const withLimit = await createClient({ fetch: asked.fetch, ...fast })
      .paginate('getLegacyHistoricalOptionsData', {
        path: { market: 'DERIBIT', instrument: 'BTC-27MAR26-70000-C' },
        query: { start: '2024-08-07', end: '2024-08-14', limit: 2 },
      })
      .toArray();
    expect(withLimit).toHaveLength(5);
    expect(asked.calls.map((c) => c.url.searchParams.get('page'))).toEqual([null, '2', '3']);
    // No limit asked: the first page's own size is the page size.
    const unasked = fakeFetch([page(1, 2), page(2, 2), page(3, 1)]);
    const withoutLimit = await createClient({ fetch: unasked.fetch, ...fast })
      .paginate('getLegacyHistoricalOptionsData', {
        path: { market: 'DERIBIT', instrument: 'BTC-27MAR26-70000-C' },
        query: { start: '2024-08-07', end: '2024-08-14' },
      })
      .toArray();
    expect(withoutLimit).toHaveLength(5);
    expect(unasked.calls).toHaveLength(3);
  });
});

describe('response validation', () => {
  it('throws ResponseValidationError in throw mode when the body breaks the contract', async () => {
    const broken = ohlcvtPage(null);
    (broken.data[0] as Record<string, unknown>).volume = 'lots';
    const { fetch } = fakeFetch([{ status: 200, body: broken }]);
    const error = await createClient({ fetch, validators, validateResponses: 'throw', ...fast })
      .getOptionsOhlcvt()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.message).toContain('data[0].volume must be number');
  });
});

describe('pre-flight rules from the spec extensions', () => {
  it('rejects a currency the market does not serve (x-currency-subsets)', async () => {
    const { fetch, calls } = fakeFetch([]);
    const error = await createClient({ fetch, ...fast })
      .getLegacyFuturesSnapshot({ path: { market: 'BITMEX', currency: 'SOL' }, query: { start: '2026-11-20', end: '2026-11-21' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toContain('path.currency SOL is not served on BITMEX (accepted: BTC, ETH)');
    expect(calls).toHaveLength(0);
  });

  it('rejects a window longer than the documented 7 days (x-max-window), unless the rule is lifted by instrument_name', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: { data: [], meta: { next_cursor: null, empty_reason: 'no_matching_data' } } }]);
    const client = createClient({ fetch, ...fast });
    const query = { currency: 'BTC', start: '2026-11-01T00:00:00Z', end: '2026-11-20T00:00:00Z' };
    await expect(client.getOptionsTrades({ query })).rejects.toThrow(/spans 19.0 days; at most 7 are accepted without instrument_name/);
    await client.getOptionsTrades({ query: { ...query, instrument_name: 'BTC-26MAR27-100000-C' } });
    expect(calls).toHaveLength(1);
  });
});

describe('client options', () => {
  it('are checked against the schema generated from settings.ts, naming the option and the rule', () => {
    expect(() => createClient({ timout: 5 } as never)).toThrow(/options.timout is not an option/);
    expect(() => createClient({ timeout: -1 })).toThrow(/options.timeout must be > 0/);
    expect(() => createClient({ v1KeyHeader: 'Authorization' as never })).toThrow(/options.v1KeyHeader must be one of 'X-API-Key', 'apiKey'/);
    // A value set is named whatever the wrong value's type (not `must be string`).
    expect(() => createClient({ validateResponses: true as never })).toThrow("options.validateResponses must be one of 'off', 'throw', 'warn'");
    expect(() => createClient({ logLevel: 'verbose' as never })).toThrow("options.logLevel must be one of 'debug', 'error', 'info', 'off', 'warn'");
    expect(() => createClient({ middleware: {} as never })).toThrow('options.middleware must be an array');
    expect(() => createClient({ baseUrl: 'api.laevitas.ch' })).toThrow(/options.baseUrl must match pattern/);
    expect(() => createClient({ retry: { maxRetries: 2.5 } })).toThrow(/options.retry/);
    expect(() => createClient({ fetch: 'curl' as never })).toThrow(/options.fetch must be a function/);
    expect(() => createClient({ timeout: 1000, retry: false, rateLimit: [{ limit: 10, windowSeconds: 1 }] })).not.toThrow();
    expect(() => createClient({ rateLimit: { safetyMarginMs: -1 } })).toThrow(/options.rateLimit/);
    expect(() => createClient({ rateLimit: { windows: [{ limit: 5, windowSeconds: 1 }], safetyMarginMs: 0, shared: false } })).not.toThrow();
  });
});
