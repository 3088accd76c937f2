// Item 1 and 9 of issue 11: every fault, one at a time, on a 20-page cursor scan and a 20-page legacy page scan
// served by a real local server. A scan ends with exactly the fault-free rows, or with a typed error that says
// where to resume, and resuming there completes it exactly.
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  InternalServerError,
  RateLimitError,
  RedirectError,
  ResponseParseError,
  ScanInterruptedError,
  createClient,
  type LaevitasClient,
} from '../src/index.js';
import { CURSOR_ROWS, LEGACY_ROWS, PAGES, ROWS_PER_PAGE, type Fault, type FaultServer, type Received } from './fault-server.js';
import { drive } from './drive.js';
import { useFaultServers } from './fault-servers.js';

const env = useFaultServers({ elsewhere: true });

// Long against the fake clock's 50 ms steps: a loopback request on a loaded machine never reaches it by accident.
const TIMEOUT = 10_000;
const clientFor = (s: FaultServer = env.server): LaevitasClient =>
  createClient({ apiKey: 'secret-key', creditToken: 'credit-jwt', baseUrl: s.origin, v2BaseUrl: s.origin, timeout: TIMEOUT, rateLimit: false });

interface ScanLike extends AsyncIterable<unknown> {
  toArray(): Promise<unknown[]>;
}
interface Scan {
  name: string;
  rows: readonly unknown[];
  isPage8: (r: Received) => boolean;
  start: (c: LaevitasClient, resume?: { cursor?: string | undefined; page?: number | undefined }) => ScanLike;
  resumeAt8: { cursor?: string; page?: number };
  sameOrigin8: string;
  keyHeader: string;
}

/** The two scans, each with the request of its 8th page and how a resume is expressed. */
const scans: Scan[] = [
  {
    name: 'cursor scan (meta.next_cursor)',
    rows: CURSOR_ROWS,
    isPage8: (r: Received) => r.url.pathname === '/api/v1/options/ohlcvt' && r.url.searchParams.get('cursor') === 'c7',
    start: (c: LaevitasClient, resume?: { cursor?: string | undefined }) =>
      c.paginate('getOptionsOhlcvt', { query: resume?.cursor ? { cursor: resume.cursor } : {} }),
    resumeAt8: { cursor: 'c7' },
    sameOrigin8: '/api/v1/options/ohlcvt?cursor=c7&hop=1',
    keyHeader: 'x-api-key',
  },
  {
    name: 'legacy page scan (total_pages)',
    rows: LEGACY_ROWS,
    isPage8: (r: Received) => r.url.pathname.startsWith('/historical/') && r.url.searchParams.get('page') === '8',
    start: (c: LaevitasClient, resume?: { page?: number | undefined }) =>
      c.paginate('getLegacyHistoricalPerpetualDerivativesData', {
        path: { market: 'BINANCE', symbol: 'BTCUSDT' },
        query: { start: '2026-11-20', end: '2026-11-21', ...(resume?.page ? { page: resume.page } : {}) },
      }),
    resumeAt8: { page: 8 },
    sameOrigin8: '/historical/derivs/perpetuals/BINANCE/BTCUSDT?start=2026-11-20&end=2026-11-21&page=8&hop=1',
    keyHeader: 'apikey',
  },
];

/** Each fault with the typed error it must surface as when it does not go away. */
const faults: { name: string; fault: Fault; error: new (...args: never[]) => Error }[] = [
  { name: '429 with Retry-After', fault: { kind: 'status', status: 429, headers: { 'retry-after': '2' } }, error: RateLimitError },
  { name: '429 without Retry-After (60 s fallback)', fault: { kind: 'status', status: 429 }, error: RateLimitError },
  { name: '500', fault: { kind: 'status', status: 500 }, error: InternalServerError },
  { name: '502 (HTML from a proxy)', fault: { kind: 'status', status: 502, body: '<html>Bad Gateway</html>' }, error: InternalServerError },
  { name: '503', fault: { kind: 'status', status: 503 }, error: InternalServerError },
  { name: 'reset before headers', fault: { kind: 'reset-before-headers' }, error: APIConnectionError },
  { name: 'reset mid-body', fault: { kind: 'reset-mid-body' }, error: APIConnectionError },
  { name: 'slow headers (past the timeout)', fault: { kind: 'slow-headers', ms: 25_000 }, error: APIConnectionTimeoutError },
  { name: 'slow body (past the timeout)', fault: { kind: 'slow-body', ms: 25_000 }, error: APIConnectionTimeoutError },
  { name: 'truncated JSON', fault: { kind: 'truncated-json' }, error: ResponseParseError },
  { name: 'HTML body', fault: { kind: 'html' }, error: ResponseParseError },
  { name: 'empty body', fault: { kind: 'empty' }, error: ResponseParseError },
];

describe.each(scans)('$name', (scan) => {
  it('yields exactly the rows of the 20 pages without faults', async () => {
    expect(await drive(scan.start(clientFor()).toArray())).toEqual(scan.rows);
    expect(scan.rows).toHaveLength(PAGES * ROWS_PER_PAGE);
  });

  it.each(faults)('$name once on page 8: retried, and the scan yields exactly the fault-free rows', async ({ fault }) => {
    env.server.inject(fault, { match: scan.isPage8 });
    expect(await drive(scan.start(clientFor()).toArray())).toEqual(scan.rows);
    expect(env.server.received.filter(scan.isPage8)).toHaveLength(2);
  });

  it.each(faults)('$name on every try of page 8: a typed error naming where to resume, and resuming completes it exactly', async ({ fault, error: type }) => {
    env.server.inject(fault, { match: scan.isPage8, times: 3 });
    const got: unknown[] = [];
    const error = await drive(
      (async () => {
        for await (const row of scan.start(clientFor())) got.push(row);
      })().catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ScanInterruptedError);
    const scanError = error as ScanInterruptedError;
    expect(scanError.cause).toBeInstanceOf(type);
    expect(scanError.resume).toEqual(scan.resumeAt8);
    expect(scanError.pagesFetched).toBe(7);
    expect(got).toEqual(scan.rows.slice(0, 7 * ROWS_PER_PAGE));
    expect(env.server.received.filter(scan.isPage8)).toHaveLength(3);
    const rest = await drive(scan.start(clientFor(), scanError.resume).toArray());
    expect([...got, ...rest]).toEqual(scan.rows);
  });

  it('a 302 within the origin is followed with the credentials', async () => {
    env.server.inject({ kind: 'redirect', status: 302, location: scan.sameOrigin8 }, { match: scan.isPage8 });
    expect(await drive(scan.start(clientFor()).toArray())).toEqual(scan.rows);
    const hop = env.server.received.find((r) => r.url.searchParams.get('hop') === '1');
    expect(hop?.headers[scan.keyHeader]).toBe('secret-key');
  });

  it.each([302, 307] as const)('a %i to another origin is refused: nothing reaches it, and the scan stops with a RedirectError', async (status) => {
    env.server.inject({ kind: 'redirect', status, location: `${env.elsewhere.origin}/steal?x=1` }, { match: scan.isPage8 });
    const error = await drive(
      scan
        .start(clientFor())
        .toArray()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ScanInterruptedError);
    expect((error as ScanInterruptedError).cause).toBeInstanceOf(RedirectError);
    expect((error as ScanInterruptedError).resume).toEqual(scan.resumeAt8);
    expect(env.elsewhere.received).toHaveLength(0);
  });
});

describe('a page that lacks what the scan steers by', () => {
  it('a cursor page without meta.next_cursor stops the scan with an error, not silently', async () => {
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ data: [] }) }, { match: scans[0]!.isPage8 });
    const error = await drive(
      scans[0]!
        .start(clientFor())
        .toArray()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ScanInterruptedError);
    expect((error as Error).message).toMatch(/resume from query.cursor=c7: .*page has no meta.next_cursor/);
  });

  it('a legacy page with neither meta.total_pages nor meta.total stops the scan with an error, not silently', async () => {
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ items: [] }) }, { match: scans[1]!.isPage8 });
    const error = await drive(
      scans[1]!
        .start(clientFor())
        .toArray()
        .catch((e: unknown) => e),
    );
    expect((error as Error).message).toMatch(/resume from query.page=8: .*page has neither meta.total_pages nor meta.total/);
  });
});

describe('ResponseParseError', () => {
  it('names the operation, status, content type and first bytes', async () => {
    env.server.inject({ kind: 'html' }, { times: 3 });
    const error = (await drive(
      clientFor()
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    )) as ResponseParseError;
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error.operationId).toBe('getOptionsOhlcvt');
    expect(error.status).toBe(200);
    expect(error.contentType).toBe('text/html; charset=utf-8');
    expect(error.firstBytes).toMatch(/^<!doctype html>/);
    expect(error.message).toContain('getOptionsOhlcvt');
    expect(env.server.received).toHaveLength(3);
  });

  it('a timeout is a connection error (Stainless), with the phase it happened in', async () => {
    env.server.inject({ kind: 'slow-body', ms: 25_000 }, { times: 1 });
    const error = await drive(
      createClient({ v2BaseUrl: env.server.origin, timeout: TIMEOUT, retry: false, rateLimit: false })
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('while reading the body');
  });
});
