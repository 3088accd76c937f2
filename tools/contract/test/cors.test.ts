// The mock serves browsers: a CORS preflight is answered on any path, every answer carries the CORS headers (its
// own origin, never one cached from another page), every response header the client reads is exposed, and the
// stream gateway accepts a connection that carries an Origin, as a browser's WebSocket always does.
// (The end-to-end proof in a real browser is the Chromium smoke of tools/ecosystem.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startMock } from '../src/mock.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { CLIENT_READS, createCors, documentedHeaders } from '../src/mock/cors.mjs';

const ORIGIN = 'http://127.0.0.1:5173';
const bundle = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
let mock: { url: string; streamUrl: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

const preflight = (path: string, requestHeaders: string, origin = ORIGIN) =>
  fetch(`${mock.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': requestHeaders },
  });
const list = (value: string | null) => (value ?? '').split(',').map((s) => s.trim().toLowerCase());

/** Every header name the client's source reads from a response (`.get('name')` on a Headers, or `getHeader('name')`). */
function headersTheClientReads(): string[] {
  const root = join(import.meta.dirname, '../../../packages/client/src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.ts') ? [join(dir, f)] : []));
  const names = new Set<string>();
  for (const file of files(root)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/(?:headers\.get|getHeader|\bget)\(\s*'([a-z0-9-]+)'\s*\)/gi))
      if (name) names.add(name.toLowerCase());
  }
  return [...names].sort();
}

describe('mock CORS: preflight', () => {
  it('answers OPTIONS /api/v1/options/ohlcvt with Origin and Access-Control-Request-Headers: x-api-key with 204 and the allowance', async () => {
    const res = await preflight('/api/v1/options/ohlcvt', 'x-api-key');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(list(res.headers.get('access-control-allow-methods'))).toEqual(expect.arrayContaining(['get', 'post', 'head']));
    expect(list(res.headers.get('access-control-allow-headers'))).toContain('x-api-key');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(list(res.headers.get('vary'))).toEqual(expect.arrayContaining(['origin', 'access-control-request-headers']));
  });

  it('allows every credential and header parameter the spec documents, on both families and on any path', async () => {
    const { request } = documentedHeaders(bundle);
    expect(request).toEqual(expect.arrayContaining(['apikey', 'x-api-key', 'x-credit-token', 'payment-signature', 'x-checkout-token', 'content-type']));
    for (const path of ['/historical/derivs/futures/deribit/btc', '/api/v1/x402/credits/purchase', '/not/a/route']) {
      const res = await preflight(path, 'apikey, content-type');
      expect(res.status, path).toBe(204);
      expect(list(res.headers.get('access-control-allow-headers')), path).toEqual(expect.arrayContaining(request));
    }
  });

  it('a plain OPTIONS without Access-Control-Request-Method is still the router’s (not a preflight)', async () => {
    const res = await fetch(`${mock.url}/api/v1/options/ohlcvt`, { method: 'OPTIONS', headers: { origin: ORIGIN } });
    expect(res.status).not.toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});

describe('mock CORS: every answer', () => {
  it('exposes every response header the client reads (from its source) and every one the spec documents', () => {
    const { response } = documentedHeaders(bundle);
    const read = headersTheClientReads();
    expect(read).toEqual(expect.arrayContaining(['retry-after', 'payment-required', 'x-credit-token', 'x-credits-remaining']));
    const safelisted = ['content-type', 'content-length', 'cache-control', 'content-language', 'expires', 'last-modified', 'pragma'];
    expect(response).toEqual(expect.arrayContaining(read.filter((h) => !safelisted.includes(h))));
    expect(response).toEqual(expect.arrayContaining(['payment-response', ...CLIENT_READS]));
  });

  it('a 200, a 402 with payment-required, a 429 with Retry-After, a 400, a 404 and a 413 all carry the CORS headers', async () => {
    const v1 = `${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h`;
    const cases: [string, RequestInit, number, string?][] = [
      [v1, { headers: { 'x-api-key': 'k' } }, 200],
      [v1, { headers: { 'x-api-key': 'k', prefer: 'code=402' } }, 402, 'payment-required'],
      [v1, { headers: { 'x-api-key': 'k', prefer: 'code=429' } }, 429, 'retry-after'],
      [`${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=NOT_A_MEMBER`, { headers: { 'x-api-key': 'k' } }, 400],
      [`${mock.url}/no/such/route`, {}, 404],
      [`${mock.url}/api/v1/x402/credits/purchase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1_100_000) }, 413],
    ];
    for (const [url, init, status, header] of cases) {
      const res = await fetch(url, { ...init, headers: { ...(init.headers as object), origin: ORIGIN } });
      expect(res.status, `${url} ${status}`).toBe(status);
      expect(res.headers.get('access-control-allow-origin'), `${status}`).toBe(ORIGIN);
      const exposed = list(res.headers.get('access-control-expose-headers'));
      expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'payment-required', 'payment-response', 'x-credit-token', 'x-credits-remaining']));
      if (header) {
        expect(res.headers.get(header), `${status} ${header}`).toBeTruthy();
        expect(exposed).toContain(header);
      }
    }
  });

  it('never serves one page’s origin to another: the same (cached) answer carries each request’s own Origin', async () => {
    const url = `${mock.url}/api/v1/health`;
    for (const origin of ['https://a.example', 'https://b.example', 'https://a.example']) {
      const res = await fetch(url, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.getSetCookie?.() ?? []).toEqual([]);
    }
    const noOrigin = await fetch(url);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBe('*');
    expect(noOrigin.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('replaces access-control headers an upstream answer brought (Prism echoes the origin it saw), and merges Vary', () => {
    const cors = createCors(bundle);
    const cached = {
      status: 200,
      headers: { 'access-control-allow-origin': 'https://a.example', 'access-control-allow-headers': '*', vary: 'Accept' },
      body: '{}',
    };
    const marked = cors.mark(cached, 'GET', { origin: 'https://b.example' });
    expect(marked.headers).toMatchObject({ 'access-control-allow-origin': 'https://b.example', vary: 'Accept, Origin' });
    expect(marked.headers?.['access-control-allow-headers']).toBeUndefined();
    expect(cached.headers['access-control-allow-origin']).toBe('https://a.example'); // the cached answer is untouched
  });
});

describe('stream gateway: browser connections', () => {
  /** Opens a connection as a browser page on ORIGIN would (headers only where a server of the user's adds them). */
  async function connect(headers: Record<string, string> = {}) {
    const ws = new WebSocket(mock.streamUrl, { origin: ORIGIN, headers });
    const frames: any[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ id: 1, method: 'subscribe', params: { channels: ['trades.futures.binance.BTCUSDT'] } }));
    return { ws, frames };
  }
  const waitFor = async (done: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  it('accepts a WebSocket handshake carrying an Origin (as every browser sends): keyless, the subscribe gets the coded 401', async () => {
    // A browser's WebSocket cannot set the apikey header, and the gateway no longer reads a key from the URL: the
    // connection opens (no CORS-like refusal at the upgrade) and the gateway says why it will not serve it.
    const { ws, frames } = await connect();
    await waitFor(() => frames.some((f) => f.id === 1));
    ws.terminate();
    expect(frames.find((f) => f.id === 1)).toMatchObject({ id: 1, error: { code: 401 } });
    expect(frames.some((f) => 'channel' in f)).toBe(false);
  });

  it('streams events to a connection with an Origin when the apikey header is there (a server of the page adds it)', async () => {
    const { ws, frames } = await connect({ apikey: 'browser-key' });
    await waitFor(() => frames.some((f) => f.channel === 'trades.futures.binance.BTCUSDT'));
    ws.terminate();
    expect(frames.find((f) => f.id === 1)).toMatchObject({ id: 1, result: expect.anything() });
    expect(frames.some((f) => f.channel === 'trades.futures.binance.BTCUSDT')).toBe(true);
  });
});
