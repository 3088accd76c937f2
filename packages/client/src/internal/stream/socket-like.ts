// The socket a stream talks through, as a type only: what socket.ts opens (ws, a global WebSocket, a caller's) and
// what fetch-upgrade.ts adapts workerd's upgraded socket to. Its own file so the two import it without importing
// each other.

/** The part of the WHATWG WebSocket API the stream uses; `ws` and every global WebSocket implement it. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** `ws` only: its own message event, without the per-message MessageEvent of the WHATWG wrapper. */
  on?(event: 'message', listener: (data: { toString(): string }, isBinary: boolean) => void): unknown;
}
export type SocketFactory = (url: string, headers: Record<string, string>) => SocketLike;
export type WebSocketConstructor = new (url: string, protocolsOrOptions?: any) => SocketLike;
