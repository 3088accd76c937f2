// The stream on workerd (Cloudflare Workers), where the WebSocket constructor takes no headers and an outbound socket
// is opened by a `fetch()` upgrade that carries them. Here workerd's two facts are stood in for in Node: its
// navigator.userAgent, and a fetch whose 101 answer hands over `response.webSocket` (backed by a real `ws` client
// to the project's stream mock, opened with exactly the headers the stream's fetch sent). The key travels in the
// upgrade's apikey header; a refused upgrade is the typed auth error; a browser (no header, no upgrade) keeps its
// clear StreamCredentialsError.
import { afterEach, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as validators from '@laevitas-api/validators/stream';
import { createStream, StreamAuthError, StreamCredentialsError } from '../src/stream-entry.js';
import { useStreamMock } from './stream-mock-server.js';

const mock = useStreamMock({ eventsPerSecond: 200 });
afterEach(() => vi.unstubAllGlobals());

/** workerd's fetch upgrade, over `ws`: records each upgrade's URL and headers. */
function workerdFetch(upgrades: { url: string; headers: Record<string, string> }[]) {
  return async (input: string, init?: { headers?: Record<string, string> }) => {
    const headers = init?.headers ?? {};
    upgrades.push({ url: input, headers });
    if (!headers.apikey) return new Response(null, { status: 401 });
    const socket = new WebSocket(input.replace(/^http/, 'ws'), { headers });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const webSocket = {
      readyState: 1,
      accept: () => {},
      send: (d: string) => socket.send(d),
      close: (c?: number, r?: string) => socket.close(c, r),
      addEventListener: (type: string, listener: (e: unknown) => void) =>
        socket.on(
          type,
          type === 'message'
            ? (data: Buffer) => listener({ data: data.toString() })
            : type === 'close'
              ? (code: number, reason: Buffer) => listener({ code, reason: reason.toString() })
              : listener,
        ),
    };
    // A Response cannot be made with status 101 in Node; workerd's is a Response with `webSocket` set.
    return { status: 101, webSocket } as unknown as Response;
  };
}

it('on workerd the stream opens through a fetch() upgrade carrying the apikey header, and receives typed events', async () => {
  const upgrades: { url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.stubGlobal('fetch', workerdFetch(upgrades));
  const stream = createStream({ url: `${mock.url().replace('http', 'ws')}/ws`, apiKey: 'workerd-key', validate: 'throw', validators });
  let n = 0;
  for await (const event of stream.subscribe('trades.futures.binance.*')) {
    expect(event.channel).toMatch(/^trades\.futures\.binance\./);
    if (++n === 5) break;
  }
  stream.close();
  expect(upgrades).toEqual([{ url: `${mock.url()}/ws`, headers: { apikey: 'workerd-key', Upgrade: 'websocket' } }]);
});

it('a refused upgrade is the gateway auth error; a browser without headers keeps its StreamCredentialsError', async () => {
  vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
  vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }));
  const refused = createStream({ url: `${mock.url().replace('http', 'ws')}/ws`, apiKey: 'bad', reconnect: { initialDelayMs: 10, maxAttempts: 1 } });
  await expect(refused.subscribe('trades.futures.binance.*').next()).rejects.toBeInstanceOf(StreamAuthError);
  refused.close();

  // A browser: no Node, no workerd, a global WebSocket that takes no headers.
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0' });
  vi.stubGlobal('process', undefined);
  expect(() => createStream({ url: 'wss://example.invalid/ws', apiKey: 'k' })).toThrow(StreamCredentialsError);
});
