// The settings table of the README, one claim per test: the defaults (proven by behaviour, since client.settings
// holds only what was given), the switches (`retry: false`, `defaultHeaders`, `validateResponses`), `timeout` per
// attempt and per call, `withOptions` copies and `.pages()`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { APIConnectionTimeoutError, InternalServerError, RequestValidationError, createClient, createCore } from '../src/index.js';
import * as single from '../src/generated/operations.js';
import { fakeFetch, type Recorded } from './fake-fetch.js';
import { ohlcvtRow } from './ohlcvt-page.js';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' as const };
const row = ohlcvtRow();
const page = (next: string | null) => ({ data: [row], meta: { next_cursor: next } });
const ok = { status: 200, body: page(null) };
/** A response that arrives after `ms` (the client races its timeout against it). */
const after = (ms: number) => () =>
  new Promise<Response>((resolve) =>
    setTimeout(() => resolve(new Response(JSON.stringify(page(null)), { headers: { 'content-type': 'application/json' } })), ms),
  );
const fastRetry = { initialDelayMs: 1, maxDelayMs: 2 };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('defaults', () => {
  it('apiKey defaults to LAEVITAS_API_KEY, sent as X-API-Key (versioned) and apiKey (legacy)', async () => {
    vi.stubEnv('LAEVITAS_API_KEY', 'from-env');
    const { fetch, calls } = fakeFetch([ok, { status: 200, body: { date: 1795186800000, data: [] } }]);
    const client = createClient({ fetch, rateLimit: false });
    await client.v1.options.ohlcvt({ query });
    await client.legacy.derivs.futures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
    expect(calls.map((c) => [c.headers.get('x-api-key'), c.headers.get('apikey')])).toEqual([
      ['from-env', null],
      [null, 'from-env'],
    ]);
  });

  it('timeout defaults to 60 000 ms per attempt', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<Response>(() => {});
    const client = createClient({ fetch: fakeFetch([never]).fetch, retry: false, rateLimit: false });
    const settled = vi.fn();
    const call = client.v1.options.ohlcvt({ query }).then(settled, settled);
    await vi.advanceTimersByTimeAsync(59_990);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    await call;
    expect(settled.mock.calls[0]![0]).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('retry defaults to 2 retries after 0.5 s, then 1 s (minus at most 25 % jitter)', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    const at = (_req: Recorded) => {
      times.push(Date.now());
      return new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } });
    };
    const client = createClient({ fetch: fakeFetch([at, at, at, at]).fetch, rateLimit: false });
    const error = client.v1.options.ohlcvt({ query }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await error).toBeInstanceOf(Error);
    expect(times).toHaveLength(3);
    const waits = [times[1]! - times[0]!, times[2]! - times[1]!];
    expect(waits[0]).toBeGreaterThanOrEqual(375);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(750);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  it('validateResponses is off by default: a body that breaks the contract is returned, not reported', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = { status: 200, body: { data: [{ ...row, close: 'not a number' }], meta: { next_cursor: null } } };
    const client = createClient({ fetch: fakeFetch([bad]).fetch, validators, rateLimit: false });
    expect((await client.v1.options.ohlcvt({ query })).data[0]!.close).toBe('not a number');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('switches', () => {
  it('retry: false never retries (one request for a GET answered 500)', async () => {
    const { fetch, calls } = fakeFetch([{ status: 500, body: {} }, ok]);
    const error = await createClient({ fetch, retry: false, rateLimit: false })
      .v1.options.ohlcvt({ query })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1);
  });

  it('defaultHeaders go on every request, of both families and of every page', async () => {
    const { fetch, calls } = fakeFetch([{ status: 200, body: page('c2') }, ok, { status: 200, body: { date: 1795186800000, data: [] } }]);
    const client = createClient({ fetch, rateLimit: false, defaultHeaders: { 'x-team': 'desk-1' } });
    await client.paginate('getOptionsOhlcvt', { query }).toArray();
    await client.legacy.derivs.futures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
    expect(calls.map((c) => c.headers.get('x-team'))).toEqual(['desk-1', 'desk-1', 'desk-1']);
  });

  it("validateResponses: 'warn' reports a body that breaks the contract on the console and still returns it", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = { status: 200, body: { data: [{ ...row, close: 'not a number' }], meta: { next_cursor: null } } };
    const client = createClient({ fetch: fakeFetch([bad]).fetch, validators, validateResponses: 'warn', rateLimit: false });
    expect((await client.v1.options.ohlcvt({ query })).data[0]!.close).toBe('not a number');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/getOptionsOhlcvt: 200 response breaks the contract: .*close/));
  });
});

describe('timeout', () => {
  it('is per attempt: a retry after a timed-out attempt gets the whole timeout again', async () => {
    const { fetch, calls } = fakeFetch([after(400), after(150)]);
    const client = createClient({ fetch, timeout: 250, retry: fastRetry, rateLimit: false });
    const started = Date.now();
    await expect(client.v1.options.ohlcvt({ query })).resolves.toMatchObject({ meta: { next_cursor: null } });
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThan(250 + 150 - 20); // longer than one timeout in all
  });

  it("a per-call timeout overrides the client's, both ways", async () => {
    const slow = createClient({ fetch: fakeFetch([after(150)]).fetch, timeout: 50, retry: false, rateLimit: false });
    await expect(slow.v1.options.ohlcvt({ query }, { timeout: 1_000 })).resolves.toMatchObject({ meta: { next_cursor: null } });
    const quick = createClient({ fetch: fakeFetch([after(150)]).fetch, timeout: 1_000, retry: false, rateLimit: false });
    await expect(quick.v1.options.ohlcvt({ query }, { timeout: 50 })).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });
});

describe('withOptions and pages', () => {
  it('withOptions makes a copy with the given settings changed; the original keeps its own', async () => {
    const { fetch, calls } = fakeFetch([ok, ok]);
    const client = createClient({ fetch, apiKey: 'a', timeout: 1_000, rateLimit: false });
    const copy = client.withOptions({ apiKey: 'b' });
    expect([copy.settings.apiKey, copy.settings.timeout, client.settings.apiKey]).toEqual(['b', 1_000, 'a']);
    await copy.v1.options.ohlcvt({ query });
    await client.v1.options.ohlcvt({ query });
    expect(calls.map((c) => c.headers.get('x-api-key'))).toEqual(['b', 'a']);
  });

  it('paginate(...).pages() yields whole pages in order; iterating yields rows', async () => {
    const { fetch } = fakeFetch([{ status: 200, body: page('c2') }, ok, { status: 200, body: page('c2') }, ok]);
    const client = createClient({ fetch, rateLimit: false });
    const pages = [];
    for await (const p of client.paginate('getOptionsOhlcvt', { query }).pages()) pages.push(p);
    expect(pages.map((p) => p.meta.next_cursor)).toEqual(['c2', null]);
    const rows = [];
    for await (const r of client.paginate('getOptionsOhlcvt', { query })) rows.push(r);
    expect(rows).toEqual([row, row]);
  });
});

describe('the core', () => {
  it('the core retries, checks parameters and throws the typed errors as the full client does', async () => {
    const { fetch, calls } = fakeFetch([{ status: 503, body: {} }, ok, { status: 500, body: {} }]);
    const core = createCore({ apiKey: 'k', fetch, retry: fastRetry, rateLimit: false, defaultHeaders: { 'x-team': 'desk-1' } });
    await expect(core.request(single.getOptionsOhlcvt, { query })).resolves.toMatchObject({ meta: { next_cursor: null } });
    expect(calls.map((c) => [c.headers.get('x-api-key'), c.headers.get('x-team')])).toEqual([
      ['k', 'desk-1'],
      ['k', 'desk-1'],
    ]);
    await expect(core.request(single.getOptionsOhlcvt, { query: { resolutoin: '1h' } as never })).rejects.toThrow(RequestValidationError);
    expect(calls).toHaveLength(2);
    await expect(core.withOptions({ retry: false }).request(single.getOptionsOhlcvt, { query })).rejects.toBeInstanceOf(InternalServerError);
    expect(() => createCore({ timeout: -1 })).toThrow(/timeout/);
  });
});
