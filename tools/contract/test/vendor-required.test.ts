// The mock refuses what the service refuses: a request without a parameter the vendor's own listing marks Required
// gets the documented 400 in the service's class-validator wording, naming the parameter; the same request with it
// is served. Rows name the listing page each requirement comes from.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mockPerFile } from '@laevitas-api/test-support';
import { startMock } from '../src/mock.mjs';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const { mock } = mockPerFile(startMock);
const KEY = { 'x-api-key': 'k' };
const LISTING = 'https://proxygate.ai/seller/laevitas/laevitas-api-v2/get-api-v1-';

const ROWS: { page: string; operationId: string; path: string; given: Record<string, string>; missing: string[] }[] = [
  { page: 'spot-snapshot', operationId: 'getSpotSnapshot', path: '/api/v1/spot/snapshot', given: { exchange: 'binance' }, missing: ['exchange'] },
  {
    page: 'spot-metadata',
    operationId: 'getSpotMetadata',
    path: '/api/v1/spot/metadata',
    given: { exchange: 'binance', instrument_name: 'BTCUSDT' },
    missing: ['exchange'],
  },
  {
    page: 'futures-trades-summary',
    operationId: 'getFuturesTradesSummary',
    path: '/api/v1/futures/trades/summary',
    given: { group_by: 'exchange', currency: 'BTC', exchange: 'deribit' },
    missing: ['currency', 'exchange'],
  },
  {
    page: 'options-vol-surface-by-expiry',
    operationId: 'getOptionsVolSurfaceByExpiry',
    path: '/api/v1/options/vol-surface/by-expiry',
    given: { exchange: 'deribit', currency: 'BTC' },
    missing: ['exchange', 'currency'],
  },
  {
    page: 'options-vol-surface-by-time',
    operationId: 'getOptionsVolSurfaceByTime',
    path: '/api/v1/options/vol-surface/by-time',
    given: { exchange: 'deribit', currency: 'BTC', maturity: '26JUN26' },
    missing: ['exchange'],
  },
];

const get = async (path: string, query: Record<string, string>) => {
  const response = await fetch(`${mock.url}${path}?${new URLSearchParams(query)}`, { headers: KEY });
  return { status: response.status, body: (await response.json()) as any };
};

describe('vendor-required parameters on the mock', () => {
  it.each(ROWS.map((r) => [r.page, r] as const))('%s: without them 400 naming each; with them served', async (page, row) => {
    const without = Object.fromEntries(Object.entries(row.given).filter(([name]) => !row.missing.includes(name)));
    const refused = await get(row.path, without);
    expect(refused.status, `${LISTING}${page}`).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect([...refused.body.message].sort()).toEqual(row.missing.map((name) => `${name} should not be empty`).sort());
    expect(validators.validateResponse(row.operationId, 400, refused.body).ok).toBe(true);
    const served = await get(row.path, row.given);
    expect(served.status).toBe(200);
    expect(validators.validateResponse(row.operationId, 200, served.body).ok).toBe(true);
  });
});
