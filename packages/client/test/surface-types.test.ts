// Compile-time guarantees of the surface, checked by `tsc` (the client's typecheck target covers test/): every
// expect-error directive below fails the typecheck if the line it marks ever compiles. The runtime part only keeps vitest happy.
import { expect, it } from 'vitest';
import { createClient, createCore, type PaginatedOperationId } from '../src/index.js';
import { paginate } from '../src/core-entry.js';
import { getOptionsOhlcvt, getOptionsTrades, getHealth } from '../src/generated/operations.js';

export function typeChecks(): void {
  const client = createClient();
  const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' as const };

  // paginate accepts paginated operations only.
  client.paginate('getOptionsOhlcvt', { query });
  // @ts-expect-error getHealth has no x-pagination
  client.paginate('getHealth');
  // @ts-expect-error by value too
  paginate(createCore(), getHealth);
  paginate(createCore(), getOptionsTrades, { query: { currency: 'BTC' } });
  const id: PaginatedOperationId = 'getOptionsOhlcvt';
  // @ts-expect-error not a paginated operation id
  const notPaginated: PaginatedOperationId = 'getHealth';

  // A scan's own options ride in its per-call options: paginate and planScan take windows, budget and maxPages;
  // scanComplete takes windows only. Required parameters stay required.
  const trades = { query: { currency: 'BTC' as const } };
  client.paginate('getOptionsTrades', trades, { windows: { days: 1 }, maxPages: 2, budget: { requests: 10 }, timeout: 5 });
  client.planScan('getOptionsTrades', trades, { windows: 'off', maxPages: 2 });
  client.scanComplete('getOptionsOhlcvt', { query }, { windows: 'auto', timeout: 5 });
  // @ts-expect-error maxPages is an option of paginate, not of scanComplete
  client.scanComplete('getOptionsOhlcvt', { query }, { maxPages: 2 });
  // @ts-expect-error a scan option is not a parameter
  client.paginate('getOptionsTrades', { ...trades, maxPages: 2 });
  // @ts-expect-error its path and query parameters are required
  client.paginate('getLegacyFuturesAltcoinSummary');
  client.paginate('getLegacyFuturesAltcoinSummary', { path: { currency: 'BTC' }, query: { start: '2026-11-01', end: '2026-11-02' } }, { maxPages: 1 });

  // Per-call options are the next argument, everywhere; they are not parameters.
  client.v1.options.ohlcvt({ query }, { signal: new AbortController().signal, timeout: 5, headers: { a: 'b' } });
  client.call('getOptionsOhlcvt', { query }, { timeout: 5 });
  createCore().request(getOptionsOhlcvt, { query }, { timeout: 5 });
  // @ts-expect-error timeout is a per-call option, not a parameter
  client.call('getOptionsOhlcvt', { query, timeout: 5 });
  // @ts-expect-error unknown per-call option
  client.v1.options.ohlcvt({ query }, { timout: 5 });

  // Namespaced methods are typed like their operationId methods.
  const ohlcvt: typeof client.getOptionsOhlcvt = client.v1.options.ohlcvt;
  // @ts-expect-error a namespace that does not exist
  client.v1.nope;
  // @ts-expect-error the settings are not on `options`
  client.options;
  void [id, notPaginated, ohlcvt];
}

it('the type checks above compile (see the typecheck target)', () => {
  expect(typeChecks).toBeTypeOf('function');
});
