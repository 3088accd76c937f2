// Which WebSocket implementation a stream uses: the caller's; on Node the `ws` package (a dependency), which reports
// a refused handshake's status (a 401 is never retried), sends headers and hands over frames without the WHATWG
// wrapper's per-message event (pnpm bench); elsewhere (browsers, Deno, Bun) the platform's global one. Node 22+ also
// has a global WebSocket, used only when `ws` cannot be loaded and no header is needed. The key goes in the `apikey`
// header (the gateway's only way since API v1.18.0), so a key needs `ws`, workerd's `fetch()` upgrade
// (fetch-upgrade.ts), or a caller's implementation that takes `{ headers }`; a browser's WebSocket cannot send headers
// at all (`canSendHeaders`).
import { fetchUpgradeSocket, onWorkerd } from './fetch-upgrade.js';

export type { SocketFactory, SocketLike, WebSocketConstructor } from './socket-like.js';
import type { SocketFactory, SocketLike, WebSocketConstructor } from './socket-like.js';

const OPEN = 1;

/** Node (and Bun, which reports a Node version): `ws` loads and sends the upgrade's headers. */
const onNodeLike = (): boolean => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** Whether this platform can send the `apikey` header: with a caller's implementation (it must take `{headers}`), on Node or on workerd. */
export const canSendHeaders = (custom: WebSocketConstructor | undefined): boolean => custom !== undefined || onNodeLike() || onWorkerd();
export const isOpen = (socket: SocketLike | undefined): socket is SocketLike => socket?.readyState === OPEN;

export async function socketFactory(custom: WebSocketConstructor | undefined, needsHeaders: boolean): Promise<SocketFactory> {
  // workerd first: with nodejs_compat it reports a Node version too, but `ws` cannot open sockets there.
  if (!custom && needsHeaders && onWorkerd()) return (url, headers) => fetchUpgradeSocket(url, headers);
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  const onNode = onNodeLike();
  const Ctor =
    custom ??
    (onNode && !needsHeaders && global ? ((await loadWs().catch(() => undefined)) ?? global) : undefined) ??
    (needsHeaders ? undefined : global) ??
    (await loadWs());
  const takesOptions = Ctor !== global || custom !== undefined;
  return (url, headers) => {
    const socket = takesOptions && Object.keys(headers).length ? new Ctor(url, { headers }) : new Ctor(url);
    // Text frames as strings everywhere; binary frames (never sent by the gateway) as bytes.
    (socket as { binaryType?: string }).binaryType = 'arraybuffer';
    return socket;
  };
}

async function loadWs(): Promise<WebSocketConstructor> {
  try {
    const module = (await import('ws')) as unknown as { default?: WebSocketConstructor; WebSocket?: WebSocketConstructor };
    return (module.default ?? module.WebSocket)!;
  } catch (cause) {
    throw new Error('No WebSocket implementation: this platform has no global WebSocket and the `ws` package could not be loaded (npm install ws)', { cause });
  }
}

const decoder = typeof TextDecoder === 'function' ? new TextDecoder() : undefined;
/** A frame's text: strings as they are, bytes decoded as UTF-8. */
export function frameText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return decoder!.decode(data as ArrayBuffer);
  return String(data);
}
