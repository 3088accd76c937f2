// Item 4 of issue 11: the limiter matches the service. Against a real server enforcing the spec's windows (20 per
// 5 s and 240 per 60 s), with fake timers: bursts and scans collect no 429, the budget is shared per key, the
// credit-token group and the 60 s wait after a 429 come from the spec, and withOptions({rateLimit}) is honoured.
import { describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, RollingWindowLimiter, createClient, type ClientOptions } from '../src/index.js';
import { resetSharedBudgets } from '../src/internal/rate-limiter.js';
import { drive } from './drive.js';
import { useFaultServers } from './fault-servers.js';

const env = useFaultServers({ beforeEachTest: resetSharedBudgets });

// The service's windows, read from the same generated table the client reads.
const SERVICE = RATE_LIMITS.v1.map((w) => ({ limit: w.limit, windowMs: w.windowSeconds * 1000 }));
// retry: false makes any 429 a failure the test sees, instead of a retry that hides it.
const client = (options: ClientOptions = {}) => createClient({ apiKey: 'key-a', v2BaseUrl: env.server.origin, retry: false, ...options });
const calls = (n: number, c = client()) => Array.from({ length: n }, () => c.getOptionsOhlcvt());
const burst = (n: number, c = client()) => Promise.all(calls(n, c));
const arrivals = () => env.server.received.map((r) => r.at - env.server.received[0]!.at);

describe('bursts', () => {
  it('45 concurrent calls: each gets its own slot, zero 429s, never more than 20 in 5 s', async () => {
    env.server.enforce(SERVICE);
    await drive(burst(45));
    expect(env.server.throttled).toBe(0);
    const times = arrivals();
    expect(times).toHaveLength(45);
    // Three waves (20, 20, 5), each one window plus the margin after the responses of the previous one. (Arrival
    // times within a wave spread a little: the fake clock steps while real sockets open.)
    expect(times.filter((t) => t < 5_000)).toHaveLength(20);
    expect(times.filter((t) => t >= 5_100 && t < 10_000)).toHaveLength(20);
    expect(times.filter((t) => t >= 10_200)).toHaveLength(5);
    for (const t of times) expect(times.filter((u) => u > t - 5_000 && u <= t).length).toBeLessThanOrEqual(20);
  });

  it('the same burst without the limiter collects 429s (the enforcing env.server can fail the test above)', async () => {
    env.server.enforce(SERVICE);
    const results = await drive(Promise.allSettled(calls(45, client({ rateLimit: false }))));
    expect(env.server.throttled).toBe(25);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(25);
  });

  it('a long scan (13 x 20 pages, 65 s of fake time) gets zero 429s and stays near the ceiling', async () => {
    env.server.enforce(SERVICE);
    const c = client();
    const started = Date.now();
    for (let i = 0; i < 13; i++) await drive(c.paginate('getOptionsOhlcvt').toArray());
    expect(env.server.throttled).toBe(0);
    expect(env.server.received).toHaveLength(260);
    // 260 requests fit in 65 s at the service's limits; the margin costs at most a few hundred ms per window.
    expect(Date.now() - started).toBeLessThan(65_000);
  });
});

describe('one budget per API key', () => {
  it('two clients with one key share it by default: 2 x 15 concurrent calls, zero 429s', async () => {
    env.server.enforce(SERVICE);
    await drive(Promise.all([burst(15, client()), burst(15, client())]));
    expect(env.server.throttled).toBe(0);
  });

  it('two keys have a budget each (the registry tells keys apart by their digest): 2 x 15 calls go at once', async () => {
    await drive(Promise.all([burst(15, client()), burst(15, client({ apiKey: 'key-b' }))]));
    expect(arrivals()).toHaveLength(30);
    expect(Math.max(...arrivals())).toBeLessThan(5_000);
  });

  it('rateLimit: { shared: false } opts a client out, and then the two overrun the key together', async () => {
    env.server.enforce(SERVICE);
    await drive(Promise.allSettled([...calls(15, client()), ...calls(15, client({ rateLimit: { shared: false } }))]));
    expect(env.server.throttled).toBe(10);
  });

  it('withOptions copies share the budget; withOptions({ rateLimit }) is honoured', async () => {
    const c = client();
    await drive(Promise.all([burst(15, c), burst(15, c.withOptions({ timeout: 10_000 }))]));
    expect(arrivals().filter((t) => t < 5_000)).toHaveLength(20);
    expect(arrivals().filter((t) => t >= 5_100)).toHaveLength(10);
    env.server.reset();
    const slow = c.withOptions({ rateLimit: [{ limit: 2, windowSeconds: 1 }] });
    await drive(burst(5, slow));
    const t = arrivals();
    expect(t[2]! - t[0]!).toBeGreaterThanOrEqual(1_100);
    expect(t[3]! - t[1]!).toBeGreaterThanOrEqual(1_100);
    expect(t[4]! - t[2]!).toBeGreaterThanOrEqual(1_100);
    env.server.reset();
    await drive(burst(25, c.withOptions({ rateLimit: false })));
    // No limiter: all 25 go at once (the spread is the fake clock stepping while sockets open), not in windows.
    expect(Math.max(...arrivals())).toBeLessThan(5_000);
  });
});

describe('groups and waits from the spec', () => {
  it('credit-token routes use their group (x-rate-limit-group: creditToken, 10 per 60 s)', async () => {
    expect(RATE_LIMITS.creditToken).toEqual([{ limit: 10, windowSeconds: 60 }]);
    const c = client();
    await drive(Promise.all(Array.from({ length: 11 }, () => c.postX402CreditTokenChallenge({ body: { chain_id: 8453, address: '0xabc' } } as never))));
    const times = arrivals();
    expect(times.filter((t) => t < 60_000)).toHaveLength(10);
    expect(times[10]).toBeGreaterThanOrEqual(60_000);
  });

  it('a 429 without Retry-After waits the spec’s 60 s, and pauses every caller on the key, not only the one that got it', async () => {
    expect(RATE_LIMITS.retryAfterSeconds).toBe(60);
    env.server.inject({ kind: 'status', status: 429 });
    const c = client({ retry: { maxRetries: 1 } });
    const first = c.getOptionsOhlcvt();
    await drive(new Promise((resolve) => setTimeout(resolve, 1_000)));
    const second = c.getOptionsOhlcvt();
    await drive(Promise.all([first, second]));
    const times = arrivals();
    expect(times).toHaveLength(3);
    expect(times[1]).toBeGreaterThanOrEqual(60_000);
    expect(times[2]).toBeGreaterThanOrEqual(60_000);
  });

  it('a 429 the caller does not retry still pauses the others on the key', async () => {
    env.server.inject({ kind: 'status', status: 429, headers: { 'retry-after': '10' } });
    const c = client();
    await drive(c.getOptionsOhlcvt().catch(() => undefined));
    await drive(c.withOptions({ retry: { maxRetries: 0 } }).getOptionsOhlcvt());
    expect(arrivals()[1]).toBeGreaterThanOrEqual(10_000);
  });

  it('a 429 with Retry-After waits exactly that', async () => {
    env.server.inject({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    await drive(client({ retry: { maxRetries: 1 } }).getOptionsOhlcvt());
    expect(arrivals()[1]).toBeGreaterThanOrEqual(7_000);
    expect(arrivals()[1]).toBeLessThan(8_000);
  });
});

describe('RollingWindowLimiter', () => {
  it('grants slots atomically and in call order; a slot is held until its response plus the window and margin', async () => {
    const limiter = new RollingWindowLimiter([{ limit: 2, windowSeconds: 1 }], { safetyMarginMs: 100 });
    const order: string[] = [];
    const started = Date.now();
    const waiters = ['a', 'b', 'c', 'd'].map((name) => limiter.acquire().then((release) => (order.push(`${name}@${Date.now() - started}`), release)));
    const [a, b] = await Promise.all(waiters.slice(0, 2));
    expect(order).toEqual(['a@0', 'b@0']);
    // In flight: nobody else goes, however long it takes.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(order).toHaveLength(2);
    a!();
    await vi.advanceTimersByTimeAsync(1_099);
    expect(order).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['a@0', 'b@0', 'c@6100']);
    b!();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(order).toEqual(['a@0', 'b@0', 'c@6100', 'd@7200']);
    (await waiters[2]!)();
    (await waiters[3]!)();
  });

  it('a caller that aborts while queued leaves the queue and the others keep their order', async () => {
    const limiter = new RollingWindowLimiter([{ limit: 1, windowSeconds: 1 }]);
    const first = await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal).catch(() => 'aborted');
    const next = limiter.acquire();
    controller.abort();
    expect(await aborted).toBe('aborted');
    first();
    await vi.advanceTimersByTimeAsync(1_000);
    (await next)();
  });
});
