// A hey-api client generated from each family's bundle (dist/openapi.legacy.json, dist/openapi.v1.json) routes to that
// family's real host with no configuration, and given an API key (`auth: key`) sends it only in the API-key headers:
// never as a credit token, a payment signature or a Bearer token. The requests go out through the client's own fetch
// to a local server that records what arrives (port 0, loopback); the real hosts are never contacted: the recording
// fetch keeps the URL the client built and forwards the request to the local server. The combined bundle's clients
// too: hey-api sends the key only as a key there, and orval (from the 3.0 bundle) routes each family to its host.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Seen = { url: string; method: string; headers: IncomingHttpHeaders };
let server: Server;
let local = '';
const arrived: Seen[] = [];
const built: string[] = [];

/** The URL the client built is kept; the request itself goes to the recording server. */
const forwardingFetch = async (input: Request): Promise<Response> => {
  built.push(input.url);
  const target = new URL(input.url);
  return fetch(new Request(`${local}${target.pathname}${target.search}`, input));
};

async function load(family: 'legacy' | 'v1') {
  const dir = join(inject('genDir'), 'hey-api', family);
  const sdk = await import(pathToFileURL(join(dir, 'sdk.gen.ts')).href);
  const { client } = await import(pathToFileURL(join(dir, 'client.gen.ts')).href);
  return { sdk, client };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    arrived.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CREDENTIAL_HEADERS = ['apikey', 'x-api-key', 'x-credit-token', 'payment-signature', 'authorization'];
const credentials = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(CREDENTIAL_HEADERS.filter((h) => headers[h] !== undefined).map((h) => [h, headers[h]]));

describe('hey-api client generated from the family bundles', () => {
  it('routes legacy calls to https://api.laevitas.ch and versioned calls to https://apiv2.laevitas.ch by default', async () => {
    const legacy = await load('legacy');
    const v1 = await load('v1');
    expect(legacy.client.getConfig().baseUrl).toBe('https://api.laevitas.ch');
    expect(v1.client.getConfig().baseUrl).toBe('https://apiv2.laevitas.ch');
    legacy.client.setConfig({ fetch: forwardingFetch });
    v1.client.setConfig({ fetch: forwardingFetch });
    built.length = 0;
    await legacy.sdk.getLegacyFutures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
    await v1.sdk.getOptionsOhlcvt({ query: { instrument_name: 'BTC-27MAR26-100000-C' } });
    expect(built).toEqual([
      'https://api.laevitas.ch/analytics/derivs/futures/DERIBIT/BTC/26MAR27',
      'https://apiv2.laevitas.ch/api/v1/options/ohlcvt?instrument_name=BTC-27MAR26-100000-C',
    ]);
  });

  it('sends an API key only in the API-key headers: apiKey on legacy, X-API-Key and apiKey on versioned, none elsewhere', async () => {
    const legacy = await load('legacy');
    const v1 = await load('v1');
    legacy.client.setConfig({ fetch: forwardingFetch, auth: 'the-key' });
    v1.client.setConfig({ fetch: forwardingFetch, auth: 'the-key' });
    arrived.length = 0;
    await legacy.sdk.getLegacySummary();
    await v1.sdk.getFuturesSnapshot({ query: { currency: 'BTC' } });
    // The agent endpoint also accepts a Bearer token, a credit token and a payment: none of them may carry the key.
    await v1.sdk.postMcp({ body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(arrived.map((r) => [r.method, r.url.split('?')[0], credentials(r.headers)])).toEqual([
      ['GET', '/analytics/derivs/summary', { apikey: 'the-key' }],
      ['GET', '/api/v1/futures/snapshot', { apikey: 'the-key', 'x-api-key': 'the-key' }],
      ['POST', '/api/v1/mcp', { apikey: 'the-key', 'x-api-key': 'the-key' }],
    ]);
  });

  it('points a family at a mock or staging deployment with baseUrl', async () => {
    const v1 = await load('v1');
    v1.client.setConfig({ baseUrl: local, fetch: undefined, auth: undefined });
    arrived.length = 0;
    await v1.sdk.getOptionsCatalog();
    expect(arrived.map((r) => r.url.split('?')[0])).toEqual(['/api/v1/options/catalog']);
    v1.client.setConfig({ baseUrl: 'https://apiv2.laevitas.ch' });
  });
});

describe('clients generated from the combined bundle', () => {
  it('hey-api: the key goes only into the API-key headers there too', async () => {
    const dir = join(inject('genDir'), 'hey-api', 'combined');
    const sdk = await import(pathToFileURL(join(dir, 'sdk.gen.ts')).href);
    const { client } = await import(pathToFileURL(join(dir, 'client.gen.ts')).href);
    client.setConfig({ fetch: forwardingFetch, auth: 'the-key' });
    arrived.length = 0;
    await sdk.getLegacySummary();
    await sdk.getOptionsCatalog();
    expect(arrived.map((r) => credentials(r.headers))).toEqual([{ apikey: 'the-key' }, { apikey: 'the-key', 'x-api-key': 'the-key' }]);
  });

  it('orval (from openapi-3.0.yaml): each family goes to its own host with no configuration', async () => {
    const { getLegacySummary, getOptionsCatalog } = await import(pathToFileURL(join(inject('genDir'), 'orval/from-3.0/client.ts')).href);
    const original = globalThis.fetch;
    const urls: string[] = [];
    globalThis.fetch = (async (url: string) => {
      urls.push(String(url));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      await getLegacySummary();
      await getOptionsCatalog();
    } finally {
      globalThis.fetch = original;
    }
    expect(urls.map((u) => new URL(u).origin)).toEqual(['https://api.laevitas.ch', 'https://apiv2.laevitas.ch']);
  });
});
