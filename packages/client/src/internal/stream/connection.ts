// The life of the stream's one socket, apart from what is said on it (as socket.io-client keeps its Manager apart
// from its Socket): it opens the socket with the key in the upgrade's `apikey` header (never in the URL), keeps it
// alive with a ping about every 25 s and treats a missed pong as a dead connection, and after a drop reconnects on
// the gateway's backoff schedule (backoff.ts) until a fatal close or the attempts run out. What the socket is for
// (subscribing, routing frames, giving up) is the host's: the stream facade (stream.ts) wires it to the other parts.
import { STREAM_HEARTBEAT } from '@laevitas-api/types/stream';
import { RECONNECT_DEFAULTS, reconnectDelay, type ReconnectSettings } from './backoff.js';
import { StreamAuthError, StreamClosedError, StreamError, StreamIdleTimeoutError, closeError } from './errors.js';
import type { Emit, StreamOptions, StreamStats } from './options.js';
import { isOpen, socketFactory, type SocketFactory, type SocketLike } from './socket.js';

/** What the connection asks of the stream. */
export interface ConnectionHost {
  readonly stats: StreamStats;
  readonly emit: Emit;
  /** The socket opened (again when `resubscribe`): send what the connection is for. */
  opened(resubscribe: boolean): void;
  /** A frame arrived (a string, or bytes of UTF-8 text); called unbound, once per frame. */
  readonly frame: (data: unknown) => void;
  /** The socket is gone: forget what only it could answer. */
  dropped(): void;
  /** Whether anything still needs a connection (a reconnect is pointless otherwise). */
  wanted(): boolean;
  /** The heartbeat's ping is due. */
  ping(): void;
  /** Gives up with `error`. */
  fail(error: StreamError): void;
}

/** `{a: undefined}` must not override a default. */
const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export class Connection {
  /** Set by the stream's `close`: no connect or reconnect after it. */
  closed = false;
  private current: SocketLike | undefined;
  private factory: Promise<SocketFactory> | undefined;
  private connecting = false;
  private readonly reconnect: Required<ReconnectSettings> | false;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set when the client itself kills the socket, so its close is reported with the real reason. */
  private killedWith: StreamClosedError | undefined;
  /** Reconnect attempts since the last accepted subscribe, and when the connection dropped (undefined while up). */
  private attempt = 0;
  private droppedAt: number | undefined;

  constructor(
    readonly url: string,
    private readonly options: StreamOptions,
    private readonly apiKey: string | undefined,
    private readonly now: () => number,
    private readonly host: ConnectionHost,
  ) {
    this.reconnect = options.reconnect === false ? false : { ...RECONNECT_DEFAULTS, ...definedOnly(options.reconnect ?? {}) };
  }

  /** The socket of the moment; undefined while connecting or between attempts. */
  get socket(): SocketLike | undefined {
    return this.current;
  }

  async connect(): Promise<void> {
    if (this.connecting || this.current || this.reconnectTimer || this.closed) return;
    this.connecting = true;
    let socket: SocketLike;
    try {
      this.factory ??= socketFactory(this.options.WebSocket, Boolean(this.apiKey) || this.options.creditToken !== undefined);
      const open = await this.factory;
      if (!this.connecting) return; // closed while loading the implementation
      // The key goes in the upgrade's `apikey` header, the only place the gateway reads it (API v1.18.0 removed the
      // query parameter); nothing secret is ever put in the URL.
      const headers: Record<string, string> = {};
      if (this.apiKey) headers.apikey = this.apiKey;
      if (this.options.creditToken !== undefined) headers['x-credit-token'] = this.options.creditToken;
      socket = open(this.url, headers);
    } catch (error) {
      this.connecting = false;
      this.host.fail(error instanceof StreamError ? error : new StreamError(`cannot connect to ${this.url}: ${(error as Error).message}`, { cause: error }));
      return;
    }
    this.current = socket;
    this.connecting = false;
    let handshakeError: string | undefined;
    socket.onopen = () => this.onOpen();
    // With `ws`, its own event hands over the frame's bytes directly: a third less work per event than the
    // WHATWG wrapper, which builds a MessageEvent for each (see the stream benchmark).
    const frame = this.host.frame;
    if (typeof socket.on === 'function') socket.on('message', (data, isBinary) => socket === this.current && frame(isBinary ? data : data.toString()));
    else socket.onmessage = (event) => socket === this.current && frame(event.data);
    socket.onerror = (event) => {
      handshakeError = String(
        (event as { message?: unknown; error?: { message?: unknown } })?.message ?? (event as { error?: { message?: unknown } })?.error?.message ?? '',
      );
    };
    socket.onclose = (event) => {
      // A handshake refused with 401/403 (seen through `ws`'s error text) is the same verdict as close code 4001.
      const refused = /Unexpected server response: (401|403)\b/.exec(handshakeError ?? '');
      const error =
        this.killedWith ?? (refused ? new StreamAuthError(4001, `handshake refused with ${refused[1]}`, 'fatal') : closeError(event.code, event.reason));
      this.killedWith = undefined;
      this.onClose(socket, error);
    };
  }

  private onOpen(): void {
    this.host.opened(this.droppedAt !== undefined);
    this.host.emit('open', { url: this.url });
    this.startHeartbeat();
  }

  /**
   * A subscribe was accepted. After a drop, the resubscribe's reply ends the gap (reported as `reconnected`); either
   * way the next drop counts its attempts from 0 again.
   */
  answered(resubscribe: boolean | undefined, patterns: string[]): void {
    if (resubscribe && this.droppedAt !== undefined) {
      const gapMs = this.now() - this.droppedAt;
      const attempts = this.attempt;
      this.droppedAt = undefined;
      this.attempt = 0;
      this.host.stats.reconnects++;
      this.host.emit('reconnected', { gapMs, attempts, patterns });
    } else this.attempt = 0;
  }

  private startHeartbeat(): void {
    const settings = this.options.heartbeat;
    if (settings === false) return;
    const intervalMs = settings?.intervalMs ?? STREAM_HEARTBEAT.clientPingSeconds * 1000;
    const timeoutMs = settings?.timeoutMs ?? 10_000;
    this.heartbeatTimer = setTimeout(() => {
      if (!isOpen(this.current)) return;
      this.host.ping();
      this.pongTimer = setTimeout(() => {
        this.killedWith = new StreamIdleTimeoutError(
          4002,
          `no pong within ${timeoutMs} ms`,
          'backoff',
          `stream connection dead: no reply to ping within ${timeoutMs} ms`,
        );
        this.kill();
      }, timeoutMs);
    }, intervalMs);
  }

  /** The ping was answered: the connection is alive, the next ping is due an interval from now. */
  pong(): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
    this.startHeartbeat();
  }

  /** Drops a connection the client considers dead: no close handshake to wait for. */
  private kill(): void {
    const socket = this.current as (SocketLike & { terminate?: () => void }) | undefined;
    if (!socket) return;
    if (typeof socket.terminate === 'function') socket.terminate();
    else {
      socket.onclose = null;
      socket.close(4000, 'no pong');
      this.onClose(socket, this.killedWith!);
      this.killedWith = undefined;
    }
  }

  private clearTimers(): void {
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.pongTimer);
    this.heartbeatTimer = this.pongTimer = undefined;
  }

  private onClose(socket: SocketLike, error: StreamClosedError): void {
    if (socket !== this.current) return;
    this.current = undefined;
    this.clearTimers();
    this.host.dropped();
    if (this.closed || !this.host.wanted()) return;
    const settings = this.reconnect;
    if (error.policy === 'fatal' || !settings || this.attempt >= settings.maxAttempts) return this.host.fail(error);
    this.droppedAt ??= this.now();
    const retryInMs = reconnectDelay(error.policy, this.attempt, settings, this.options.random);
    this.attempt++;
    this.host.emit('disconnected', { error, retryInMs, attempt: this.attempt });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, retryInMs);
  }

  /** Closes the socket (if any) and stops every timer: nothing reconnects until the next `connect`. */
  disconnect(): void {
    this.clearTimers();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.droppedAt = undefined;
    this.attempt = 0;
    const socket = this.current;
    this.current = undefined;
    this.connecting = false;
    this.host.dropped();
    if (socket) {
      socket.onclose = socket.onmessage = socket.onopen = null;
      socket.onerror = () => {}; // closing a socket still connecting reports an error: expected here
      try {
        socket.close(1000, 'client closed');
      } catch {
        /* already closing */
      }
    }
  }
}
