// The answer cache of the mock's upstream stage: keyed by the normalised request, never used for stateful routes or
// anything but GET/HEAD, and bounded.
import { describe, expect, it } from 'vitest';
import { cacheKey, createUpstream, isCacheable } from '../src/mock/upstream.mjs';

const ctx = (method: string, target: string, headers: Record<string, string> = {}, body?: Buffer) => ({
  method,
  url: new URL(target, 'http://mock'),
  headers,
  body,
  extraHeaders: {},
});

describe('cacheKey', () => {
  it('is the same for the same request with its query in another order or spelled with other escapes', () => {
    expect(cacheKey(ctx('GET', '/api/v1/x?b=2&a=1'))).toBe(cacheKey(ctx('GET', '/api/v1/x?a=1&b=2')));
    expect(cacheKey(ctx('GET', '/api/v1/x?a=%41'))).toBe(cacheKey(ctx('GET', '/api/v1/x?a=A')));
  });
  it('differs when what Prism answers by differs: repeated values in order, Prefer, Accept, which credentials, method', () => {
    const base = cacheKey(ctx('GET', '/api/v1/x?a=1&a=2'));
    expect(cacheKey(ctx('GET', '/api/v1/x?a=2&a=1'))).not.toBe(base);
    expect(cacheKey(ctx('GET', '/api/v1/x?a=1&a=2', { prefer: 'code=429' }))).not.toBe(base);
    expect(cacheKey(ctx('GET', '/api/v1/x?a=1&a=2', { accept: 'text/csv' }))).not.toBe(base);
    expect(cacheKey(ctx('GET', '/api/v1/x?a=1&a=2', { apikey: 'k' }))).not.toBe(base);
    expect(cacheKey(ctx('GET', '/api/v1/x?a=1&a=2', { apikey: 'k' }))).toBe(cacheKey(ctx('GET', '/api/v1/x?a=1&a=2', { apikey: 'other' })));
    expect(cacheKey(ctx('HEAD', '/api/v1/x?a=1&a=2'))).not.toBe(base);
  });
});

describe('isCacheable', () => {
  it('only GET and HEAD outside the stateful routes', () => {
    expect(isCacheable(ctx('GET', '/api/v1/options/ohlcvt?x=1'))).toBe(true);
    expect(isCacheable(ctx('HEAD', '/api/v1/health'))).toBe(true);
    expect(isCacheable(ctx('POST', '/api/v1/vol-surface/risk/ladder', {}, Buffer.from('{}')))).toBe(false);
    for (const path of ['/api/v1/x402/tick-data/checkouts/abc', '/api/v1/x402/subscriptions/products', '/api/v1/mcp', '/api/v1/x402/credit-token/challenge']) {
      expect(isCacheable(ctx('GET', path)), path).toBe(false);
    }
  });
});

describe('createUpstream', () => {
  it('asks Prism once for repeated deterministic requests, every time for stateful ones, and 503s while it is down', async () => {
    const { createServer } = await import('node:http');
    let calls = 0;
    const prismLike = createServer((req, res) => {
      calls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url }));
    });
    await new Promise<void>((r) => prismLike.listen(0, '127.0.0.1', r));
    const fake = {
      state: 'up' as 'up' | 'down',
      url: `http://127.0.0.1:${(prismLike.address() as any).port}` as string | undefined,
      deaths: [] as any[],
      retryAfterSeconds: () => 3,
      whenUp: async () => true,
    };
    const upstream = createUpstream({ prism: fake });
    try {
      for (let i = 0; i < 5; i++) expect((await upstream.stage(ctx('GET', '/api/v1/options/ohlcvt?b=1&a=2'))).status).toBe(200);
      await Promise.all(Array.from({ length: 5 }, () => upstream.stage(ctx('GET', '/api/v1/futures/catalog'))));
      expect(calls).toBe(2);
      for (let i = 0; i < 3; i++) await upstream.stage(ctx('GET', '/api/v1/x402/subscriptions/products'));
      expect(calls).toBe(5);
      expect(upstream.stats()).toMatchObject({ hits: 4, misses: 6, entries: 2 }); // 5 concurrent misses shared one Prism request

      Object.assign(fake, { state: 'down', url: undefined, deaths: [{ at: 'then', reason: 'URIError: URI malformed' }] });
      const down = await upstream.stage(ctx('GET', '/api/v1/options/ohlcvt?fresh=1'));
      expect(down).toMatchObject({ status: 503, headers: { 'retry-after': '3' } });
      expect(JSON.parse(String(down.body))).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'mock upstream is restarting (Prism exited at then: URIError: URI malformed); retry after 3 s',
      });
      expect((await upstream.stage(ctx('GET', '/api/v1/health'))).status).toBe(503); // liveness is never served from the cache
      expect((await upstream.stage(ctx('GET', '/api/v1/options/ohlcvt?a=2&b=1'))).status).toBe(200); // a cached answer still is
    } finally {
      upstream.close();
      await new Promise((r) => prismLike.close(r));
    }
  });
});
