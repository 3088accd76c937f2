// The mock honours the request and pages for real: rows echo the request's identity, buckets follow resolution,
// start/end and sort_dir, limit is honoured, values are deterministic and keep the documents' invariants, and a
// cursor scan or a legacy page scan returns every row exactly once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { startMock } from '../src/mock.mjs';
import { INVARIANTS, checkScan } from '@laevitas-api/mock-core/answers/invariants';
import { runConformance } from '../src/conformance.mjs';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const KEY = { apiKey: 'k', 'X-API-Key': 'k' };

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

async function get(path: string, query: Record<string, string | number> = {}) {
  const url = new URL(mock.url + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: KEY });
  return { status: response.status, text: await response.clone().text(), body: await response.json() };
}

function invariantViolations(operationId: string, family: string, path: string, query: any, body: any) {
  const ctx = { operationId, family, path, query, status: 200, body, paramsDeclared: { sort_dir: 'ASC' } };
  return INVARIANTS.flatMap((i: any) => i.check(ctx));
}

/** Every page of a cursor scan. */
async function cursorScan(path: string, query: Record<string, string | number>) {
  const pages: any[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(path, cursor ? { ...query, cursor } : query);
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.meta.next_cursor;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return pages;
}

const OHLCVT = '/api/v1/options/ohlcvt';
const INSTRUMENT = { instrument_name: 'ETH-26MAR27-3000-C' };

describe('requests honoured', () => {
  it('rows echo instrument and exchange; buckets follow resolution, start and end; limit is honoured', async () => {
    const { body } = await get(OHLCVT, {
      ...INSTRUMENT,
      exchange: 'okx',
      resolution: '1d',
      start: '2026-10-01T00:00:00Z',
      end: '2026-10-05T23:59:59Z',
      limit: 3,
    });
    expect(validators.validateResponse('getOptionsOhlcvt', 200, body).ok).toBe(true);
    expect(body.data.map((r: any) => r.date)).toEqual(['2026-10-01 00:00:00', '2026-10-02 00:00:00', '2026-10-03 00:00:00']);
    for (const row of body.data) {
      if ('instrument_name' in row) expect(row.instrument_name).toBe(INSTRUMENT.instrument_name);
      if ('exchange' in row) expect(row.exchange).toBe('okx');
    }
    // Rows that name their exchange and currency say what was asked for.
    const snapshot = await get('/api/v1/options/snapshot', { currency: 'ETH', exchange: 'okx' });
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.data.length).toBeGreaterThan(0);
    for (const row of snapshot.body.data) expect([row.exchange, row.currency]).toEqual(['okx', 'ETH']);
    // An instrument names its currency: ticker rows of an ETH option say ETH.
    const ticker = await get('/api/v1/options/ticker-history', { ...INSTRUMENT, limit: 3 });
    expect(ticker.status).toBe(200);
    for (const row of ticker.body.data) if ('currency' in row) expect(row.currency).toBe('ETH');
    expect(body.meta.next_cursor).toEqual(expect.any(String));
  });

  it('echoes currency and market of the request on both families', async () => {
    const v1 = await get('/api/v1/options/gex/history', { currency: 'ETH', limit: 5 });
    expect(v1.status).toBe(200);
    for (const row of v1.body.data) expect(row.currency).toBe('ETH');
    // A lower-case market is upper-cased by the front (x-case-insensitive) and echoed in the example's letter case.
    const legacy = await get('/historical/derivs/futures/okx/ETH-26MAR27', { start: '2026-11-20T00:00', end: '2026-11-20T01:00', limit: 4 });
    expect(legacy.status).toBe(200);
    expect(validators.validateResponse('getLegacyHistoricalFuturesData', 200, legacy.body).ok).toBe(true);
    expect(legacy.body.items).toHaveLength(4); // these rows carry no identity field: the market is checked by validation
  });

  it('is deterministic: the same request gets the same bytes, another request other values', async () => {
    const a = await get(OHLCVT, { ...INSTRUMENT, limit: 5 });
    const b = await get(OHLCVT, { ...INSTRUMENT, limit: 5 });
    const c = await get(OHLCVT, { instrument_name: 'BTC-26MAR27-100000-C', limit: 5 });
    expect(a.text).toBe(b.text);
    // The media type the spec declares, literally: Dredd compares it as a string.
    expect((await fetch(`${mock.url}${OHLCVT}?instrument_name=BTC-26MAR27-100000-C`, { headers: KEY })).headers.get('content-type')).toBe('application/json');
    expect(a.body.data.map((r: any) => r.close)).not.toEqual(c.body.data.map((r: any) => r.close));
  });

  it('synthesised values keep every invariant and validate, across resolutions, sort orders and limits (fast-check, seeded)', async () => {
    const routes = [
      ['getOptionsOhlcvt', OHLCVT, INSTRUMENT],
      ['getPerpetualsOhlcvt', '/api/v1/perpetuals/ohlcvt', { instrument_name: 'BTC-PERPETUAL' }],
      ['getSpotOhlcvt', '/api/v1/spot/ohlcvt', { instrument_name: 'BTC-USDT' }],
      ['getOptionsVolatility', '/api/v1/options/volatility', INSTRUMENT],
      ['getOptionsGexStrikes', '/api/v1/options/gex/strikes', { currency: 'BTC' }],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('1m', '5m', '15m', '1h', '4h', '1d'),
        fc.constantFrom('ASC', 'DESC'),
        fc.integer({ min: 1, max: 60 }),
        async ([id, path, identity], resolution, sort_dir, limit) => {
          const query = { ...identity, resolution, sort_dir, limit };
          const { status, body } = await get(path, query);
          if (status === 400) return; // a resolution this route does not take: the real reason is tested elsewhere
          expect(status).toBe(200);
          expect(validators.validateResponse(id, 200, body).ok).toBe(true);
          expect(invariantViolations(id, 'v1', path, query, body)).toEqual([]);
        },
      ),
      { seed: 20261123, numRuns: 40 },
    );
  }, 60_000);
});

describe('real pagination', () => {
  it('a cursor scan returns every row once, in sort_dir order, honouring limit, and ends with next_cursor null (fast-check, seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.constantFrom('ASC', 'DESC'), fc.constantFrom('1m', '1h'), async (limit, sort_dir, resolution) => {
        const query = { ...INSTRUMENT, limit, sort_dir, resolution, start: '2026-11-20T00:00:00Z', end: '2026-11-20T01:59:59Z' };
        const pages = await cursorScan(OHLCVT, query);
        const dates = pages.flatMap((p) => p.data.map((r: any) => r.date));
        const expected = resolution === '1m' ? 120 : 2;
        expect(dates.length).toBe(expected);
        expect(new Set(dates).size).toBe(expected);
        const sorted = [...dates].sort();
        expect(dates).toEqual(sort_dir === 'ASC' ? sorted : sorted.reverse());
        for (const page of pages) expect(page.data.length).toBeLessThanOrEqual(limit);
        expect(pages.at(-1).meta.next_cursor).toBeNull();
        expect(checkScan(pages)).toEqual([]);
      }),
      { seed: 7, numRuns: 12 },
    );
  }, 60_000);

  it('a default window spans a few pages and the last page reconciles GEX groups', async () => {
    const pages = await cursorScan('/api/v1/options/gex/strikes', { currency: 'BTC', limit: 20 });
    expect(pages.length).toBeGreaterThan(2);
    expect(checkScan(pages)).toEqual([]);
    for (const page of pages) {
      expect(validators.validateResponse('getOptionsGexStrikes', 200, page).ok).toBe(true);
      expect(
        invariantViolations(
          'getOptionsGexStrikes',
          'v1',
          '/api/v1/options/gex/strikes',
          { currency: 'BTC', limit: 20 },
          { ...page, meta: { ...page.meta, next_cursor: null } },
        ),
      ).toEqual([]);
    }
  });

  it('a cursor from another query is refused with the documented 400', async () => {
    const first = await get(OHLCVT, { ...INSTRUMENT, limit: 2 });
    const other = await get(OHLCVT, { instrument_name: 'BTC-26MAR27-100000-C', limit: 2, cursor: first.body.meta.next_cursor });
    expect(other.status).toBe(400);
    expect(other.body.message[0]).toMatch(/^cursor /);
    expect(validators.validateResponse('getOptionsOhlcvt', 400, other.body).ok).toBe(true);
  });

  it('a legacy page scan honours page, limit and total_pages and returns every row once, in order', async () => {
    const query = { start: '2026-11-20T00:00', end: '2026-11-20T01:59', granularity: '5m', limit: 7 };
    const path = '/historical/derivs/futures/DERIBIT/BTC-26MAR27';
    const first = await get(path, { ...query, page: 1 });
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ total: 24, page: 1, items: 7, total_pages: 4 });
    const rows = [...first.body.items];
    for (let page = 2; page <= first.body.meta.total_pages; page++) {
      const next = await get(path, { ...query, page });
      expect(validators.validateResponse('getLegacyHistoricalFuturesData', 200, next.body).ok).toBe(true);
      expect(next.body.meta.page).toBe(page);
      expect(next.body.items.length).toBe(next.body.meta.items);
      expect(next.body.items.length).toBeLessThanOrEqual(7);
      rows.push(...next.body.items);
    }
    const dates = rows.map((r) => r.date);
    expect(dates.length).toBe(24);
    expect(new Set(dates).size).toBe(24);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dates[1] - dates[0]).toBe(5 * 60_000);
    const past = await get(path, { ...query, page: 9 });
    expect(past.status).toBe(200);
    expect(past.body.items).toEqual([]);
    expect(past.body.meta).toMatchObject({ total: 24, page: 9, items: 0, total_pages: 4 });
  });
});

describe('the mock as a live target', () => {
  it('a contract run treating the mock as a live deployment (no Prefer headers, a second page per cursor list) is green, money-moving operations skipped', async () => {
    const pages: string[] = [];
    const spy = (input: any, init?: any) => {
      if (new URL(String(input)).searchParams.has('cursor')) pages.push(String(input));
      return fetch(input, init);
    };
    // A live run skips the operations that succeed only with a signed payment (tools/contract/src/live-skips.cjs);
    // everything else, the agent endpoint with its two-type Accept included, must pass against the mock.
    const report = await runConformance({ legacyBaseUrl: mock.url, v1BaseUrl: mock.url, kind: 'live', concurrency: 6, fetch: spy });
    expect(report.results.filter((r: any) => r.outcome === 'failed').map((r: any) => `${r.operationId}: ${r.failure?.message}`)).toEqual([]);
    const skipped = report.results
      .filter((r: any) => r.outcome === 'skipped')
      .map((r: any) => r.operationId)
      .sort();
    expect(skipped).toEqual([
      'postX402CreditToken',
      'postX402SubscriptionsCheckoutsByIdPay',
      'postX402TickDataCheckoutsByIdPay',
      'postX402WsPassDay',
      'postX402WsPassHour',
    ]);
    // The cursor scans really ran: most cursor lists have a second page for the example request.
    expect(pages.length).toBeGreaterThan(40);
  }, 120_000);
});
