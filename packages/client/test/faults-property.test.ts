// Property: whatever sequence of faults the server throws at a scan (seeded fast-check), the scan yields exactly
// the fault-free rows, or stops with a ScanInterruptedError after yielding exactly the rows before its resume point,
// and resuming there yields exactly the rest. And whatever faults hit a POST, it reaches the server at most once
// per 429 it was refused with, plus one.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ScanInterruptedError, createClient } from '../src/index.js';
import { CURSOR_ROWS, PAGES, ROWS_PER_PAGE, startFaultServer, type Fault, type FaultServer } from './fault-server.js';
import { drive, useFakeClock } from './drive.js';

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());
beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

const fault: fc.Arbitrary<Fault> = fc.oneof(
  fc.constantFrom<Fault>(
    { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
    { kind: 'status', status: 500, headers: { 'x-should-retry': 'true' } },
    { kind: 'status', status: 502 },
    { kind: 'status', status: 503 },
    { kind: 'reset-before-headers' },
    { kind: 'reset-mid-body' },
    { kind: 'truncated-json' },
    { kind: 'html' },
    { kind: 'empty' },
    { kind: 'status', status: 200, body: '{"data":[]}' },
  ),
  fc.integer({ min: 12_000, max: 20_000 }).map((ms): Fault => ({ kind: 'slow-body', ms })),
  fc.integer({ min: 12_000, max: 20_000 }).map((ms): Fault => ({ kind: 'slow-headers', ms })),
);
const plan = fc.array(fc.record({ page: fc.integer({ min: 0, max: PAGES - 1 }), fault, times: fc.integer({ min: 1, max: 3 }) }), {
  minLength: 1,
  maxLength: 4,
});
const onPage = (page: number) => (r: { url: URL }) => r.url.pathname === '/api/v1/options/ohlcvt' && (r.url.searchParams.get('cursor') ?? 'c0') === `c${page}`;

it('a cursor scan under any seeded fault plan ends with exactly the rows, or a resumable typed error', async () => {
  await fc.assert(
    fc.asyncProperty(plan, async (faults) => {
      server.reset();
      for (const f of faults) server.inject(f.fault, { match: onPage(f.page), times: f.times });
      const client = createClient({ v2BaseUrl: server.origin, timeout: 10_000, rateLimit: false });
      const got: unknown[] = [];
      const error = await drive(
        (async () => {
          for await (const row of client.paginate('getOptionsOhlcvt')) got.push(row);
        })().catch((e: unknown) => e),
      );
      if (error === undefined) {
        expect(got).toEqual(CURSOR_ROWS);
        return;
      }
      expect(error).toBeInstanceOf(ScanInterruptedError);
      const { resume, pagesFetched } = error as ScanInterruptedError;
      expect(got).toEqual(CURSOR_ROWS.slice(0, pagesFetched * ROWS_PER_PAGE));
      server.reset();
      const rest = await drive(client.paginate('getOptionsOhlcvt', { query: resume.cursor ? { cursor: resume.cursor } : {} }).toArray());
      expect([...got, ...rest]).toEqual(CURSOR_ROWS);
    }),
    { seed: 11, numRuns: 25 },
  );
}, 120_000);

it('a POST under any seeded fault plan reaches the server at most once more than the 429s it was refused with', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fault, { minLength: 1, maxLength: 4 }), async (faults) => {
      server.reset();
      for (const f of faults) server.inject(f);
      const client = createClient({ apiKey: 'k', v2BaseUrl: server.origin, timeout: 10_000, rateLimit: false, retry: { maxRetries: 5 } });
      await drive(client.postVolSurfaceRiskLadder({ body: { positions: [] } } as never).catch(() => undefined));
      const posts = server.received.filter((r) => r.method === 'POST');
      const refusals = faults.slice(0, posts.length - 1).filter((f) => f.kind === 'status' && f.status === 429).length;
      expect(posts.length).toBeLessThanOrEqual(1 + refusals);
      // Every re-send followed a 429: the fault served to each earlier attempt was a refusal.
      for (let i = 0; i < posts.length - 1; i++) expect(faults[i]).toMatchObject({ kind: 'status', status: 429 });
    }),
    { seed: 11, numRuns: 40 },
  );
}, 120_000);
