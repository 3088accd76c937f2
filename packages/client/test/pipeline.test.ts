// Issue 25: the client is one pipeline, declared in src/internal/pipeline/pipeline.ts. These tests read the layer
// order from that file's `pipeline()` and follow one call through it; and the fetch it ends in is called the way
// workerd and Chromium require (issue 26: `Illegal invocation` when fetch gets a foreign `this`).
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createClient, createCore } from '../src/index.js';
import { getOptionsOhlcvt } from '../src/generated/operations.js';
import { LAYERS, pipeline } from '../src/internal/pipeline/pipeline.js';
import { trace } from '../src/internal/pipeline/trace.js';
import { billing } from '../src/internal/pipeline/billing.js';
import { observe } from '../src/internal/pipeline/observe.js';
import { localServer, type LocalServer } from './local-server.js';

let server: LocalServer;
beforeAll(async () => void (server = await localServer()));
afterAll(() => server.close());
beforeEach(() => void server.received.splice(0));

const FULL = ['check-arguments', 'build-request', 'trace', 'validate-response', 'billing', 'retry', 'rate-limit', 'parse-response', 'observe', 'http-attempt'];
const FULL_ONLY = ['trace', 'billing', 'observe'];

it('the pipeline lists its layers in order, from the one file that declares them (the core: without trace, billing and observe)', () => {
  expect(pipeline({ trace, billing, observe }).map((layer) => layer.name)).toEqual(FULL);
  expect(pipeline().map((layer) => layer.name)).toEqual(FULL.filter((name) => !FULL_ONLY.includes(name)));
});

it('each full-client layer goes in the slot named after it, declared once in LAYERS, whatever order it is handed over in', () => {
  // The declared list itself: core layers in place, the full client's slots by name.
  expect(LAYERS.map((entry) => (typeof entry === 'string' ? entry : entry.name))).toEqual(FULL);
  expect(LAYERS.filter((entry) => typeof entry === 'string')).toEqual(FULL_ONLY);
  // Placement follows the layer's name, not the position or key order of the object it comes in.
  expect(pipeline({ observe, billing, trace }).map((layer) => layer.name)).toEqual(FULL);
  // A layer handed to another's slot would run in the wrong place: a compile error (the package's typecheck fails on
  // an unused directive, so this line proves it).
  // @ts-expect-error billing is not a trace layer, nor trace a billing one
  expect(pipeline({ trace: billing, billing: trace, observe }).map((layer) => layer.name)).not.toEqual(FULL);
});

it("a call's trip passes each layer once, outermost first, and a retry passes the attempt's layers once more", async () => {
  const layers = pipeline({ trace, billing, observe });
  const spies = layers.map((layer) => vi.spyOn(layer, 'handle'));
  try {
    const client = createClient({ v2BaseUrl: server.origin, rateLimit: { shared: false }, retry: { initialDelayMs: 0 } });
    await client.getOptionsOhlcvt();
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual(layers.map(() => 1));
    const order = spies.map((spy) => spy.mock.invocationCallOrder[0]!);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Every layer saw the same call object.
    const call = spies[0]!.mock.calls[0]![0];
    for (const spy of spies) expect(spy.mock.calls[0]![0]).toBe(call);

    for (const spy of spies) spy.mockClear();
    server.script({ status: 503 });
    await client.getOptionsOhlcvt();
    const perAttempt = ['rate-limit', 'parse-response', 'observe', 'http-attempt'];
    expect(Object.fromEntries(layers.map((layer, i) => [layer.name, spies[i]!.mock.calls.length]))).toEqual(
      Object.fromEntries(FULL.map((name) => [name, perAttempt.includes(name) ? 2 : 1])),
    );
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
});

/** A fetch that refuses any receiver but the global one, as workerd's and Chromium's do. */
function receiverSensitiveFetch(seen: unknown[]): typeof fetch {
  const real = globalThis.fetch;
  return function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    seen.push(this);
    if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
    return real(input, init);
  } as typeof fetch;
}

it('fetch is called unbound or on globalThis, never as a method of an options object (workerd, Chromium: Illegal invocation)', async () => {
  const seen: unknown[] = [];
  const sensitive = receiverSensitiveFetch(seen);
  // Given as an option, to the full client, the client with middleware, and the core.
  await expect(createClient({ v2BaseUrl: server.origin, rateLimit: false, fetch: sensitive }).getOptionsOhlcvt()).resolves.toEqual({ data: [] });
  await expect(
    createClient({ v2BaseUrl: server.origin, rateLimit: false, fetch: sensitive, middleware: [{ onRequest: () => undefined }] }).getOptionsOhlcvt(),
  ).resolves.toEqual({ data: [] });
  await expect(createCore({ v2BaseUrl: server.origin, rateLimit: false, fetch: sensitive }).request(getOptionsOhlcvt)).resolves.toEqual({ data: [] });
  // The default: globalThis.fetch, looked up per attempt.
  vi.stubGlobal('fetch', sensitive);
  try {
    await expect(createClient({ v2BaseUrl: server.origin, rateLimit: false }).getOptionsOhlcvt()).resolves.toEqual({ data: [] });
  } finally {
    vi.unstubAllGlobals();
  }
  expect(seen).toHaveLength(4);
});
