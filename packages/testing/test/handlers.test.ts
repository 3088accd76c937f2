// The handlers answer as the contract mock does, in-process: these run the real client of this repository against
// `setupServer(...handlers)` (the clean-project test, test/consumer.test.ts, repeats the essentials from the packed tarballs).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createClient, RateLimitError, BadRequestError } from '@laevitas-api/client';
import { validateResponse } from '@laevitas-api/validators';
import { createHandlers, handlers, http, fixtures, OPERATION_IDS } from '../src/index.js';

const unhandled: string[] = [];
const server = setupServer(...handlers);
// MSW 3 names it onUnhandledFrame; 'error' fails the request, and the lifecycle event says which one it was.
server.events.on('request:unhandled', ({ request }) => void unhandled.push(`${request.method} ${request.url}`));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// No retries and no client-side limiter: a 429 surfaces at once, and the scans do not wait for windows.
const client = createClient({ apiKey: 'test-key', retry: false, rateLimit: false });

describe('handlers', () => {
  it('cover every operation once, each on its family host', () => {
    expect(handlers).toHaveLength(OPERATION_IDS.length);
    const hosts = new Set(handlers.map((h) => new URL(String(h.info.path).replace(/:\w+/g, 'x')).origin));
    expect([...hosts].sort()).toEqual(['https://api.laevitas.ch', 'https://apiv2.laevitas.ch']);
  });

  it('answer a versioned call with synthesised rows valid against the contract', async () => {
    const page = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', limit: 5 } });
    expect(page.data).toHaveLength(5);
    // hourly buckets, as asked
    expect(Date.parse(`${page.data[1]!.date.replace(' ', 'T')}Z`) - Date.parse(`${page.data[0]!.date.replace(' ', 'T')}Z`)).toBe(3_600_000);
    expect(validateResponse('getOptionsOhlcvt', 200, page).ok).toBe(true);
  });

  it('answer a legacy call with a body valid against the contract', async () => {
    const body = await client.getLegacyAggregatedFutureSummaryData({ path: { currency: 'BTC' } });
    expect(validateResponse('getLegacyAggregatedFutureSummaryData', 200, body).ok).toBe(true);
  });

  it('serve cursor pages that end: a full scan of a versioned series stops', async () => {
    const rows = await client.paginate('getOptionsOhlcvt', { query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', limit: 40 } }).toArray();
    expect(rows.length).toBe(100); // 2.5 pages of 40: the mock's finite series without start/end
    expect(new Set(rows.map((r) => r.date)).size).toBe(rows.length);
  });

  it('serve legacy pages that end: a full page scan stops at total_pages', async () => {
    const rows = await client
      .paginate('getLegacyDerivativesLiquidationData', {
        path: { market: 'BINANCE', symbol: 'BTCUSDT' },
        query: { start: '2026-11-20', end: '2026-11-21', limit: 50 },
      })
      .toArray();
    expect(rows.length).toBeGreaterThan(50); // more than one page, and the scan still ends
  });

  it('answer an invalid parameter with the documented 400 naming it', async () => {
    const error = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', limit: 5000 } }).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['limit must not be greater than 1000']);
    expect(validateResponse('getOptionsOhlcvt', 400, error.body).ok).toBe(true);
  });

  it('answer 401 without a key on the legacy family and 402 with the x402 quote on a paid versioned route', async () => {
    const keyless = (await fetch('https://api.laevitas.ch/analytics/futures/aggregated_future_summary/BTC')).status;
    expect(keyless).toBe(401);
    const paid = await fetch('https://apiv2.laevitas.ch/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C');
    expect(paid.status).toBe(402);
    expect(paid.headers.get('payment-required')).toBeTruthy();
  });

  it('leave an unknown path unhandled, so MSW reports it (onUnhandledFrame)', async () => {
    unhandled.length = 0;
    await expect(fetch('https://apiv2.laevitas.ch/api/v1/no-such-route', { headers: { 'x-api-key': 'k' } })).rejects.toThrow();
    expect(unhandled).toEqual(['GET https://apiv2.laevitas.ch/api/v1/no-such-route']);
  });

  it('answer on other hosts with createHandlers({ baseUrl, v2BaseUrl }), path prefixes included', async () => {
    server.use(...createHandlers({ baseUrl: 'http://legacy.test/proxy', v2BaseUrl: 'http://v1.test' }));
    const other = createClient({ apiKey: 'k', baseUrl: 'http://legacy.test/proxy', v2BaseUrl: 'http://v1.test', retry: false, rateLimit: false });
    const page = await other.getOptionsOhlcvt({ query: { instrument_name: 'ETH-26MAR27-4000-P', limit: 2 } });
    expect(page.data).toHaveLength(2);
    expect(
      validateResponse('getLegacyAggregatedFutureSummaryData', 200, await other.getLegacyAggregatedFutureSummaryData({ path: { currency: 'ETH' } })).ok,
    ).toBe(true);
  });
});

describe('http overrides', () => {
  it('force a 429 that the client throws as RateLimitError', async () => {
    server.use(http.getOptionsOhlcvt(() => ({ status: 429, headers: { 'retry-after': '1' } })));
    const error = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C' } }).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(1000);
  });

  it('answer with a typed fixture built from the request', async () => {
    server.use(http.getOptionsOhlcvt(({ query }) => fixtures.getOptionsOhlcvt({ rows: Number(query.limit) })));
    const page = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', limit: 7 } });
    expect(page.data).toHaveLength(7);
  });

  it('take only requests routed to their own operation, and step aside when the resolver returns nothing', async () => {
    let seen = 0;
    server.use(
      http.getOptionsOhlcvt(() => {
        seen++;
        return undefined;
      }),
    );
    const page = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', limit: 3 } });
    expect(seen).toBe(1);
    expect(page.data).toHaveLength(3);
  });
});
