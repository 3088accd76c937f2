// The mock keeps the time-series rules of the versioned family (v1 reference §2.15, §8, §9), end to end against the
// real mock (Prism behind the front) on a free port with the mock's clock in the test's hands: a window longer than
// an operation's `x-max-window` gets the documented 400; `meta.completeness` agrees with the rows served and
// `x-mock-complete-through` places it; the data-corrections feed moves (`feedRevision`, `lastUpdated`, records) when a
// test posts to `/__mock/corrections`. Every answer is checked against the documented response.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateResponse } from '@laevitas-api/validators';
import { startMock } from '../src/mock.mjs';

const START = Date.parse('2026-11-20T15:00:00.000Z');
let clock = START;
let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0, now: () => clock });
}, 120_000);
afterAll(async () => mock?.stop());
beforeEach(async () => {
  clock = START;
  expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
});

const KEY = { 'x-api-key': 'test-key' };
type Answer = { status: number; headers: Record<string, string>; body: any };
async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(mock.url + path, { ...init, headers: { ...KEY, ...(init.headers as Record<string, string>) } });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: text ? JSON.parse(text) : undefined };
}
const get = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) => call(`${path}?${new URLSearchParams(query)}`, { headers });
const publish = (body: unknown) => call('/__mock/corrections', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

function documented(operationId: string, answer: Answer) {
  const result = validateResponse(operationId as any, answer.status as any, answer.body, answer.headers);
  expect(result.ok ? 'valid' : JSON.stringify(result), `${operationId} ${answer.status}`).toBe('valid');
}

const FLOW = { exchange: 'deribit', currency: 'BTC' };
const day = (n: number) => new Date(Date.parse('2026-10-01T00:00:00Z') + n * 86_400_000).toISOString();

describe('x-max-window', () => {
  it('refuses an 8-day flow window with the documented 400 naming the limit; 7 days is served', async () => {
    const refused = await get('/api/v1/options/flow', { ...FLOW, start: day(0), end: day(8) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(['start and end must be at most 7 days apart']);
    documented('getOptionsFlow', refused);
    const served = await get('/api/v1/options/flow', { ...FLOW, start: day(0), end: day(7) });
    expect(served.status).toBe(200);
    documented('getOptionsFlow', served);
    const perps = await get('/api/v1/perpetuals/flow', { currency: 'BTC', start: day(0), end: day(7.5) });
    expect(perps.status).toBe(400);
    documented('getPerpetualsFlow', perps);
  });

  it('limits currency-wide trades only: one instrument may ask for a longer window (unlessParam)', async () => {
    const wide = await get('/api/v1/options/trades', { currency: 'BTC', start: day(0), end: day(8), limit: '10' });
    expect(wide.status).toBe(400);
    expect(wide.body.message).toEqual(['start and end must be at most 7 days apart without instrument_name']);
    documented('getOptionsTrades', wide);
    const one = await get('/api/v1/options/trades', { instrument_name: 'BTC-26MAR27-100000-C', start: day(0), end: day(8), limit: '10' });
    expect(one.status).toBe(200);
    // A window without `end` ends now (the mock's clock): a start 8 days back is refused as well.
    clock = Date.parse(day(8));
    expect((await get('/api/v1/options/trades', { currency: 'BTC', start: day(0) })).status).toBe(400);
    expect((await get('/api/v1/options/trades', { currency: 'BTC', start: day(1) })).status).toBe(200);
  });
});

describe('meta.completeness', () => {
  const OHLCVT = '/api/v1/options/ohlcvt';
  const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1m', start: '2026-11-20T14:00:00Z', end: '2026-11-20T15:59:59Z', limit: '1000' };

  it('x-mock-complete-through places complete_through, and no row starts at or after it', async () => {
    const answer = await get(OHLCVT, query, { 'x-mock-complete-through': '2026-11-20T15:30:00Z' });
    expect(answer.status).toBe(200);
    documented('getOptionsOhlcvt', answer);
    expect(answer.body.meta.completeness).toMatchObject({ status: 'available', complete_from: '2026-11-20 14:00:00', complete_through: '2026-11-20 15:30:00' });
    const dates = answer.body.data.map((row: any) => row.date);
    expect(dates[0]).toBe('2026-11-20 14:00:00');
    expect(dates.at(-1)).toBe('2026-11-20 15:29:00');
    expect(dates).toHaveLength(90);
  });

  it('a coarser bucket that started before complete_through is served with the minutes it has', async () => {
    const answer = await get(OHLCVT, { ...query, resolution: '1h' }, { 'x-mock-complete-through': '2026-11-20T15:30:00Z' });
    expect(answer.body.data.map((row: any) => row.date)).toEqual(['2026-11-20 14:00:00', '2026-11-20 15:00:00']);
    expect(answer.body.meta.completeness.complete_through).toBe('2026-11-20 15:30:00');
  });

  it('a window from start with no end is served through complete_through: every closed minute it claims is there', async () => {
    clock = Date.parse('2026-11-20T15:12:34Z');
    const { end: _end, ...open } = query;
    const answer = await get(OHLCVT, open);
    documented('getOptionsOhlcvt', answer);
    expect(answer.body.meta.completeness.complete_through).toBe('2026-11-20 15:12:00');
    const dates = answer.body.data.map((row: any) => row.date);
    expect([dates[0], dates.at(-1), dates.length]).toEqual(['2026-11-20 14:00:00', '2026-11-20 15:11:00', 72]);
  });

  it('without the header complete_through is the mock clock’s minute; a bad header is a 400 naming it', async () => {
    clock = Date.parse('2026-11-20T15:12:34Z');
    const answer = await get(OHLCVT, query);
    expect(answer.body.meta.completeness.complete_through).toBe('2026-11-20 15:12:00');
    expect(answer.body.data).toHaveLength(120);
    const bad = await get(OHLCVT, query, { 'x-mock-complete-through': 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['x-mock-complete-through must be a valid ISO 8601 date string']);
  });
});

describe('the data-corrections feed', () => {
  const FEED = '/api/v1/changelog/data-corrections';

  it('publishing moves feedRevision and lastUpdated and adds the record; an update moves updatedAt and keeps publishedAt', async () => {
    const before = await call(FEED);
    documented('getChangelogDataCorrections', before);
    expect(before.body).toMatchObject({ lastUpdated: '2026-11-20T09:30:00.000Z', feedRevision: 42, corrections: [] });

    clock = Date.parse('2026-11-21T10:00:00Z');
    const published = await publish({ id: 'c-1', description: 'OHLC re-aggregated', affected: { start: '2026-11-19T00:00:00Z', end: '2026-11-19T23:59:59Z' } });
    expect(published.status).toBe(200);
    const first = await call(FEED);
    documented('getChangelogDataCorrections', first);
    expect(first.body.feedRevision).toBe(43);
    expect(first.body.lastUpdated).toBe('2026-11-21T10:00:00.000Z');
    expect(first.body.corrections).toEqual([
      {
        id: 'c-1',
        description: 'OHLC re-aggregated',
        affected: { start: '2026-11-19T00:00:00Z', end: '2026-11-19T23:59:59Z' },
        publishedAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
        deployment: { deployedAt: '2026-11-21T10:00:00.000Z' },
      },
    ]);
    // Stable content until a record changes.
    expect((await call(FEED)).body).toEqual(first.body);

    clock = Date.parse('2026-11-21T12:00:00Z');
    await publish({ id: 'c-1', description: 'OHLC re-aggregated, second pass' });
    const second = await call(FEED);
    documented('getChangelogDataCorrections', second);
    expect(second.body.feedRevision).toBe(44);
    expect(second.body.lastUpdated).toBe('2026-11-21T12:00:00.000Z');
    expect(second.body.corrections).toHaveLength(1);
    expect(second.body.corrections[0]).toMatchObject({
      id: 'c-1',
      description: 'OHLC re-aggregated, second pass',
      publishedAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T12:00:00.000Z',
    });
  });

  it('updatedAt moves even when the clock does not; a record without id gets one; /__mock/reset restores the example', async () => {
    const a = await publish({});
    const b = await publish({ id: a.body.id });
    expect(a.body.id).toMatch(/^corr-\d+$/);
    expect(Date.parse(b.body.updatedAt)).toBeGreaterThan(Date.parse(a.body.updatedAt));
    expect((await publish([1])).status).toBe(400);
    expect((await call('/__mock/corrections')).status).toBe(405);
    expect((await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).status).toBe(204);
    expect((await call(FEED)).body).toMatchObject({ feedRevision: 42, corrections: [] });
  });
});
