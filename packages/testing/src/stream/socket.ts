// The WebSocket to give the stream client in tests. MSW intercepts the platform's global WebSocket class (in Node and
// in the browser alike), but the stream client sends its key in the `apikey` header of the upgrade: on Node through
// the `ws` package, whose connections MSW does not carry, and in a browser not at all (a browser's WebSocket cannot set
// headers). This constructor opens the global WebSocket, which MSW intercepts, and hands the headers it was given to
// the stream handlers (./gateway.ts) beside the connection, so they log in and refuse exactly as the gateway does.

/** The upgrade headers of each socket this module opened, lower-cased, for the handlers to read. */
const headersBySocket = new WeakMap<object, Readonly<Record<string, string>>>();

/** The headers a test socket was opened with (empty for any other socket: it opened without any, as a browser's does). */
export function upgradeHeadersOf(socket: unknown): Readonly<Record<string, string>> {
  const headers = socket && typeof socket === 'object' ? headersBySocket.get(socket) : undefined;
  return headers ?? {};
}

/** What the constructor takes besides the URL: protocols (as the WebSocket API), or `{ headers, protocols }` (as `ws`). */
export type TestWebSocketOptions = string | string[] | { headers?: Record<string, string>; protocols?: string | string[] };

/**
 * The socket a TestWebSocket opens: the platform's WebSocket, its `on…` handlers typed loosely enough that the
 * constructor fits the stream client's `WebSocket` option (which types their events as its own narrower shapes).
 */
export type TestSocket = Omit<WebSocket, 'onopen' | 'onmessage' | 'onclose' | 'onerror'> & {
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
};

export interface TestWebSocketConstructor {
  new (url: string | URL, options?: TestWebSocketOptions): TestSocket;
}

/**
 * `createStream({ apiKey, WebSocket: TestWebSocket })`: a WebSocket that takes `{ headers }` as `ws` does and that MSW
 * intercepts, so the stream handlers see the `apikey` (or `x-credit-token`) header. Without MSW listening it would
 * open a real connection without any header: it is for tests.
 */
export const TestWebSocket = function TestWebSocket(this: unknown, url: string | URL, options?: TestWebSocketOptions): WebSocket {
  if (!new.target) throw new TypeError("@laevitas-api/testing: TestWebSocket is a constructor: call it with 'new'");
  const Platform = (globalThis as { WebSocket?: new (url: string | URL, protocols?: string | string[]) => WebSocket }).WebSocket;
  if (typeof Platform !== 'function') {
    throw new TypeError('@laevitas-api/testing: TestWebSocket needs a global WebSocket (Node >= 22, a browser, Deno or Bun), which MSW intercepts');
  }
  const named = options !== undefined && typeof options === 'object' && !Array.isArray(options);
  const protocols = named ? options.protocols : options;
  const socket = protocols === undefined ? new Platform(url) : new Platform(url, protocols);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((named && options.headers) || {})) headers[name.toLowerCase()] = String(value);
  // Recorded before MSW announces the connection (it does so on the next microtask), so the handler always finds it.
  headersBySocket.set(socket, Object.freeze(headers));
  return socket;
} as unknown as TestWebSocketConstructor;
