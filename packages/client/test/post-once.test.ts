// Item 2 of issue 11: a POST is sent at most once unless the service provably did not act on it. Every fault of
// the fault server is thrown at two POSTs (a paid risk ladder, a checkout pay carrying PAYMENT-SIGNATURE); the
// server's own log proves how many times each arrived.
import { describe, expect, it } from 'vitest';
import { APIConnectionError, APIConnectionTimeoutError, InternalServerError, RedirectError, ResponseParseError, createClient } from '../src/index.js';
import { closedPort, type Fault } from './fault-server.js';
import { drive } from './drive.js';
import { useFaultServers } from './fault-servers.js';

const env = useFaultServers({ elsewhere: true });

const client = () =>
  createClient({ apiKey: 'secret-key', v2BaseUrl: env.server.origin, timeout: 10_000, rateLimit: false, retry: { maxRetries: 3, initialDelayMs: 10 } });
const posts = [
  {
    name: 'risk ladder',
    call: () => client().postVolSurfaceRiskLadder({ body: { positions: [{ expiry: '26MAR27' }] } } as never),
    path: '/api/v1/vol-surface/risk/ladder',
  },
  {
    name: 'checkout pay',
    call: () =>
      client().postX402SubscriptionsCheckoutsByIdPay({ path: { id: 'chk_1' }, header: { 'x-checkout-token': 'tok', 'PAYMENT-SIGNATURE': 'sig-abc' } } as never),
    path: '/api/v1/x402/subscriptions/checkouts/chk_1/pay',
  },
];

const notRetried: { name: string; fault: Fault; error: new (...args: never[]) => Error }[] = [
  { name: '500 with x-should-retry: true', fault: { kind: 'status', status: 500, headers: { 'x-should-retry': 'true' } }, error: InternalServerError },
  { name: '502', fault: { kind: 'status', status: 502 }, error: InternalServerError },
  { name: '503 with Retry-After', fault: { kind: 'status', status: 503, headers: { 'retry-after': '1' } }, error: InternalServerError },
  { name: 'reset after the request arrived', fault: { kind: 'reset-before-headers' }, error: APIConnectionError },
  { name: 'reset mid-body', fault: { kind: 'reset-mid-body' }, error: APIConnectionError },
  { name: 'timeout waiting for headers', fault: { kind: 'slow-headers', ms: 25_000 }, error: APIConnectionTimeoutError },
  { name: 'timeout reading the body', fault: { kind: 'slow-body', ms: 25_000 }, error: APIConnectionTimeoutError },
  { name: 'truncated JSON', fault: { kind: 'truncated-json' }, error: ResponseParseError },
  { name: 'same-origin 307', fault: { kind: 'redirect', status: 307, location: '/api/v1/vol-surface/risk/ladder' }, error: RedirectError },
];

describe.each(posts)('POST $name', (post) => {
  it.each(notRetried)('$name: thrown as a typed error, and the env.server received the POST exactly once', async ({ fault, error }) => {
    env.server.inject(fault, { times: 5 });
    expect(await drive(post.call().catch((e: unknown) => e))).toBeInstanceOf(error);
    expect(env.server.received.filter((r) => r.method === 'POST' && r.url.pathname === post.path)).toHaveLength(1);
  });

  it('a cross-origin 307 re-POSTs nothing there: no body, no credentials, no signature', async () => {
    env.server.inject({ kind: 'redirect', status: 307, location: `${env.elsewhere.origin}${post.path}` });
    expect(await drive(post.call().catch((e: unknown) => e))).toBeInstanceOf(RedirectError);
    expect(env.elsewhere.received).toHaveLength(0);
    expect(env.server.received).toHaveLength(1);
  });

  it('a 429 (refused, so not processed) is sent again, after its Retry-After', async () => {
    env.server.inject({ kind: 'status', status: 429, headers: { 'retry-after': '3' } });
    await drive(post.call());
    const arrivals = env.server.received.filter((r) => r.url.pathname === post.path);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(3_000);
    expect(arrivals[1]!.body).toBe(arrivals[0]!.body);
  });
});

it('a 202 pending pay answer is returned as 202 and never re-sent', async () => {
  env.server.inject({ kind: 'accepted' });
  const result = await drive(
    client().callWithResponse('postX402SubscriptionsCheckoutsByIdPay', {
      path: { id: 'chk_1' },
      header: { 'x-checkout-token': 'tok', 'PAYMENT-SIGNATURE': 'sig-abc' },
    } as never),
  );
  expect(result.status).toBe(202);
  expect(result.data).toMatchObject({ status: 'pending' });
  expect(env.server.received.filter((r) => r.headers['payment-signature'] === 'sig-abc')).toHaveLength(1);
});

it('a connection that never opened (ECONNREFUSED) is retried for a POST: nothing was sent', async () => {
  const attempts: number[] = [];
  const refused = createClient({
    v2BaseUrl: await closedPort(),
    rateLimit: false,
    retry: { maxRetries: 2, initialDelayMs: 10 },
    onRequest: (e) => attempts.push(e.attempt),
  });
  const error = await drive(refused.postVolSurfaceRiskLadder({ body: { positions: [] } } as never).catch((e: unknown) => e));
  expect(error).toBeInstanceOf(APIConnectionError);
  expect((error as APIConnectionError).phase).toBe('connect');
  expect(attempts).toEqual([1, 2, 3]);
});

it('a GET on the same faults is retried (the rule is per method, not per fault)', async () => {
  env.server.inject({ kind: 'reset-before-headers' });
  env.server.inject({ kind: 'status', status: 500, headers: { 'x-should-retry': 'true' } });
  await drive(client().getOptionsOhlcvt());
  expect(env.server.received).toHaveLength(3);
});
