// The plan's windows are the ones the scan requests: `planScan` and `paginate` read one walk (windows.ts ›
// windowWalk), and this holds them to it from the outside. Over seeded generated scans (fast-check: spans into the
// past and past the client's clock, resolutions, window sizes, sort orders, page caps), a local server counts what
// `paginate` actually requests and answers each window with one empty last page, so every request is one window:
// the windows requested are the plan's, in its order, the first `maxPages` of them when the scan is capped.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createClient } from '../src/index.js';
import { localServer, type LocalServer } from './local-server.js';

const DAY = 86_400_000;
/** The client's clock during the property: windows more than an hour past it are skipped by the walk and the plan. */
const NOW = Date.parse('2026-11-20T15:00:00.000Z');
const EMPTY_LAST_PAGE = { status: 200, body: '{"data":[],"meta":{"next_cursor":null}}' };

let server: LocalServer;
beforeAll(async () => {
  server = await localServer();
  // Only Date is faked (the server and the client's timers run as usual): plan and scan read one clock.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(async () => {
  vi.useRealTimers();
  await server.close();
});

const scans = fc.record({
  operation: fc.constantFrom('getOptionsTrades', 'getOptionsOhlcvt'),
  // From 40 days before the clock to two days past it, to the millisecond; 0 to 25 days long, or open-ended.
  start: fc.integer({ min: NOW - 40 * DAY, max: NOW + 2 * DAY }),
  length: fc.option(fc.integer({ min: 0, max: 25 * DAY }), { nil: undefined }),
  resolution: fc.constantFrom('1m', '5m', '1h', '4h', '1d'),
  sortDir: fc.constantFrom('ASC', 'DESC', undefined),
  windows: fc.oneof(fc.constant('auto' as const), fc.record({ days: fc.integer({ min: 1, max: 9 }) })),
  maxPages: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
});

describe('the plan is the walk', () => {
  it('the windows paginate requests are the plan’s, in its order, capped by maxPages (fast-check, seeded)', async () => {
    const client = createClient({ apiKey: 'k', v2BaseUrl: server.origin, rateLimit: false, retry: false });
    await fc.assert(
      fc.asyncProperty(scans, async (scan) => {
        const query: Record<string, unknown> = {
          ...(scan.operation === 'getOptionsTrades' ? { currency: 'BTC' } : { instrument_name: 'BTC-26MAR27-100000-C', resolution: scan.resolution }),
          start: new Date(scan.start).toISOString(),
          ...(scan.length === undefined ? {} : { end: new Date(scan.start + scan.length).toISOString() }),
          ...(scan.sortDir === undefined ? {} : { sort_dir: scan.sortDir }),
        };
        const options = { windows: scan.windows, ...(scan.maxPages === undefined ? {} : { maxPages: scan.maxPages }) };
        const plan = client.planScan(scan.operation, { query } as never, options);
        server.received.length = 0;
        const planned = plan.windows.slice(0, scan.maxPages);
        server.script(...planned.map(() => EMPTY_LAST_PAGE));
        await client.paginate(scan.operation, { query } as never, options).toArray();
        const requested = server.received.map(({ url }) => new URL(url, server.origin).searchParams).map((q) => [q.get('start'), q.get('end')]);
        expect(requested).toEqual(planned.map((w) => [w.start, w.end ?? null]));
        expect(requested.length).toBeGreaterThanOrEqual(plan.requests.min);
      }),
      { seed: 1202, numRuns: 120 },
    );
  });
});
