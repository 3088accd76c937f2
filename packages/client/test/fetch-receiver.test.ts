// Browsers and workerd refuse a fetch called with any receiver other than the global object ("TypeError: Illegal
// invocation"); Node, Bun and Deno do not care, so only a fetch that checks its receiver catches the bug here.
// The ecosystem smoke (tools/ecosystem) proves the same in workerd and Chromium themselves.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/index.js';

const page = { data: [], meta: { next_cursor: null } };
function receiverCheckingFetch(this: unknown, _input: RequestInfo | URL, _init?: RequestInit): Promise<Response> {
  if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
  return Promise.resolve(new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }));
}
const query = { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' } as const;

afterEach(() => vi.unstubAllGlobals());

describe('fetch is called without a receiver', () => {
  it('the platform fetch (globalThis.fetch) as the default: no Illegal invocation', async () => {
    const spy = vi.fn(receiverCheckingFetch);
    vi.stubGlobal('fetch', spy);
    const client = createClient({ apiKey: 'k', v2BaseUrl: 'http://127.0.0.1:9', rateLimit: { shared: false } });
    await expect(client.getOptionsOhlcvt({ query })).resolves.toEqual(page);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a fetch passed as an option, unbound (`fetch: window.fetch`): no Illegal invocation', async () => {
    const client = createClient({ apiKey: 'k', v2BaseUrl: 'http://127.0.0.1:9', fetch: receiverCheckingFetch, rateLimit: { shared: false } });
    await expect(client.getOptionsOhlcvt({ query })).resolves.toEqual(page);
  });
});
