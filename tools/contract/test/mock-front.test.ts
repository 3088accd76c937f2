// The mock front answers like the service: the real reason in every 400 (one invalid value per parameter of every
// operation, generated from the spec), 404 for unknown paths, a warning for unknown query parameters, forced
// outcomes only where documented, and the discovery routes with real content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startMock } from '../src/mock.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { buildRequests, urlFor } from '../src/requests.mjs';
import { deref } from '@laevitas-api/spec-model';
import { classValidatorMessage, propertyOf } from '@laevitas-api/mock-core/request/request-validation';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const bundleText = readFileSync(SPEC_JSON, 'utf8');
const bundle = JSON.parse(bundleText);
const KEY = { apiKey: 'k', 'X-API-Key': 'k', accept: 'application/json' };

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

const schemaOf = (p: any) => {
  const s = deref(bundle, p.schema) ?? {};
  return s.allOf?.length === 1 ? { ...deref(bundle, s.allOf[0]), ...s, allOf: undefined } : s;
};

/** Values that break a parameter's schema, most telling first; the first the validators reject is used. */
function invalidCandidates(p: any): (string | undefined)[] {
  const s = schemaOf(p);
  const out: (string | undefined)[] = [];
  if (Array.isArray(s.enum)) out.push('NOT_A_MEMBER');
  if (s.type === 'integer' || s.type === 'number') {
    if (s.maximum !== undefined) out.push(String(s.maximum + 1));
    if (s.minimum !== undefined) out.push(String(s.minimum - 1));
    out.push('not-a-number');
  }
  if (s.type === 'boolean') out.push('maybe');
  if (s.pattern || s.format) out.push('2024-02-30T99:99:99Z', 'not a valid value!');
  if (s.minLength && p.in !== 'path') out.push(''); // an empty path segment is another URL (a 404), not a bad value
  if (s.maxLength) out.push('x'.repeat(s.maxLength + 1));
  if (p.required && p.in !== 'path') out.push(undefined); // missing
  return out;
}

const cases: { id: string; param: string; location: string; request: any; value: string | undefined }[] = [];
const untestable: string[] = [];
for (const req of buildRequests(bundle)) {
  const { op } = req;
  if (!op.responses.some((r: any) => r.status === 400)) continue;
  for (const p of op.parameters.filter((p: any) => ['path', 'query', 'header'].includes(p.in))) {
    const value = invalidCandidates(p).find((candidate) => {
      const request = structuredClone({ path: req.path, query: req.query, headers: req.headers, body: req.body });
      const bag = p.in === 'header' ? request.headers : request[p.in as 'path' | 'query'];
      if (candidate === undefined) delete bag[p.name];
      else bag[p.name] = candidate;
      const asStrings = (o: any) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
      return !validators.validateRequest(op.operationId, { ...request, path: asStrings(request.path), query: asStrings(request.query) }).ok;
    });
    if (value === undefined && !invalidCandidates(p).includes(undefined)) untestable.push(`${op.operationId}.${p.name}`);
    else cases.push({ id: op.operationId, param: p.name, location: p.in, request: req, value });
  }
}

describe('one invalid value per parameter of every operation', () => {
  it('covers every operation that documents a 400; only parameters whose schema accepts any value are left out', () => {
    console.log(
      `invalid-parameter cases: ${cases.length} over ${new Set(cases.map((c) => c.id)).size} operations; left out (schema accepts any value): ${untestable.length}`,
    );
    expect(cases.length).toBeGreaterThan(400);
    expect(new Set(cases.map((c) => c.id)).size).toBeGreaterThan(140);
    // A parameter is left out only when no value breaks its schema: a free-form string without pattern or length.
    const loose = untestable.map((name) => {
      const [id, param] = name.split('.');
      const op = buildRequests(bundle).find((r: any) => r.op.operationId === id)!.op;
      const p = op.parameters.find((p: any) => p.name === param)!;
      return { ...schemaOf(p), ...(p.in === 'path' ? { minLength: undefined } : {}) };
    });
    for (const s of loose)
      expect(
        s.enum ??
          s.pattern ??
          s.format ??
          s.minLength ??
          s.maxLength ??
          (s.type === 'integer' || s.type === 'number' || s.type === 'boolean' ? s.type : undefined),
      ).toBeUndefined();
  });

  it('answers the documented 400 whose message names the parameter, valid against the generated validators', async () => {
    const failures: string[] = [];
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const { request: req, param, location, value } = c;
          const path = { ...req.path };
          const query = { ...req.query };
          const headers: Record<string, string> = { ...KEY, ...req.headers };
          const bag: any = location === 'path' ? path : location === 'query' ? query : headers;
          if (value === undefined) delete bag[param];
          else bag[param] = value;
          const init: RequestInit = { method: req.op.method.toUpperCase(), headers };
          if (req.body !== undefined) {
            init.body = JSON.stringify(req.body);
            headers['content-type'] = 'application/json';
          }
          const response = await fetch(urlFor(mock.url, req.op, path, query), init);
          const body = await response.json().catch(() => undefined);
          const label = `${c.id} ${location}.${param}=${JSON.stringify(value)}`;
          if (response.status !== 400) failures.push(`${label}: status ${response.status}`);
          else if (!validators.validateResponse(c.id, 400, body).ok) failures.push(`${label}: body fails the documented 400 schema`);
          else if (!body.message.some((m: string) => m.startsWith(`${param} `) || m.includes(` ${param} `)))
            failures.push(`${label}: message ${JSON.stringify(body.message)} does not name ${param}`);
        }
      }),
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('words the reasons as class-validator does', async () => {
    const get = (path: string) => fetch(mock.url + path, { headers: KEY }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const i = 'instrument_name=BTC-26MAR27-100000-C';
    expect((await get(`/api/v1/options/ohlcvt?${i}&limit=5000`)).body.message).toEqual(['limit must not be greater than 1000']);
    expect((await get(`/api/v1/options/ohlcvt?${i}&exchange=foo`)).body.message).toEqual([
      'exchange must be one of the following values: deribit, binance, okx, bybit, bullish, derive, paradex',
    ]);
    expect((await get('/historical/derivs/futures/DERIBIT/BTC-26MAR27')).body.message).toEqual(['start should not be empty', 'end should not be empty']);
    // Each route lists its own set: a lower-case market is upper-cased first, an unknown one lists this route's set.
    const futures = await get('/analytics/derivs/futures/NOWHERE/BTC/26MAR27');
    const market = bundle.paths['/analytics/derivs/futures/{market}/{currency}/{maturity}'].get.parameters
      .map((p: any) => deref(bundle, p))
      .find((p: any) => p.name === 'market');
    expect(futures.body.message).toEqual([`market must be one of the following values: ${schemaOf(market).enum.join(', ')}`]);
  });

  it('maps validator paths to class-validator property names', () => {
    expect(propertyOf('query.limit')).toBe('limit');
    expect(propertyOf('header["x-checkout-token"]')).toBe('x-checkout-token');
    expect(propertyOf('body.positions[0].size')).toBe('positions.0.size');
    expect(propertyOf('body')).toBe('body');
    expect(classValidatorMessage({ path: 'body.positions', rule: 'minItems', limit: 1, message: 'x' })).toBe('positions should not be empty');
  });
});

describe('what the front answers itself', () => {
  it('malformed JSON gets the documented 400', async () => {
    const response = await fetch(`${mock.url}/api/v1/vol-surface/risk/decompose`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: '{"positions": [',
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(validators.validateResponse('postVolSurfaceRiskDecompose', 400, body).ok).toBe(true);
    expect(body.message[0]).toMatch(/JSON/);
  });

  it('a malformed escape in a path parameter gets a 400 naming it, never a 5xx', async () => {
    const response = await fetch(`${mock.url}/api/v1/x402/subscriptions/checkouts/%E0%A4%A`, { headers: { ...KEY, 'x-checkout-token': 't' } });
    expect(response.status).toBe(400);
    const body = await response.json();
    // The guard answers before routing, naming the parameter the segment fills.
    expect(body.message).toEqual(['id has a malformed percent-escape "%A" (a % must be followed by two hex digits): "%E0%A4%A"']);
    expect(validators.validateResponse('getX402SubscriptionsCheckoutsById', 400, body).ok).toBe(true); // A case-insensitive segment too (it is upper-cased before routing).
    const legacy = await fetch(`${mock.url}/analytics/derivs/futures/%E0%A4%A/BTC/26MAR27`, { headers: KEY });
    const legacyBody = await legacy.json();
    expect(legacy.status).toBe(400);
    expect(legacyBody.message[0]).toMatch(/^market has a malformed percent-escape/);
  });

  it('the agent endpoint refuses in JSON-RPC: parse error for malformed JSON, invalid request for a bad message', async () => {
    const post = (body: string) => fetch(`${mock.url}/api/v1/mcp`, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body });
    const parse = await post('{"jsonrpc":');
    const parseBody = await parse.json();
    expect([parse.status, parseBody.error.code, parseBody.id]).toEqual([400, -32700, null]);
    expect(validators.validateResponse('postMcp', 400, parseBody).ok).toBe(true);
    const invalid = await post('{"jsonrpc":"1.0","id":7,"method":"tools/list"}');
    const invalidBody = await invalid.json();
    expect([invalid.status, invalidBody.error.code, invalidBody.id]).toEqual([400, -32600, 7]);
    expect(invalidBody.error.data.join(' ')).toMatch(/jsonrpc/);
    expect(validators.validateResponse('postMcp', 400, invalidBody).ok).toBe(true);
  });

  it('an unknown path gets a 404 naming it (NestJS shape, documented in x-gateway-responses)', async () => {
    const response = await fetch(`${mock.url}/api/v1/options/ohlcvtt`, { headers: KEY });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Cannot GET /api/v1/options/ohlcvtt', error: 'Not Found' });
  });

  it('a target starting with // is a path, never a host: the 404 names the path as sent (/// too)', async () => {
    for (const path of ['//api/v1/health', '///', '//openapi.json']) {
      const response = await fetch(`${mock.url}${path}`, { headers: KEY });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: `Cannot GET ${path}`, error: 'Not Found' });
    }
  });

  it('an unknown query parameter is answered normally, with a warning naming it', async () => {
    const response = await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&limt=5`, { headers: KEY });
    expect(response.status).toBe(200);
    expect(response.headers.get('warning')).toMatch(/unknown query parameter ignored: limt/);
    expect(validators.validateResponse('getOptionsOhlcvt', 200, await response.json()).ok).toBe(true);
  });

  it('Prefer: code=402 on a legacy route says the route documents no 402; documented codes still work', async () => {
    const legacy = await fetch(`${mock.url}/analytics/derivs/futures/DERIBIT/BTC/26MAR27`, { headers: { ...KEY, Prefer: 'code=402' } });
    expect(legacy.status).toBe(400);
    const body = await legacy.json();
    expect(body.message[0]).toMatch(/documents no 402 response.*legacy family has no pay-per-call/);
    expect(validators.validateResponse('getLegacyFutures', 400, body).ok).toBe(true);
    const forced = await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C`, { headers: { ...KEY, Prefer: 'code=402' } });
    expect(forced.status).toBe(402);
    expect(validators.validateResponse('getOptionsOhlcvt', 402, await forced.json(), forced.headers).ok).toBe(true);
    const limited = await fetch(`${mock.url}/analytics/derivs/futures/DERIBIT/BTC/26MAR27`, { headers: { ...KEY, Prefer: 'code=429' } });
    expect(limited.status).toBe(429);
  });

  it('Prefer: code=N, example=NAME picks a documented example; a name the status does not document is a 400 naming it, never a 5xx', async () => {
    const target = `${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h`;
    const named = await fetch(target, { headers: { ...KEY, Prefer: 'code=400, example=badResolution' } });
    expect(named.status).toBe(400);
    expect(validators.validateResponse('getOptionsOhlcvt', 400, await named.json()).ok).toBe(true);
    for (const name of ['nope', '%zz', '']) {
      const unknown = await fetch(target, { headers: { ...KEY, Prefer: `code=400, example=${name}` } });
      expect(unknown.status).toBe(400);
      const body = await unknown.json();
      expect(body.message).toEqual([
        `Prefer: example=${name} cannot be honoured: the 400 response of GET /api/v1/options/ohlcvt documents no example of that name; documented: badResolution`,
      ]);
      expect(validators.validateResponse('getOptionsOhlcvt', 400, body).ok).toBe(true);
    }
  });

  it('a forced outcome is answered in JSON whatever the Accept header asks, as every other answer (never a 5xx)', async () => {
    for (const accept of ['text/csv', 'application/xml;q=x', 'image/*']) {
      const limited = await fetch(`${mock.url}/analytics/derivs/futures/DERIBIT/BTC/26MAR27`, { headers: { ...KEY, accept, Prefer: 'code=429' } });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('content-type')).toMatch(/^application\/json/);
      expect(validators.validateResponse('getLegacyFutures', 429, await limited.json()).ok).toBe(true);
    }
  });

  it("a request without credentials gets the family's documented 401 (402 with a quote on paid v1 routes); any key is accepted", async () => {
    for (const [id, path, status] of [
      ['getOptionsOhlcvt', '/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C', 402],
      ['getLegacyFutures', '/analytics/derivs/futures/DERIBIT/BTC/26MAR27', 401],
    ] as const) {
      const bare = await fetch(mock.url + path);
      expect(bare.status).toBe(status);
      expect(validators.validateResponse(id, status, await bare.json(), bare.headers).ok).toBe(true);
      expect((await fetch(mock.url + path, { headers: { apikey: 'anything' } })).status).toBe(200);
    }
    // A credit token is a credential too, but a stateful one: a token the mock never issued gets the route's 402 (the
    // data routes document no other answer), naming the header (the redeemed-token path is in mock-state.test.ts).
    const unknownToken = await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C`, { headers: { 'X-Credit-Token': 't' } });
    expect(unknownToken.status).toBe(402);
    expect(validators.validateResponse('getOptionsOhlcvt', 402, await unknownToken.json(), unknownToken.headers).ok).toBe(true);
    const quote = JSON.parse(Buffer.from(String(unknownToken.headers.get('payment-required')), 'base64').toString('utf8'));
    expect(quote.error).toMatch(/^X-Credit-Token /);
  });

  it('serves the bundle at /openapi.json and /.well-known/openapi.json, byte for byte', async () => {
    for (const path of ['/openapi.json', '/.well-known/openapi.json']) {
      const response = await fetch(mock.url + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(bundleText);
    }
  });

  it('describes the paid resources at /.well-known/x402 from info.x-x402', async () => {
    const body = await (await fetch(`${mock.url}/.well-known/x402`)).json();
    expect(body).toMatchObject(bundle.info['x-x402']);
    expect(body.resources).toContainEqual({ method: 'GET', path: '/api/v1/options/ohlcvt', operationId: 'getOptionsOhlcvt' });
    expect(body.resources.every((r: any) => r.path.startsWith('/api/v1/'))).toBe(true);
    expect(validators.validateResponse('getWellKnownX402', 200, body).ok).toBe(true);
  });

  it('health answers its documented body to GET and HEAD', async () => {
    const get = await fetch(`${mock.url}/api/v1/health`);
    expect(get.status).toBe(200);
    expect(validators.validateResponse('getHealth', 200, await get.json()).ok).toBe(true);
    expect((await fetch(`${mock.url}/api/v1/health`, { method: 'HEAD' })).status).toBe(200);
  });
});
