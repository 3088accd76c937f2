// Cloudflare Workers (workerd) open an outbound WebSocket through a `fetch()` upgrade, and that request carries any
// header, the `apikey` included; the global WebSocket constructor there takes no headers. This adapter gives the
// stream the SocketLike it expects: it sends the upgrade at once, and once a 101 hands over `response.webSocket`, it
// accepts it and forwards its events. A refused upgrade reports its status with the same text `ws` uses
// ("Unexpected server response: 401"), so the connection reads a 401/403 as the gateway's auth verdict everywhere.
import type { SocketLike } from './socket-like.js';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

type WorkerSocket = {
  readonly readyState: number;
  accept(): void;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: any) => void): void;
};

/** Whether this is workerd: Cloudflare documents `navigator.userAgent` as 'Cloudflare-Workers'. */
export const onWorkerd = (): boolean => (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent === 'Cloudflare-Workers';

/** A socket opened by `fetch(url, { headers: { Upgrade: 'websocket', … } })`, the workerd way. */
export function fetchUpgradeSocket(url: string, headers: Record<string, string>, fetchImpl: typeof fetch = fetch): SocketLike {
  let socket: WorkerSocket | undefined;
  let closing: { code?: number; reason?: string } | undefined;
  const adapter: SocketLike & { readyState: number } = {
    readyState: CONNECTING,
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send(data) {
      if (!socket) throw new Error('WebSocket is not open');
      socket.send(data);
    },
    close(code, reason) {
      if (socket) socket.close(code, reason);
      else closing = { ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) };
    },
  };
  const fail = (message: string, code = 1006) => {
    adapter.readyState = CLOSED;
    adapter.onerror?.({ message });
    adapter.onclose?.({ code, reason: message });
  };
  fetchImpl(url.replace(/^ws/, 'http'), { headers: { ...headers, Upgrade: 'websocket' } }).then(
    (response) => {
      const ws = (response as Response & { webSocket?: WorkerSocket | null }).webSocket;
      if (response.status !== 101 || !ws) return fail(`Unexpected server response: ${response.status}`);
      ws.accept();
      socket = ws;
      ws.addEventListener('message', (event: { data: unknown }) => adapter.onmessage?.(event));
      ws.addEventListener('close', (event: { code: number; reason: string }) => {
        adapter.readyState = CLOSED;
        adapter.onclose?.(event);
      });
      ws.addEventListener('error', (event: unknown) => adapter.onerror?.(event));
      // Closed by the caller while the upgrade was on its way: honour it now.
      if (closing) return ws.close(closing.code, closing.reason);
      adapter.readyState = OPEN;
      adapter.onopen?.({});
    },
    (error: unknown) => fail(`upgrade failed: ${(error as Error)?.message ?? String(error)}`),
  );
  return adapter;
}
