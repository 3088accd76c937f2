// The Done-when checks of the testing kit, run with node:test in a clean project that installed only the packed
// tarballs and msw (test/consumer.test.ts copies this file there and reads the TAP output, one line per test).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { handlers, http } from '@laevitas-api/testing';
import { BadRequestError, createClient, RateLimitError } from '@laevitas-api/client';
import { validateResponse } from '@laevitas-api/validators';

const unhandled = [];
const server = setupServer(...handlers);
server.events.on('request:unhandled', ({ request }) => void unhandled.push(`${request.method} ${request.url}`));
before(() => server.listen({ onUnhandledFrame: 'error' }));
after(() => server.close());
// No retries and no limiter: a 429 surfaces at once, and a scan does not wait for rate-limit windows.
const client = createClient({ apiKey: 'test-key', retry: false, rateLimit: false });

test('a versioned call returns a body valid against the contract', async () => {
  const page = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', limit: 5 } });
  assert.equal(page.data.length, 5);
  assert.deepEqual(validateResponse('getOptionsOhlcvt', 200, page).ok, true);
});

test('a legacy call returns a body valid against the contract', async () => {
  const body = await client.getLegacyAggregatedFutureSummaryData({ path: { currency: 'BTC' } });
  assert.equal(validateResponse('getLegacyAggregatedFutureSummaryData', 200, body).ok, true);
});

test('a full paginated scan ends', async () => {
  const rows = await client.paginate('getOptionsOhlcvt', { query: { instrument_name: 'BTC-26MAR27-100000-C', limit: 40 } }).toArray();
  assert.equal(rows.length, 100);
});

test('an override to 429 makes the client throw RateLimitError', async () => {
  server.use(http.getOptionsOhlcvt(() => ({ status: 429, headers: { 'retry-after': '1' } })));
  try {
    await assert.rejects(client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C' } }), RateLimitError);
  } finally {
    server.resetHandlers();
  }
});

test('an invalid parameter gets the documented 400', async () => {
  const error = await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', limit: 5000 } }).catch((e) => e);
  assert.ok(error instanceof BadRequestError);
  assert.deepEqual(error.messages, ['limit must not be greater than 1000']);
  assert.equal(validateResponse('getOptionsOhlcvt', 400, error.body).ok, true);
});

test('an unknown path is reported as unhandled', async () => {
  unhandled.length = 0;
  await assert.rejects(fetch('https://apiv2.laevitas.ch/api/v1/no-such-route', { headers: { 'x-api-key': 'k' } }));
  assert.deepEqual(unhandled, ['GET https://apiv2.laevitas.ch/api/v1/no-such-route']);
});

test('the CommonJS build answers too', async () => {
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)('@laevitas-api/testing');
  assert.equal(cjs.handlers.length, handlers.length);
  assert.equal(cjs.fixtures.getOptionsOhlcvt({ rows: 2 }).data.length, 2);
});
