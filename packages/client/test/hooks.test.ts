// Issue 25: the hooks users of comparable SDKs ask for, each proven against a local server on 127.0.0.1: `fetch` and
// `fetchOptions`, middleware (per attempt, inside the retry loop, may change request and response), logging that
// never prints a secret (LAEVITAS_LOG in a child process; a seeded property over generated secrets), and tracing on
// the node:diagnostics_channel TracingChannel `laevitas-api:request`.
import { execFile } from 'node:child_process';
import { tracingChannel } from 'node:diagnostics_channel';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIError, NotFoundError, createClient, type Logger, type Middleware, type TraceContext } from '../src/index.js';
import { localServer, type LocalServer } from './local-server.js';

let server: LocalServer;
beforeAll(async () => void (server = await localServer()));
afterAll(() => server.close());
beforeEach(() => void server.received.splice(0));

const quick = { rateLimit: false, retry: { initialDelayMs: 0, maxDelayMs: 0 } } as const;

describe('fetch and fetchOptions', () => {
  it('a custom fetch sees every attempt, and fetchOptions (an undici dispatcher) reach it on each', async () => {
    const dispatcher = { marker: 'dispatcher' };
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input instanceof Request ? input.url : input), init });
      const { dispatcher: _, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(input, rest);
    }) as typeof globalThis.fetch;
    server.script({ status: 503 }, { status: 502 });
    const client = createClient({ ...quick, v2BaseUrl: server.origin, fetch, fetchOptions: { dispatcher, priority: 'high' } });
    await expect(client.getOptionsOhlcvt()).resolves.toEqual({ data: [] });
    expect(seen).toHaveLength(3);
    expect(server.received).toHaveLength(3);
    for (const { url, init } of seen) {
      expect(url).toBe(`${server.origin}/api/v1/options/ohlcvt`);
      expect((init as { dispatcher?: unknown }).dispatcher).toBe(dispatcher);
      expect(init?.priority).toBe('high');
      // The client's own fields are not taken from fetchOptions.
      expect(init?.redirect).toBe('manual');
    }
    // With middleware the attempt is a Request; the fetchOptions still ride along.
    seen.length = 0;
    await client.withOptions({ middleware: [{ onRequest: () => undefined }] }).getOptionsOhlcvt();
    expect((seen[0]!.init as { dispatcher?: unknown }).dispatcher).toBe(dispatcher);
  });
});

describe('middleware', () => {
  it("a middleware's header reaches the server on each attempt of a retried call, and its changed response is what the caller gets", async () => {
    const events: string[] = [];
    const tracing: Middleware = {
      onRequest({ request, operationId, attempt }) {
        events.push(`first onRequest ${operationId} ${attempt}`);
        const changed = new Request(request);
        changed.headers.set('x-trace-id', `trace-${attempt}`);
        return changed;
      },
    };
    const rewriting: Middleware = {
      onRequest: ({ request, attempt }) => void events.push(`second onRequest ${attempt} ${request.headers.get('x-trace-id')}`),
      async onResponse({ response, request, attempt }) {
        events.push(`second onResponse ${attempt} ${response.status}`);
        if (!response.ok) return undefined;
        const body = (await response.json()) as { data: unknown[] };
        return new Response(JSON.stringify({ data: [...body.data, { added: request.headers.get('x-trace-id') }] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    };
    server.script({ status: 503 }, { status: 500 });
    const client = createClient({ ...quick, apiKey: 'k', v2BaseUrl: server.origin, middleware: [tracing] }).use(rewriting);
    const data = await client.getOptionsOhlcvt();
    expect(server.received.map((r) => r.headers['x-trace-id'])).toEqual(['trace-1', 'trace-2', 'trace-3']);
    // The client's own headers survive a middleware's copy of the request.
    expect(server.received.every((r) => r.headers['x-api-key'] === 'k')).toBe(true);
    expect(data).toEqual({ data: [{ added: 'trace-3' }] });
    expect(events).toEqual([
      'first onRequest getOptionsOhlcvt 1',
      'second onRequest 1 trace-1',
      'second onResponse 1 503',
      'first onRequest getOptionsOhlcvt 2',
      'second onRequest 2 trace-2',
      'second onResponse 2 500',
      'first onRequest getOptionsOhlcvt 3',
      'second onRequest 3 trace-3',
      'second onResponse 3 200',
    ]);
  });

  it('a middleware that throws ends the call with that very error, without a retry', async () => {
    const failure = new Error('token refresh failed');
    const client = createClient({ ...quick, v2BaseUrl: server.origin, middleware: [{ onRequest: () => Promise.reject(failure) }] });
    await expect(client.getOptionsOhlcvt()).rejects.toBe(failure);
    expect(server.received).toHaveLength(0);
    const late = createClient({
      ...quick,
      v2BaseUrl: server.origin,
      middleware: [
        {
          onResponse: () => {
            throw failure;
          },
        },
      ],
    });
    await expect(late.getOptionsOhlcvt()).rejects.toBe(failure);
    expect(server.received).toHaveLength(1);
  });

  it('the core runs no middleware, so it refuses them instead of dropping them', async () => {
    const { createCore } = await import('../src/index.js');
    expect(() => createCore({ middleware: [{}] })).toThrow('options.middleware needs createClient');
    expect(() => createCore({ middleware: [] })).not.toThrow();
  });
});

describe('logging', () => {
  it('LAEVITAS_LOG=debug in a child process logs each attempt (method, URL, status, time, retry reason) and never the key', async () => {
    server.script({ status: 503 });
    const entry = pathToFileURL(resolve(import.meta.dirname, '../dist/index.js')).href;
    const script = `const { createClient } = await import(${JSON.stringify(entry)});
      const client = createClient({ v2BaseUrl: ${JSON.stringify(server.origin)}, rateLimit: false, retry: { initialDelayMs: 1 } });
      await client.getOptionsOhlcvt({ query: { instrument_name: 'BTC-PERP' } });`;
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, LAEVITAS_LOG: 'debug', LAEVITAS_API_KEY: 'k3y-in-the-environment' },
    });
    const output = stdout + stderr;
    expect(output).toMatch(/\[laevitas\] GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/options\/ohlcvt\?instrument_name=BTC-PERP -> 503 in \d+ ms \(attempt 1\)/);
    expect(output).toMatch(/retrying \(503\) after \d+ ms/);
    expect(output).toMatch(/-> 200 in \d+ ms \(attempt 2\)/);
    expect(server.received[0]!.headers['x-api-key']).toBe('k3y-in-the-environment');
    expect(output).not.toContain('k3y-in-the-environment');
  });

  it('no logger call at any level prints the key, credit token, payment signature or userinfo (seeded fast-check over generated secrets)', async () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{16,32}$/).map((s) => `S3cr${s}`);
    const outcome = fc.constantFrom<{ status: number; body?: string; headers?: Record<string, string> }>(
      { status: 200 },
      { status: 503 },
      { status: 401, body: '{"message":"bad key"}' },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 200, body: 'not json' },
      { status: 302, headers: { location: 'http://elsewhere.invalid/' } },
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ key: secret, token: secret, signature: secret, user: secret, password: secret }), outcome, async (s, answer) => {
        const lines: string[] = [];
        const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
        const logger: Logger = { debug: capture, info: capture, warn: capture, error: capture };
        server.script(answer);
        const client = createClient({
          ...quick,
          retry: { maxRetries: 1, initialDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 10 },
          apiKey: s.key,
          creditToken: s.token,
          v2BaseUrl: server.origin.replace('http://', `http://${s.user}:${s.password}@`),
          logger,
          logLevel: 'debug',
          validators: { getOptionsOhlcvt: { validateRequest: () => ({ ok: true }), validateResponse: () => ({ ok: false, issues: [] }) } },
          validateResponses: 'warn',
        });
        await client.getOptionsOhlcvt({}, { headers: { 'PAYMENT-SIGNATURE': s.signature } }).catch(() => undefined);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) for (const value of Object.values(s)) expect(line).not.toContain(value);
      }),
      { seed: 25, numRuns: 40 },
    );
  });

  it("logLevel 'off' logs nothing; the default ('warn') logs no attempt", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.join(' '));
    const logger = { debug: capture, info: capture, warn: capture, error: capture };
    server.script({ status: 503 });
    await createClient({ ...quick, v2BaseUrl: server.origin, logger }).getOptionsOhlcvt();
    expect(lines).toEqual([]);
    await createClient({ ...quick, v2BaseUrl: 'http://api.example.invalid', apiKey: 'k', logger, logLevel: 'off' });
    expect(lines).toEqual([]);
  });
});

describe('logging in the core', () => {
  // The core bundles no logger (its one-operation bundle stays within 8 kB): it refuses logger and logLevel, and
  // writes its warnings to the console, silenced by LAEVITAS_LOG=off or error, secrets scrubbed all the same.
  it('the core refuses logger and logLevel (createClient has them) instead of ignoring them', async () => {
    const { createCore } = await import('../src/index.js');
    const logger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
    expect(() => createCore({ logger })).toThrow('options.logger needs createClient');
    expect(() => createCore({ logLevel: 'debug' })).toThrow('options.logLevel needs createClient');
    expect(() => createCore({ logLevel: 'loud' as never })).toThrow("options.logLevel must be one of 'debug', 'error', 'info', 'off', 'warn'");
  });

  it('the core refuses the 1.x observers onRequest and onResponse (createClient calls them once per attempt)', async () => {
    const { createCore } = await import('../src/index.js');
    expect(() => createCore({ onRequest: () => undefined })).toThrow('options.onRequest needs createClient');
    expect(() => createCore({ onResponse: () => undefined })).toThrow('options.onResponse needs createClient');
    expect(() => createCore({ onRequest: 1 as never })).toThrow('options.onRequest must be a function');
    const seen: string[] = [];
    const client = createClient({
      v2BaseUrl: server.origin,
      rateLimit: false,
      retry: { initialDelayMs: 0 },
      onRequest: ({ attempt, operationId }) => void seen.push(`request ${operationId} ${attempt}`),
      onResponse: ({ attempt, status }) => void seen.push(`response ${attempt} ${status}`),
    });
    server.script({ status: 503 });
    await client.getOptionsOhlcvt();
    expect(seen).toEqual(['request getOptionsOhlcvt 1', 'response 1 503', 'request getOptionsOhlcvt 2', 'response 2 200']);
  });

  it('the core warns on the console with the secrets scrubbed, and LAEVITAS_LOG=off or error silences it', async () => {
    const { createCore } = await import('../src/index.js');
    const { getOptionsOhlcvt } = await import('../src/generated/operations.js');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A response that breaks the contract, echoing the key: the warning names the break, never the key.
    const key = 'S3cret-core-key-0123456789';
    const breaking = () =>
      createCore({
        ...quick,
        apiKey: key,
        v2BaseUrl: server.origin,
        validators: {
          getOptionsOhlcvt: {
            validateRequest: () => ({ ok: true }),
            validateResponse: () => ({ ok: false, issues: [{ path: 'echo', rule: 'no', message: `echo is ${key}` }] }),
          },
        },
        validateResponses: 'warn',
      });
    try {
      for (const level of ['off', 'error']) {
        vi.stubEnv('LAEVITAS_LOG', level);
        server.script({ status: 200, body: JSON.stringify({ data: [], echo: key }) });
        await breaking().request(getOptionsOhlcvt);
      }
      vi.unstubAllEnvs();
      expect(warn).not.toHaveBeenCalled();
      server.script({ status: 200, body: JSON.stringify({ data: [], echo: key }) });
      await breaking().request(getOptionsOhlcvt);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/^\[laevitas\] getOptionsOhlcvt: 200 response breaks the contract: echo is \[redacted\]/);
      for (const call of warn.mock.calls) expect(call.join(' ')).not.toContain(key);
      // The plain-http warning is the full client's (its log): the core, bundling no log of its own, does not warn.
      createCore({ apiKey: 'k', v2BaseUrl: 'http://core-quiet.example.test', rateLimit: false });
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllEnvs();
      warn.mockRestore();
    }
  });
});

describe('tracing', () => {
  it('a TracingChannel subscriber of laevitas-api:request sees start and end (or error) of every call, with its operation id', async () => {
    const channel = tracingChannel<object, TraceContext & { error?: unknown; result?: unknown }>('laevitas-api:request');
    const seen: string[] = [];
    const contexts: (TraceContext & { error?: unknown })[] = [];
    const handlers = {
      start: (c: TraceContext) => void seen.push(`start ${c.operationId} ${c.method} ${c.url}`),
      end: () => undefined,
      asyncStart: () => undefined,
      asyncEnd: (c: TraceContext & { error?: unknown }) => {
        seen.push(`end ${c.operationId} ${c.status} ${c.attempts}`);
        contexts.push(c);
      },
      error: (c: TraceContext & { error?: unknown }) => void seen.push(`error ${c.operationId} ${c.status} ${(c.error as Error).name}`),
    };
    channel.subscribe(handlers);
    try {
      const client = createClient({ ...quick, v2BaseUrl: server.origin, apiKey: 'k' });
      server.script({ status: 503 });
      await client.getOptionsOhlcvt();
      server.script({ status: 404, body: '{"message":"no such instrument"}' });
      await expect(client.getOptionsOhlcvt()).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      channel.unsubscribe(handlers);
    }
    const url = `${server.origin}/api/v1/options/ohlcvt`;
    expect(seen).toEqual([
      `start getOptionsOhlcvt GET ${url}`,
      'end getOptionsOhlcvt 200 2',
      `start getOptionsOhlcvt GET ${url}`,
      'error getOptionsOhlcvt 404 NotFoundError',
      'end getOptionsOhlcvt 404 1',
    ]);
    expect(contexts[1]!.error).toBeInstanceOf(APIError);
  });
});
