// Query parameters the service requires (`required: true` in the spec, for example `exchange` on the spot snapshot as
// the vendor's own listing publishes it): a call without one is refused before sending, naming the parameter, even
// with no validators configured; with it the call is sent. Operations are taken from the generated table.
import { describe, expect, it, vi } from 'vitest';
import { OPERATIONS, RequestValidationError, createClient, type OperationInfo } from '../src/index.js';

const withRequired = Object.entries(OPERATIONS as Record<string, OperationInfo>).filter(([, info]) => info.requiredQuery?.length && !info.pathParams.length);
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe.each(withRequired)('%s', (operationId, info) => {
  it('without its required query parameters: RequestValidationError naming each, nothing sent', async () => {
    const fetch = vi.fn(async () => json({}));
    const error = await createClient({ apiKey: 'k', fetch, rateLimit: false, validateRequests: false })
      .call(operationId as never, {} as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const named = (error as RequestValidationError).issues.filter((i) => i.rule === 'required').map((i) => i.path);
    expect(named).toEqual(info.requiredQuery!.map((name) => `query.${name}`));
    expect(fetch).not.toHaveBeenCalled();
  });
});

it('the vendor-required parameters are in the table (spot snapshot and metadata exchange, futures trades summary currency and exchange)', () => {
  const table = OPERATIONS as Record<string, OperationInfo>;
  expect(table.getSpotSnapshot!.requiredQuery).toEqual(['exchange']);
  expect(table.getSpotMetadata!.requiredQuery).toEqual(expect.arrayContaining(['exchange', 'instrument_name']));
  expect(table.getFuturesTradesSummary!.requiredQuery).toEqual(expect.arrayContaining(['group_by', 'exchange', 'currency']));
  expect(withRequired.length).toBeGreaterThan(10);
});

it('with the required parameters given, the call is sent', async () => {
  const fetch = vi.fn(async () => json({ data: [], meta: { minute: '2026-11-28 10:00:00' } }));
  await createClient({ apiKey: 'k', fetch, rateLimit: false }).call('getSpotSnapshot', { query: { exchange: 'binance' } });
  expect(fetch).toHaveBeenCalledTimes(1);
});
