// Time series the way a data desk uses them, against the real mock (tools/contract, Prism behind the front) on a
// free port: long windows walked as compliant windows (paginate), complete minutes only (scanComplete) and the
// corrections feed followed (watchCorrections). The mock keeps the service's limits (x-max-window → 400), places
// `complete_through` with `x-mock-complete-through` and publishes corrections on `POST /__mock/corrections`.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RequestValidationError, createClient, type CorrectionEvent } from '../src/index.js';
import { createCore, paginate, paginateWindows, splitWindow } from '../src/core-entry.js';
import { getOptionsOhlcvt, getOptionsTrades } from '../src/generated/operations.js';
// @ts-expect-error plain ESM module of the contract tools
import { startMock } from '@laevitas-api/contract/mock';
import { mockPerFile } from '@laevitas-api/test-support';
import { countingProxyTo } from './counting-proxy.js';

const { mock }: { mock: { url: string } } = mockPerFile(startMock);

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Before the day these tests were written: every window ending before it lies in the past of the mock's clock. */
const PAST = Date.parse('2026-11-01T00:00:00Z');
const fast = { retry: { initialDelayMs: 1, maxDelayMs: 2 }, rateLimit: false } as const;
/** A client on the mock that records the query of every request it sends. */
function recording(options: Record<string, unknown> = {}) {
  const sent: URLSearchParams[] = [];
  const client = createClient({
    apiKey: 'test-key',
    v2BaseUrl: mock.url,
    ...fast,
    ...options,
    onRequest: ({ url }) => void sent.push(new URL(url).searchParams),
  });
  return { client, sent };
}
const countingProxy = () => countingProxyTo(mock.url);
/** The distinct start..end windows among the requests a server received, in the order first seen. */
const windowsOf = (received: URL[]) => [
  ...new Map(received.map(({ searchParams: q }) => [`${q.get('start')}|${q.get('end')}`, [String(q.get('start')), String(q.get('end'))] as const])).values(),
];
const timeOf = (row: any) => (typeof row.timestamp === 'number' ? row.timestamp : Date.parse(`${String(row.date).replace(' ', 'T')}Z`));
const iso = (t: number) => new Date(t).toISOString();

describe('long windows (paginate)', () => {
  const START = Date.parse('2026-10-01T00:00:00Z');
  const query = { currency: 'BTC', start: iso(START), end: '2026-10-30T23:59:59Z', limit: 200 } as const;

  it('a 30-day trades scan yields exactly the rows of five compliant windows (7+7+7+7+2 days), in order, no duplicates', async () => {
    const { client, sent } = recording();
    const rows = await client.paginate('getOptionsTrades', { query }).toArray();
    // The windows it asked for: five, consecutive, each at most 7 days, meeting 1 ms apart on day starts.
    const windows = [...new Map(sent.map((q) => [`${q.get('start')}|${q.get('end')}`, [String(q.get('start')), String(q.get('end'))] as const])).values()];
    expect(windows).toEqual([
      ['2026-10-01T00:00:00.000Z', '2026-10-07T23:59:59.999Z'],
      ['2026-10-08T00:00:00.000Z', '2026-10-14T23:59:59.999Z'],
      ['2026-10-15T00:00:00.000Z', '2026-10-21T23:59:59.999Z'],
      ['2026-10-22T00:00:00.000Z', '2026-10-28T23:59:59.999Z'],
      ['2026-10-29T00:00:00.000Z', '2026-10-30T23:59:59Z'],
    ]);
    expect(windows.map(([s, e]) => Math.round((Date.parse(e) - Date.parse(s)) / DAY))).toEqual([7, 7, 7, 7, 2]);
    // Exactly the rows of those five windows asked one by one (no split), in order.
    const core = createCore({ apiKey: 'test-key', v2BaseUrl: mock.url, ...fast });
    const expected: unknown[] = [];
    for (const [start, end] of windows) expected.push(...(await paginate(core, getOptionsTrades, { query: { ...query, start, end } }).toArray()));
    expect(rows).toEqual(expected);
    const times = rows.map(timeOf);
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(START);
    expect(times.at(-1)).toBeLessThanOrEqual(Date.parse(query.end));
    // DESC walks the windows latest first: the same buckets, reversed (the mock seeds values by the whole query).
    const desc = await client.paginate('getOptionsTrades', { query: { ...query, sort_dir: 'DESC' } }).toArray();
    expect(desc.map(timeOf)).toEqual([...times].reverse());
  });

  it("{ windows: 'off' } gives today's refusal before sending, and the mock refuses the same window with its 400", async () => {
    const { client, sent } = recording();
    await expect(client.paginate('getOptionsTrades', { query }, { windows: 'off' }).toArray()).rejects.toThrow(
      /spans 30\.0 days; at most 7 are accepted without instrument_name/,
    );
    expect(sent).toHaveLength(0);
    const core = createCore({ apiKey: 'test-key', v2BaseUrl: mock.url, ...fast });
    await expect(paginate(core, getOptionsTrades, { query }).toArray()).rejects.toThrow(/at most 7 are accepted/);
    const refused = await fetch(`${mock.url}/api/v1/options/trades?${new URLSearchParams({ currency: 'BTC', start: query.start, end: query.end })}`, {
      headers: { 'x-api-key': 'k' },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toEqual(['start and end must be at most 7 days apart without instrument_name']);
  });

  it('refuses what a split cannot keep: a sort by another field, a cursor; paginateWindows is the same walk for the core', async () => {
    const { client, sent } = recording();
    expect(() => client.paginate('getOptionsTrades', { query: { ...query, sort: 'premium_usd' } })).toThrow(RequestValidationError);
    expect(() => client.paginate('getOptionsTrades', { query: { ...query, cursor: 'abc' } })).toThrow(/query.cursor belongs to one window/);
    expect(() =>
      client.paginate('getOptionsOhlcvt', { query: { instrument_name: 'BTC-26MAR27-100000-C', start: query.start } }, { windows: { days: 0 } }),
    ).toThrow(/options.windows.days must be a positive number/);
    expect(sent).toHaveLength(0);
    const core = createCore({ apiKey: 'test-key', v2BaseUrl: mock.url, ...fast });
    const viaCore = await paginateWindows(core, getOptionsTrades, { query }).toArray();
    expect(viaCore).toEqual(await client.paginate('getOptionsTrades', { query }).toArray());
  });

  it('a window that starts after now is not requested: an end in the future costs no empty calls (counted at the server)', async () => {
    const proxy = await countingProxy();
    try {
      const core = createCore({ apiKey: 'test-key', v2BaseUrl: proxy.url, ...fast });
      // Ten days back to sixty ahead: ten 7-day windows, of which the first two reach now and the rest lie after it.
      const start = Math.floor(Date.now() / HOUR) * HOUR - 10 * DAY;
      const future = { currency: 'BTC', start: iso(start), end: iso(start + 70 * DAY - 1000), limit: 1000 };
      for (const sort_dir of ['ASC', 'DESC'] as const) {
        proxy.received.length = 0;
        const rows = await paginateWindows(core, getOptionsTrades, { query: { ...future, sort_dir } }).toArray();
        const asked = windowsOf(proxy.received);
        expect(asked).toEqual(
          sort_dir === 'ASC'
            ? [
                [future.start, iso(start + 7 * DAY - 1)],
                [iso(start + 7 * DAY), iso(start + 14 * DAY - 1)],
              ]
            : [
                [iso(start + 7 * DAY), iso(start + 14 * DAY - 1)],
                [future.start, iso(start + 7 * DAY - 1)],
              ],
        );
        for (const [from] of asked) expect(Date.parse(from)).toBeLessThanOrEqual(Date.now() + HOUR);
        // Every row up to now is there: the rows of the two windows that reach it, asked one by one.
        const expected: unknown[] = [];
        for (const [from, to] of asked)
          expected.push(...(await paginate(core, getOptionsTrades, { query: { ...future, sort_dir, start: from, end: to } }).toArray()));
        expect(rows.map(timeOf)).toEqual(expected.map(timeOf));
        expect(rows.some((row) => timeOf(row) > Date.now() - DAY)).toBe(true);
      }
      // A window wholly in the future still sends the one request at the caller's start (the service's verdict).
      proxy.received.length = 0;
      const ahead = { currency: 'BTC', start: iso(start + 30 * DAY), end: iso(start + 60 * DAY), limit: 1000 };
      await paginateWindows(core, getOptionsTrades, { query: ahead }).toArray();
      expect(windowsOf(proxy.received)).toEqual([[ahead.start, iso(start + 37 * DAY - 1)]]);
    } finally {
      await proxy.close();
    }
  });

  it('every row exactly once, in sort_dir order, over random windows, resolutions, limits and sort orders (fast-check, seeded)', async () => {
    const core = createCore({ apiKey: 'test-key', v2BaseUrl: mock.url, ...fast });
    const STEPS = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240, '1d': 1440 } as const;
    const instrument = 'BTC-26MAR27-100000-C';
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A series with a resolution, split into windows of the caller's size (no limit of its own)...
          fc.record({
            kind: fc.constant('ohlcvt' as const),
            resolution: fc.constantFrom(...(Object.keys(STEPS) as (keyof typeof STEPS)[])),
            spanBuckets: fc.integer({ min: 2, max: 1500 }),
            windowDays: fc.double({ min: 0.05, max: 4, noNaN: true }),
          }),
          // ...and currency-wide trades, split by the spec's 7-day limit.
          fc.record({ kind: fc.constant('trades' as const), spanDays: fc.double({ min: 7.01, max: 22, noNaN: true }) }),
        ),
        fc.integer({ min: 0, max: 400 * 1440 }), // start minute after 2025-10-01
        fc.integer({ min: 0, max: 59_999 }), // ms into that minute: starts off the minute too
        fc.constantFrom('ASC', 'DESC'),
        fc.integer({ min: 50, max: 1000 }),
        async (series, startMinute, offsetMs, sortDir, limit) => {
          const drawn = Date.parse('2025-10-01T00:00:00Z') + startMinute * 60_000 + offsetMs;
          const span = series.kind === 'ohlcvt' ? series.spanBuckets * STEPS[series.resolution] * 60_000 : series.spanDays * DAY;
          // Moved back by whole days until it ends before PAST: the split asks for no window that starts after the
          // clock (the service serves nothing there), while the mock would synthesise rows for it.
          const start = drawn - Math.max(0, Math.ceil((drawn + span - PAST) / DAY)) * DAY;
          const end = start + span;
          if (series.kind === 'ohlcvt') {
            const q = { instrument_name: instrument, resolution: series.resolution, start: iso(start), end: iso(end), sort_dir: sortDir, limit };
            const split = await paginateWindows(core, getOptionsOhlcvt, { query: q }, { windows: { days: series.windowDays } }).toArray();
            const whole = await paginate(core, getOptionsOhlcvt, { query: q }).toArray();
            expect(split.map(timeOf)).toEqual(whole.map(timeOf));
          } else {
            const q = { currency: 'BTC', start: iso(start), end: iso(end), sort_dir: sortDir, limit };
            const split = await paginateWindows(core, getOptionsTrades, { query: q }).toArray();
            // One instrument has no window limit: the same span in one scan is the reference.
            const whole = await paginate(core, getOptionsTrades, { query: { ...q, instrument_name: instrument } }).toArray();
            expect(split.map(timeOf)).toEqual(whole.map(timeOf));
          }
        },
      ),
      { seed: 30, numRuns: 16 },
    );
  }, 240_000);
});

describe('complete minutes only (scanComplete)', () => {
  const instrument_name = 'BTC-26MAR27-100000-C';
  const closed = (through: string) => ({ headers: { 'x-mock-complete-through': through } });

  it.each(['1m', '15m', '1h'] as const)(
    'an incremental %s scan run twice, complete_through advanced in between, yields each bucket once',
    async (resolution) => {
      const { client } = recording();
      const step = { '1m': 1, '15m': 15, '1h': 60 }[resolution] * 60_000;
      const query = { instrument_name, resolution, start: '2026-11-20T10:00:00Z', limit: 37 } as const;
      const first = client.scanComplete('getOptionsOhlcvt', { query }, closed('2026-11-20T12:07:00Z'));
      const stored: number[] = [];
      for await (const row of first) stored.push(timeOf(row));
      expect(first.completeThrough).toBe('2026-11-20 12:07:00');
      // The next run starts at the first bucket not stored: the open one, never a closed one twice.
      expect(first.resume).toBe(iso(Math.floor(Date.parse('2026-11-20T12:07:00Z') / step) * step));
      const second = client.scanComplete('getOptionsOhlcvt', { query: { ...query, start: first.resume! } }, closed('2026-11-20T14:00:00Z'));
      for await (const row of second) stored.push(timeOf(row));
      expect(second.resume).toBe('2026-11-20T14:00:00.000Z');
      const expected = Array.from({ length: (4 * 60 * 60_000) / step }, (_, i) => Date.parse('2026-11-20T10:00:00Z') + i * step);
      expect(stored).toEqual(expected);
      // Nothing new has closed: a third run yields nothing and resumes at the same place.
      const third = client.scanComplete('getOptionsOhlcvt', { query: { ...query, start: second.resume! } }, closed('2026-11-20T14:00:30Z'));
      for await (const row of third) throw new Error(`unexpected ${JSON.stringify(row)}`);
      expect(third.resume).toBe('2026-11-20T14:00:00.000Z');
    },
  );

  it('stops at the caller’s end when it comes first; a long backfill is split; DESC and a missing start are refused', async () => {
    const { client } = recording();
    const scan = client.scanComplete(
      'getOptionsOhlcvt',
      { query: { instrument_name, resolution: '1h', start: '2026-11-01T00:00:00Z', end: '2026-11-19T23:59:59Z', limit: 1000 } },
      {
        ...closed('2026-11-20T12:07:00Z'),
        windows: { days: 7 },
      },
    );
    let count = 0;
    for await (const _ of scan) count++;
    expect(count).toBe(19 * 24);
    expect(scan.resume).toBe('2026-11-20T00:00:00.000Z');
    expect(() => client.scanComplete('getOptionsOhlcvt', { query: { instrument_name, start: '2026-11-01T00:00:00Z', sort_dir: 'DESC' } })).toThrow(
      /sort_dir must be ASC/,
    );
    expect(() => client.scanComplete('getOptionsOhlcvt', { query: { instrument_name } })).toThrow(/query.start is required/);
  });
});

describe('complete minutes only: no request past complete_through', () => {
  const instrument_name = 'BTC-26MAR27-100000-C';
  const STEPS = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240, '1d': 1440 } as const;

  it('a complete-minutes scan over a long split window requests no window past complete_through (counted at the server)', async () => {
    const proxy = await countingProxy();
    try {
      const client = createClient({ apiKey: 'test-key', v2BaseUrl: proxy.url, ...fast });
      // Fifty days in 7-day windows; the closed minutes end on the hour in the second window, where the mock's series
      // ends (an open minute is not persisted yet), so the windows after it would all come back empty.
      const query = { instrument_name, resolution: '1h', start: '2026-09-01T00:00:00Z', end: '2026-10-20T23:59:59Z', limit: 1000 } as const;
      const scan = client.scanComplete('getOptionsOhlcvt', { query }, { headers: { 'x-mock-complete-through': '2026-09-09T12:00:00Z' }, windows: { days: 7 } });
      const times: number[] = [];
      for await (const row of scan) times.push(timeOf(row));
      expect(windowsOf(proxy.received)).toEqual([
        [query.start, '2026-09-07T23:59:59.999Z'],
        ['2026-09-08T00:00:00.000Z', '2026-09-14T23:59:59.999Z'],
      ]);
      expect(proxy.received).toHaveLength(2); // one page each: nothing else reached the server
      expect(times).toEqual(Array.from({ length: 8 * 24 + 12 }, (_, i) => Date.parse(query.start) + i * HOUR));
      expect(scan.resume).toBe('2026-09-09T12:00:00.000Z');
      // complete_through on a window's start: that window is not requested either.
      proxy.received.length = 0;
      const edge = client.scanComplete('getOptionsOhlcvt', { query }, { headers: { 'x-mock-complete-through': '2026-09-15T00:00:00Z' }, windows: { days: 7 } });
      let count = 0;
      for await (const _ of edge) count++;
      expect(count).toBe(14 * 24);
      expect(windowsOf(proxy.received).map(([from]) => from)).toEqual([query.start, '2026-09-08T00:00:00.000Z']);
      expect(edge.resume).toBe('2026-09-15T00:00:00.000Z');
      // One closed bucket at the start of the next window: that window is requested, for that one row.
      proxy.received.length = 0;
      const one = client.scanComplete('getOptionsOhlcvt', { query }, { headers: { 'x-mock-complete-through': '2026-09-15T01:00:00Z' }, windows: { days: 7 } });
      count = 0;
      for await (const _ of one) count++;
      expect(count).toBe(14 * 24 + 1);
      expect(windowsOf(proxy.received).map(([from]) => from)).toEqual([query.start, '2026-09-08T00:00:00.000Z', '2026-09-15T00:00:00.000Z']);
      expect(one.resume).toBe('2026-09-15T01:00:00.000Z');
    } finally {
      await proxy.close();
    }
  });

  it('never requests a window starting at or after complete_through and yields exactly the closed buckets, over random spans, windows, resolutions and bounds (fast-check, seeded)', async () => {
    const proxy = await countingProxy();
    try {
      const client = createClient({ apiKey: 'test-key', v2BaseUrl: proxy.url, ...fast });
      const core = createCore({ apiKey: 'test-key', v2BaseUrl: mock.url, ...fast });
      let skipped = 0; // runs with at least one window not requested
      let split = 0; // runs that requested more than one window
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...(Object.keys(STEPS) as (keyof typeof STEPS)[])),
          fc.integer({ min: 2, max: 3000 }), // span in buckets (the mock serves at most 10,000 rows a window)
          fc.double({ min: 1.5, max: 30, noNaN: true }), // into how many windows the span is split (at most 30 requests a run)
          // Where complete_through falls: anywhere in the span (or past its end), or within two buckets of an inner edge
          // of the split, where one bucket decides whether the next window is needed.
          fc.oneof(
            fc.record({ share: fc.double({ min: 0, max: 1.3, noNaN: true }) }),
            fc.record({ edge: fc.nat(), buckets: fc.integer({ min: -1, max: 2 }), within: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
          ),
          fc.boolean(), // complete_through on a whole minute, or anywhere (the service writes minutes; the scan must not care)
          fc.integer({ min: 0, max: 300 * 1440 }), // start minute, moved back so the span lies in the past
          fc.integer({ min: 0, max: 59_999 }),
          fc.integer({ min: 50, max: 1000 }),
          async (resolution, spanBuckets, parts, where, onMinute, startMinute, offsetMs, limit) => {
            const step = STEPS[resolution] * 60_000;
            const span = spanBuckets * step;
            const windowDays = span / parts / DAY;
            const drawn = Date.parse('2025-10-01T00:00:00Z') + startMinute * 60_000 + offsetMs;
            const start = drawn - Math.max(0, Math.ceil((drawn + span - PAST) / DAY)) * DAY;
            const end = start + span;
            // The inner edges of the split (none when a bucket is longer than a window: no split then).
            const edges =
              step > windowDays * DAY
                ? []
                : splitWindow(start, end, windowDays * DAY, step)
                    .map((w) => w.start)
                    .slice(1);
            const placed =
              'share' in where || edges.length === 0
                ? start + 60_000 + ('share' in where ? where.share : 0.5) * span
                : edges[where.edge % edges.length]! + (where.buckets + where.within) * step;
            const through = onMinute ? Math.ceil(placed / 60_000) * 60_000 : placed;
            const closed = { headers: { 'x-mock-complete-through': iso(through) } };
            const query = { instrument_name, resolution, start: iso(start), end: iso(end), limit };
            proxy.received.length = 0;
            const scan = client.scanComplete('getOptionsOhlcvt', { query }, { ...closed, windows: { days: windowDays } });
            const rows: number[] = [];
            for await (const row of scan) rows.push(timeOf(row));
            const bound = Date.parse(`${scan.completeThrough!.replace(' ', 'T')}Z`);
            // Only the first window (the caller's start, where the bound is learned) may start at or after it.
            const asked = windowsOf(proxy.received).map(([from]) => Date.parse(from));
            expect(asked[0]).toBe(start);
            for (const from of asked.slice(1)) expect(from + step).toBeLessThanOrEqual(bound);
            // Exactly the closed buckets: the same span read in one scan, cut where a bucket is no longer closed.
            const whole = await paginate(core, getOptionsOhlcvt, { query }, closed).toArray();
            const expected = whole.map(timeOf).filter((t) => t + step <= bound);
            expect(rows).toEqual(expected);
            expect(Date.parse(scan.resume!)).toBe(Math.max(start, Math.min(Math.floor(bound / step) * step, Math.floor(end / step) * step + step)));
            if (asked.length < edges.length + 1) skipped++;
            if (asked.length > 1) split++;
          },
        ),
        { seed: 30, numRuns: 24 },
      );
      // The runs did what the property is about: windows left out, and later windows still asked for when needed.
      expect(skipped).toBeGreaterThanOrEqual(6);
      expect(split).toBeGreaterThanOrEqual(6);
    } finally {
      await proxy.close();
    }
  }, 240_000);
});

describe('following corrections (watchCorrections)', () => {
  const publish = async (body: unknown) => {
    const answer = await fetch(`${mock.url}/__mock/corrections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
  };
  /** Collects a watch's events in the background until the signal stops it. */
  function follow(client: ReturnType<typeof createClient>, options: Parameters<ReturnType<typeof createClient>['watchCorrections']>[0]) {
    const events: CorrectionEvent[] = [];
    const watch = client.watchCorrections(options);
    const done = (async () => {
      for await (const event of watch) events.push(event);
    })();
    return { events, done, watch };
  }
  const until = async (check: () => boolean, ms = 5_000) => {
    for (const t0 = Date.now(); !check();) {
      if (Date.now() - t0 > ms) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('yields a correction published during the watch exactly once, an update of it once more, and stops on signal', async () => {
    const { client, sent } = recording();
    const controller = new AbortController();
    const { events, done, watch } = follow(client, { intervalMs: 20, signal: controller.signal });
    await until(() => sent.length >= 3); // polling an unchanged feed yields nothing
    expect(events).toEqual([]);
    await publish({ id: 'c-1', affected: { start: '2026-11-19T00:00:00Z', end: '2026-11-19T23:59:59Z' } });
    await until(() => events.length === 1);
    const polls = sent.length;
    await until(() => sent.length >= polls + 5); // more polls of the same feed: still once
    expect(events.map((e) => [e.kind, e.record.id])).toEqual([['published', 'c-1']]);
    await publish({ id: 'c-1', note: 'second pass' });
    await until(() => events.length === 2);
    await until(() => sent.length >= polls + 10);
    expect(events.map((e) => [e.kind, e.record.id])).toEqual([
      ['published', 'c-1'],
      ['updated', 'c-1'],
    ]);
    expect(events[1]!.record.note).toBe('second pass');
    expect(events[1]!.record.publishedAt).toBe(events[0]!.record.publishedAt);
    controller.abort();
    await done; // the iteration ends without an error
    const after = sent.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(sent.length).toBe(after);
    expect(watch.since).toMatchObject({ feedRevision: 44, seen: { 'c-1': events[1]!.record.updatedAt } });
  });

  it('a watcher restarted from the since it handed back yields nothing twice, then only what is new', async () => {
    const { client, sent } = recording();
    await publish({ id: 'a' });
    await publish({ id: 'b' });
    let controller = new AbortController();
    const first = follow(client, { intervalMs: 20, signal: controller.signal });
    await until(() => first.events.length === 2);
    controller.abort();
    await first.done;
    // Restart from the state handed back with the first event only (as if the process died after storing it).
    controller = new AbortController();
    const second = follow(client, { since: first.events[0]!.since, intervalMs: 20, signal: controller.signal });
    await until(() => second.events.length === 1);
    expect(second.events[0]!.record.id).toBe('b');
    const polls = sent.length;
    await until(() => sent.length >= polls + 3);
    await publish({ id: 'a', note: 'revised' });
    await publish({ id: 'c' });
    await until(() => second.events.length === 3);
    expect(second.events.map((e) => [e.kind, e.record.id])).toEqual([
      ['published', 'b'],
      ['updated', 'a'],
      ['published', 'c'],
    ]);
    controller.abort();
    await second.done;
  });

  it('polls wait for the client’s rate limiter', async () => {
    const { client, sent } = recording({ rateLimit: [{ limit: 3, windowSeconds: 1 }] });
    const controller = new AbortController();
    const { done } = follow(client, { intervalMs: 0, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 600));
    controller.abort();
    await done;
    expect(sent.length).toBe(3);
  });
});
