// The retry rules the README states, each on the real fault server: which statuses a GET retries, the
// x-should-retry override for GETs, the redirect hop limit, and the backoff schedule.
import { expect, it } from 'vitest';
import { InternalServerError, RedirectError, createClient } from '../src/index.js';
import { retryDelay } from '../src/internal/retry-rules.js';
import { drive } from './drive.js';
import { useFaultServers } from './fault-servers.js';

const env = useFaultServers();

const client = () => createClient({ v2BaseUrl: env.server.origin, rateLimit: false });

it.each([408, 409, 500, 502, 503, 504])('a GET answered %i once is retried and succeeds', async (status) => {
  env.server.inject({ kind: 'status', status });
  await drive(client().getOptionsOhlcvt());
  expect(env.server.received).toHaveLength(2);
});

it.each([400, 401, 403, 404, 422])('a GET answered %i is not retried', async (status) => {
  env.server.inject({ kind: 'status', status });
  await drive(
    client()
      .getOptionsOhlcvt()
      .catch(() => undefined),
  );
  expect(env.server.received).toHaveLength(1);
});

it('x-should-retry: false on a GET 500 stops the retry; x-should-retry: true on a GET 400 asks for one', async () => {
  env.server.inject({ kind: 'status', status: 500, headers: { 'x-should-retry': 'false' } });
  expect(
    await drive(
      client()
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    ),
  ).toBeInstanceOf(InternalServerError);
  expect(env.server.received).toHaveLength(1);
  env.server.reset();
  env.server.inject({ kind: 'status', status: 400, headers: { 'x-should-retry': 'true' } });
  await drive(client().getOptionsOhlcvt());
  expect(env.server.received).toHaveLength(2);
});

it('same-origin redirects are followed up to 5 hops, then refused', async () => {
  env.server.inject({ kind: 'redirect', status: 302, location: '/api/v1/options/ohlcvt' }, { times: 5 });
  await drive(client().getOptionsOhlcvt());
  expect(env.server.received).toHaveLength(6);
  env.server.reset();
  env.server.inject({ kind: 'redirect', status: 302, location: '/api/v1/options/ohlcvt' }, { times: 6 });
  const error = await drive(
    createClient({ v2BaseUrl: env.server.origin, rateLimit: false, retry: false })
      .getOptionsOhlcvt()
      .catch((e: unknown) => e),
  );
  expect(error).toBeInstanceOf(RedirectError);
  expect((error as Error).message).toContain('more than 5 redirects');
});

it('backoff is 0.5 s x 2^n capped at 8 s, minus at most 25 % jitter', () => {
  const policy = { maxRetries: 10, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };
  expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, policy, undefined, () => 0))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  expect(retryDelay(1, policy, undefined, () => 1)).toBe(375);
  expect(retryDelay(1, policy, { kind: 'status', status: 429, headers: new Headers() })).toBe(60_000);
  expect(retryDelay(1, policy, { kind: 'status', status: 429, headers: new Headers({ 'retry-after': '120' }) })).toBeUndefined();
});
