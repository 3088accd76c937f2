// The guard: hostile input is answered with a 4xx in the API's own shapes and never reaches Prism raw (a malformed
// escape in a path segment used to kill the Prism child). Unit properties of the safe decoder, then the real mock.
import { request } from 'node:http';
import fc from 'fast-check';
import { validateResponse } from '@laevitas-api/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { GUARD_STATUSES, LIMITS, safeDecode } from '../src/mock/guard.mjs';
import { GATEWAY_STATUSES, checkGatewayAnswer } from './gateway-responses.mjs';
import { MALFORMED, operations } from './fuzz-requests.mjs';

describe('safeDecode', () => {
  it('never throws, and decodes exactly what decodeURIComponent decodes', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('%', 'A', 'f', '0', '9', 'E', 'z', 'é', '+', '/') }), (text) => {
        let expected: string | undefined;
        try {
          expected = decodeURIComponent(text);
        } catch {
          expected = undefined;
        }
        const decoded = safeDecode(text);
        expect(decoded.ok ? decoded.value : undefined).toBe(expected);
      }),
      { seed: 17, numRuns: 2000 },
    );
  });
  it('round-trips every encoded string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(safeDecode(encodeURIComponent(s))).toEqual({ ok: true, value: s });
      }),
      { seed: 17, numRuns: 1000 },
    );
  });
  it('tells a malformed escape from invalid UTF-8', () => {
    expect(safeDecode('%E0%A4%A')).toMatchObject({ ok: false, rule: expect.stringMatching(/malformed percent-escape "%A"/) });
    expect(safeDecode('%FF')).toMatchObject({ ok: false, rule: expect.stringMatching(/valid UTF-8/) });
    expect(safeDecode('a+b', { form: true })).toEqual({ ok: true, value: 'a b' });
  });
});

let mock: { url: string; stop: () => Promise<void>; prism: { deaths: unknown[] } };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => mock?.stop());

const withPath = (op: any, name: string, raw: string) =>
  op.path.replace(/\{([^}]+)\}/g, (_: string, p: string) =>
    p === name ? raw : encodeURIComponent(String(op.parameters.find((q: any) => q.name === p).example ?? 'BTC')),
  );

describe('against the mock', () => {
  const cases = operations.flatMap((op: any) =>
    op.parameters.filter((p: any) => p.in === 'path').map((p: any) => [op.operationId, p.name, op, p.caseInsensitive] as const),
  );

  it(`every path parameter of every operation (${cases.length}), replaced by a malformed escape, gets a documented 400 naming it; health answers 200 after all of them`, async () => {
    const wrong: string[] = [];
    for (const [operationId, name, op] of cases) {
      for (const raw of ['%E0%A4%A', '%zz', '%FF']) {
        const response = await fetch(mock.url + withPath(op, name, raw), {
          method: op.method.toUpperCase(),
          headers: { apiKey: 'k' },
          signal: AbortSignal.timeout(10_000),
        });
        const body = await response.json();
        const valid = validateResponse(operationId, 400 as never, body);
        if (response.status !== 400 || !valid.ok || !body.message.some((m: string) => m.startsWith(`${name} `)))
          wrong.push(`${operationId} ${name}=${raw}: ${response.status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await fetch(`${mock.url}/api/v1/health`)).status).toBe(200);
    expect(mock.prism.deaths).toEqual([]);
  }, 120_000);

  it('the case-insensitive segments answer 400 too (they used to answer 502 "URI malformed" from the front)', async () => {
    const insensitive = cases.filter((c: any) => c[3]);
    expect(insensitive.length).toBeGreaterThan(0);
    for (const [, name, op] of insensitive) {
      const response = await fetch(mock.url + withPath(op, name, '%E0%A4%A'));
      expect(response.status).toBe(400);
      expect((await response.json()).message[0]).toMatch(new RegExp(`^${name} has a malformed percent-escape`));
    }
  });

  it('malformed query names and values get a 400 naming them', async () => {
    for (const raw of MALFORMED) {
      const response = await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=${raw}&resolution=1h`, { headers: { apiKey: 'k' } });
      expect(response.status, raw).toBe(400);
      expect((await response.json()).message.join()).toMatch(/^instrument_name has (a malformed percent-escape|percent-escapes that do not decode)/);
    }
    const response = await fetch(`${mock.url}/api/v1/health?%zz=1`);
    expect(response.status).toBe(400);
    expect((await response.json()).message[0]).toMatch(/query parameter name "%zz" has a malformed percent-escape/);
  });

  const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    new Promise<{ status: number; headers: any; body: any }>((resolve, reject) => {
      const req = request(mock.url + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  const shape = (status: number, error: string, message: RegExp) => ({ status, body: { statusCode: status, error, message: expect.stringMatching(message) } });

  it('answers the other hostile inputs with the documented limits, in the {statusCode, message, error} shape', async () => {
    expect(await raw('GET', `/api/v1/health?q=${'a'.repeat(LIMITS.targetBytes)}`)).toMatchObject(shape(414, 'URI Too Long', /at most 8192 bytes/));
    expect(await raw('GET', '/api/v1/health', { 'x-long': 'a'.repeat(LIMITS.headerValueBytes + 1) })).toMatchObject(
      shape(431, 'Request Header Fields Too Large', /header x-long is 8193 bytes/),
    );
    expect(
      await raw('GET', '/api/v1/health', { a: 'a'.repeat(8000), b: 'b'.repeat(8000), c: 'c'.repeat(8000), d: 'd'.repeat(8000), e: 'e'.repeat(8000) }),
    ).toMatchObject(shape(431, 'Request Header Fields Too Large', /over 32768 bytes/));
    const deleted = await raw('DELETE', '/api/v1/health');
    expect(deleted).toMatchObject(shape(405, 'Method Not Allowed', /"DELETE" is not supported/));
    expect(deleted.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(await raw('PATCH', '/api/v1/nowhere')).toMatchObject(shape(405, 'Method Not Allowed', /"PATCH"/));
    const ladder = '/api/v1/vol-surface/risk/ladder';
    expect(await raw('POST', ladder, { 'content-type': 'text/plain' }, Buffer.from('hi'))).toMatchObject(
      shape(415, 'Unsupported Media Type', /"text\/plain" is not supported/),
    );
    expect(await raw('POST', ladder, { 'content-type': 'application/json; charset=latin1' }, Buffer.from('{}'))).toMatchObject(
      shape(415, 'Unsupported Media Type', /charset=latin1/),
    );
    expect(await raw('POST', ladder, {}, Buffer.from('{}'))).toMatchObject(shape(415, 'Unsupported Media Type', /none was sent/));
    expect(await raw('POST', ladder, { 'content-type': 'application/json' }, Buffer.alloc(LIMITS.bodyBytes + 1, 32))).toMatchObject(
      shape(413, 'Payload Too Large', /at most 1048576 bytes/),
    );
    const badUtf8 = await raw('POST', ladder, { 'content-type': 'application/json' }, Buffer.from([0x7b, 0xff, 0x7d]));
    expect(badUtf8.status).toBe(400);
    expect(validateResponse('postVolSurfaceRiskLadder', 400, badUtf8.body).ok).toBe(true);
    const badHeader = await raw('GET', '/api/v1/health', { prefer: Buffer.from([0xc3, 0x28]).toString('latin1') });
    expect(badHeader).toMatchObject({ status: 400, body: { message: ['header prefer is not valid UTF-8'] } });
    expect((await fetch(`${mock.url}/api/v1/health`)).status).toBe(200);
    expect(mock.prism.deaths).toEqual([]);
  });

  it("requests node's parser refuses (control characters, an unknown method token) get a 400 in the documented shape, not a bare close", async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(mock.url);
    for (const head of ['GET /api/v1/health\x01x HTTP/1.1', 'G@T /api/v1/health HTTP/1.1', 'GET /api/v1/health HTTP/1.1\r\nbad header']) {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\nHost: x\r\n\r\n`));
        let data = '';
        socket.on('data', (c) => (data += c));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
      });
      expect(text, head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      const body = JSON.parse(text.split('\r\n\r\n')[1] ?? '');
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: [expect.stringMatching(/could not be parsed as HTTP \(HPE_/)] });
    }
  });
});

describe('what the guard and the router answer is documented', () => {
  it("every status the guard can answer, and the 404 of an unknown path, is in the spec's x-gateway-responses", () => {
    expect(GUARD_STATUSES.filter((status: number) => !GATEWAY_STATUSES.includes(status))).toEqual([]);
    expect(GATEWAY_STATUSES).toContain(404);
  });

  it('the answers to an unknown path, a wrong method, a wrong media type, a long target and a malformed escape are the documented ones', async () => {
    const answers = [
      [404, await fetch(`${mock.url}/api/v1/options/ohlcvtt`)],
      [405, await fetch(`${mock.url}/api/v1/options/ohlcvt`, { method: 'DELETE' })],
      [415, await fetch(`${mock.url}/api/v1/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
      [414, await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=${'A'.repeat(LIMITS.targetBytes)}`)],
      [400, await fetch(`${mock.url}/api/v1/options/ohlcvt?instrument_name=%E0%A4%A`)],
    ] as const;
    for (const [status, response] of answers) {
      expect(response.status).toBe(status);
      expect(checkGatewayAnswer(status, await response.json(), response.headers), String(status)).toBeUndefined();
    }
    // And a body that is not the documented one is caught.
    expect(checkGatewayAnswer(404, { message: 'nope' })).toMatch(/not the documented one/);
    expect(checkGatewayAnswer(405, { statusCode: 405, message: 'x', error: 'Method Not Allowed' }, new Headers())).toMatch(/lacks the documented header Allow/);
  });
});
