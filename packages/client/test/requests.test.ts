// Claims of the repository README about requests that the fault-server tests do not reach: a POST is retried when
// the host name did not resolve (DNS, no byte sent) but not after a reset, a browser's hidden redirect is refused,
// no request carries an Idempotency-Key (the spec documents none), and a page without its items stops a scan.
import { describe, expect, it } from 'vitest';
import { APIConnectionError, RedirectError, ScanInterruptedError, createClient } from '../src/index.js';
import { fakeFetch } from './fake-fetch.js';

const fast = { retry: { initialDelayMs: 1, maxDelayMs: 2 }, rateLimit: false } as const;
const ladder = { body: { positions: [{ expiry: '26MAR27' }] } } as never;
/** What undici throws when a connection fails: a TypeError whose cause carries the system error code. */
const fetchFailed = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });

describe('a POST is re-sent only when nothing was sent', () => {
  it('a host name that does not resolve (ENOTFOUND, EAI_AGAIN) is retried for a POST; a reset (ECONNRESET) is not', async () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const { fetch, calls } = fakeFetch([fetchFailed(code), { status: 200, body: {} }]);
      await createClient({ fetch, ...fast }).postVolSurfaceRiskLadder(ladder);
      expect(calls, code).toHaveLength(2);
    }
    const { fetch, calls } = fakeFetch([fetchFailed('ECONNRESET'), { status: 200, body: {} }]);
    const error = await createClient({ fetch, ...fast })
      .postVolSurfaceRiskLadder(ladder)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(calls).toHaveLength(1);
  });
});

describe('redirects in a browser', () => {
  it('an opaque redirect (a browser hides the target) is a RedirectError, even for a GET', async () => {
    const opaque = () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      return response;
    };
    const { fetch, calls } = fakeFetch([opaque, { status: 200, body: {} }]);
    const error = await createClient({ fetch, ...fast })
      .getHealth()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/hides its target/);
    expect(calls).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('no request carries an Idempotency-Key header: not a GET, a POST or a pay request', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    const client = createClient({ fetch, apiKey: 'k', ...fast });
    await client.getHealth();
    await client.postVolSurfaceRiskLadder(ladder);
    await client.postX402SubscriptionsCheckoutsByIdPay({ path: { id: 'chk_1' }, header: { 'x-checkout-token': 'tok', 'PAYMENT-SIGNATURE': 'sig' } } as never);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST']);
    for (const call of calls) expect([...call.headers.keys()].filter((k) => k.includes('idempotency'))).toEqual([]);
  });
});

describe('scans', () => {
  it('a page without its items array stops the scan with a ScanInterruptedError naming the cursor, not an early end', async () => {
    const row = { date: '2026-11-20 14:00:00' };
    const { fetch } = fakeFetch([
      { status: 200, body: { data: [row], meta: { next_cursor: 'c2' } } },
      { status: 200, body: { meta: { next_cursor: null } } },
    ]);
    const rows: unknown[] = [];
    const error = await (async () => {
      for await (const r of createClient({ fetch, ...fast }).paginate('getOptionsOhlcvt', { query: { instrument_name: 'x', resolution: '1h' } })) rows.push(r);
    })().catch((e: unknown) => e);
    expect(rows).toEqual([row]);
    expect(error).toBeInstanceOf(ScanInterruptedError);
    expect(error).toMatchObject({ resume: { cursor: 'c2' } });
    expect((error as Error).message).toMatch(/page has no data array/);
  });
});
