// The surface people guess: resource namespaces generated from the spec's tags (the operationId methods are their
// aliases), the settings on `client.settings`, one convention for per-call options, validators as the whole module
// or a per-operation map, and the core that takes operations as values. Legacy operations are found by route,
// never by operationId, because their ids are being renamed (see the generated NAMESPACES).
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { NAMESPACES, OPERATIONS, RequestValidationError, ResponseValidationError, createClient, createCore, type OperationInfo } from '../src/index.js';
import { paginate } from '../src/core-entry.js';
import * as single from '../src/generated/operations.js';
import { fakeFetch } from './fake-fetch.js';
import { ohlcvtPage } from './ohlcvt-page.js';

const require = createRequire(import.meta.url);
const validators = require('@laevitas-api/validators');
const fast = { retry: false, rateLimit: false } as const;
const page = (next: string | null) => ohlcvtPage(next);
const byRoute = (method: string, path: string) =>
  Object.values(OPERATIONS as Record<string, OperationInfo>).find((op) => op.method === method && op.path === path)!;

describe('resource namespaces', () => {
  const entries = Object.entries(NAMESPACES).flatMap(([family, namespaces]) =>
    Object.entries(namespaces).flatMap(([namespace, methods]) =>
      Object.entries(methods).map(([method, operationId]) => ({ family, namespace, method, operationId })),
    ),
  );

  it('name every operation exactly once, in the family that serves it', () => {
    expect(entries.map((e) => e.operationId).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const e of entries) expect((OPERATIONS as Record<string, OperationInfo>)[e.operationId]!.family).toBe(e.family);
  });

  it('call the operation they name, with the same arguments as its operationId method', async () => {
    const client = createClient({ fetch: fakeFetch([]).fetch, ...fast });
    const call = vi.spyOn(client, 'call').mockResolvedValue('ok' as never);
    const signal = new AbortController().signal;
    for (const e of entries) {
      const resource = (client as unknown as Record<string, Record<string, Record<string, (p: object, o: object) => Promise<unknown>>>>)[e.family]![
        e.namespace
      ]!;
      await expect(resource[e.method]!({ query: {} }, { signal })).resolves.toBe('ok');
      expect(call).toHaveBeenLastCalledWith(e.operationId, { query: {} }, { signal });
      await (client as unknown as Record<string, (p: object, o: object) => Promise<unknown>>)[e.operationId]!({ query: {} }, { signal });
      expect(call).toHaveBeenLastCalledWith(e.operationId, { query: {} }, { signal });
    }
  });

  it('read like the API: client.v1.options.ohlcvt and client.legacy.derivs.futures reach their routes', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: page(null) },
      { status: 200, body: { date: 1795186800000, data: [] } },
    ]);
    const client = createClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', v2BaseUrl: 'http://127.0.0.1:2', fetch, ...fast });
    await client.v1.options.ohlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' } });
    await client.legacy.derivs.futures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
    expect(calls.map((c) => `${c.url.origin}${c.url.pathname}`)).toEqual([
      'http://127.0.0.1:2/api/v1/options/ohlcvt',
      'http://127.0.0.1:1/analytics/derivs/futures/DERIBIT/BTC/26MAR27',
    ]);
    expect(NAMESPACES.legacy!.derivs!.futures).toBe(byRoute('GET', '/analytics/derivs/futures/{market}/{currency}/{maturity}').operationId);
  });

  it('are made once per client and cannot be changed', () => {
    const client = createClient(fast);
    expect(client.v1).toBe(client.v1);
    expect(Object.isFrozen(client.v1.options)).toBe(true);
    expect(createClient(fast).v1).not.toBe(client.v1);
  });

  it('do not collide with the client’s own members', () => {
    const own = new Set([
      'settings',
      'v1',
      'legacy',
      'call',
      'callWithResponse',
      'paginate',
      'request',
      'requestWithResponse',
      'withOptions',
      'toJSON',
      'constructor',
    ]);
    for (const id of Object.keys(OPERATIONS)) expect(own.has(id), id).toBe(false);
  });
});

describe('settings', () => {
  it('live on client.settings; client.options is gone (free for a resource namespace)', () => {
    const client = createClient({ apiKey: 'secret', timeout: 5, ...fast });
    expect(client.settings.timeout).toBe(5);
    expect(client.settings.apiKey).toBe('secret');
    expect('options' in client).toBe(false);
  });
});

describe('per-call options: always the argument after the parameters', () => {
  it('signal, timeout and headers work the same through call, methods and namespaces', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: page(null) },
      { status: 200, body: page(null) },
      { status: 200, body: page(null) },
    ]);
    const client = createClient({ fetch, ...fast });
    const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' as const };
    await client.call('getOptionsOhlcvt', { query }, { headers: { 'x-trace': 'a' }, timeout: 1000 });
    await client.getOptionsOhlcvt({ query }, { headers: { 'x-trace': 'b' } });
    await client.v1.options.ohlcvt({ query }, { headers: { 'x-trace': 'c' } });
    expect(calls.map((c) => c.headers.get('x-trace'))).toEqual(['a', 'b', 'c']);
  });

  it('a per-call option put among the parameters is refused, naming where it goes', async () => {
    const { fetch, calls } = fakeFetch([]);
    const client = createClient({ fetch, ...fast });
    const error = await client.call('getOptionsOhlcvt', { timeout: 5 } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toMatch(/timeout is not path, query, header or body \(per-call options go in the next argument\)/);
    await expect(client.v1.options.ohlcvt({ signal: new AbortController().signal } as never)).rejects.toThrow(/signal is not path, query, header or body/);
    await expect(client.call('getOptionsOhlcvt', { qeury: {} } as never)).rejects.toThrow(/qeury is not path, query, header or body/);
    expect(calls).toHaveLength(0);
  });

  it('an aborted signal given per call aborts the call', async () => {
    const client = createClient({ fetch: fakeFetch([{ status: 200, body: page(null) }]).fetch, ...fast });
    const controller = new AbortController();
    controller.abort();
    await expect(client.v1.options.ohlcvt({ query: { instrument_name: 'x', resolution: '1h' } }, { signal: controller.signal })).rejects.toThrow(
      /aborted by the caller/,
    );
  });
});

describe('paginate', () => {
  it('refuses an operation without x-pagination at run time too (the types refuse it at compile time)', () => {
    const client = createClient(fast);
    const plain = Object.keys(OPERATIONS).find((id) => !(OPERATIONS as Record<string, OperationInfo>)[id]!.pagination)!;
    expect(() => (client.paginate as (id: string) => unknown)(plain)).toThrow(/is not paginated/);
  });

  it('passes the per-call options to every page', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: page('c2') },
      { status: 200, body: page(null) },
    ]);
    const rows = await createClient({ fetch, ...fast })
      .paginate('getOptionsOhlcvt', { query: { instrument_name: 'x', resolution: '1h' } }, { headers: { 'x-trace': 'scan' } })
      .toArray();
    expect(rows).toHaveLength(2);
    expect(calls.map((c) => c.headers.get('x-trace'))).toEqual(['scan', 'scan']);
  });
});

describe('validators', () => {
  it('validateResponses or validateRequests without validators is an error when the client is made', () => {
    expect(() => createClient({ validateResponses: 'throw' })).toThrow(/options.validateResponses needs options.validators/);
    expect(() => createClient({ validateResponses: 'warn' })).toThrow(/needs options.validators/);
    expect(() => createClient({ validateRequests: true })).toThrow(/options.validateRequests needs options.validators/);
    expect(() => createClient({ validateResponses: 'off' })).not.toThrow();
  });

  it('accept a per-operation map: the operations in it are validated, the others are not', async () => {
    const { getOptionsOhlcvt } = await import('@laevitas-api/validators/ops/getOptionsOhlcvt');
    const bad = { data: [{ date: 'not a date' }], meta: { next_cursor: null } };
    const { fetch } = fakeFetch([
      { status: 200, body: bad },
      { status: 200, body: bad },
    ]);
    const client = createClient({ fetch, validators: { getOptionsOhlcvt }, validateResponses: 'throw', ...fast });
    await expect(client.v1.options.ohlcvt({ query: { instrument_name: 'x', resolution: '1h' } })).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(client.v1.futures.ohlcvt({ query: { instrument_name: 'x', resolution: '1h' } })).resolves.toEqual(bad);
    await expect(client.call('getOptionsOhlcvt', { query: { resolution: '7m' as '1m' } })).rejects.toThrow(/resolution/);
  });

  it('a map entry must be the validator of the operation it is filed under', async () => {
    const { getOptionsOhlcvt } = await import('@laevitas-api/validators/ops/getOptionsOhlcvt');
    expect(() => createClient({ validators: { getFuturesOhlcvt: getOptionsOhlcvt } })).toThrow(
      /options.validators.getFuturesOhlcvt must be the validator of getFuturesOhlcvt/,
    );
    expect(() => createClient({ validators: { getOptionsOhlcvt: {} as never } })).toThrow(/options.validators.getOptionsOhlcvt must be the validator/);
  });

  it('accept the whole module as before', async () => {
    const { fetch } = fakeFetch([{ status: 200, body: { data: [{ date: 'x' }], meta: { next_cursor: null } } }]);
    const client = createClient({ fetch, validators, validateResponses: 'throw', ...fast });
    await expect(client.getOptionsOhlcvt({ query: { instrument_name: 'x', resolution: '1h' } })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('the core: operations as values, no operation table', () => {
  it('requests one operation imported on its own, and paginates one', async () => {
    const { fetch, calls } = fakeFetch([
      { status: 200, body: page(null) },
      { status: 200, body: page('c2') },
      { status: 200, body: page(null) },
    ]);
    const core = createCore({ apiKey: 'k', v2BaseUrl: 'http://127.0.0.1:2', fetch, ...fast });
    const result = await core.request(single.getOptionsOhlcvt, { query: { instrument_name: 'x', resolution: '1h' } });
    expect(result.meta.next_cursor).toBeNull();
    expect(await paginate(core, single.getOptionsOhlcvt, { query: { instrument_name: 'x', resolution: '1h' } }).toArray()).toHaveLength(2);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/v1/options/ohlcvt', '/api/v1/options/ohlcvt', '/api/v1/options/ohlcvt']);
    expect(calls[0]!.headers.get('x-api-key')).toBe('k');
  });

  it('each single operation is the same value the table holds', () => {
    for (const [id, info] of Object.entries(single)) expect((OPERATIONS as Record<string, OperationInfo>)[id]).toBe(info);
  });

  it('withOptions keeps the kind of client', () => {
    const core = createCore(fast);
    expect(core.withOptions({ timeout: 5 })).toBeInstanceOf(core.constructor);
    expect(createClient(fast).withOptions({ timeout: 5 }).v1.options.ohlcvt).toBeTypeOf('function');
  });
});
