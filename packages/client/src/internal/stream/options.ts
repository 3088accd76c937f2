// What a stream is configured with and what it reports: its options (and their check when a stream is made, with
// the gateway URL they resolve to), counters, events and the validators it accepts, plus the gateway limits it
// enforces (read from the contract). The parts of a stream (connection, requests, subscriptions, delivery) read
// their settings from here and report through `Emit`.
import { STREAM_LIMITS as GATEWAY_LIMITS } from '@laevitas-api/types/stream';
import type { ReconnectSettings } from './backoff.js';
import { StreamCredentialsError, type StreamClosedError, type StreamError } from './errors.js';
import { canSendHeaders, type WebSocketConstructor } from './socket.js';

/** The gateway's documented limits the client enforces (the contract's `x-limits`, as generated STREAM_LIMITS). */
export const STREAM_LIMITS = {
  subscriptions: GATEWAY_LIMITS.subscriptionsPerConnection,
  messagesPerSecond: GATEWAY_LIMITS.inboundMessagesPerSecond,
} as const;

export interface StreamValidationIssue {
  path: string;
  rule: string;
  message: string;
}
/** What `validate` needs: a check of one data event `{channel, data}` against its channel's message schema (`@laevitas-api/validators/stream`). */
export interface StreamValidators {
  validateStreamEvent(event: unknown): { ok: boolean; issues?: readonly StreamValidationIssue[] };
}

export interface StreamOptions {
  /** Gateway URL. Default: `v2BaseUrl` with ws(s):// and path `/ws`. */
  url?: string;
  /** Default https://apiv2.laevitas.ch. */
  v2BaseUrl?: string | undefined;
  /** API key; default the LAEVITAS_API_KEY environment variable where there is one. */
  apiKey?: string | undefined;
  /**
   * Where the key goes: the `apikey` header of the upgrade request, the only place the gateway reads it since API
   * v1.18.0 (the `apiKey` query parameter was removed there, and the client never puts a key in the URL). On Node
   * the header is sent through `ws`; a browser's WebSocket cannot send headers (StreamCredentialsError).
   * @deprecated There is nothing to choose: `'header'` is the only value and the default.
   */
  auth?: 'header';
  /**
   * The credit token of a WebSocket pass (x402), sent as `X-Credit-Token` (a header: needs `ws`, not a browser).
   * Without an active pass the gateway closes with 4006 (StreamPassRequiredError).
   */
  creditToken?: string | undefined;
  /** A WebSocket implementation to use instead of the global one or `ws`; with a key or token it must take `{ headers }` as its second argument (as `ws` does). */
  WebSocket?: WebSocketConstructor;
  /** Ping interval and how long to wait for its reply before the connection counts as dead; `false` turns it off. */
  heartbeat?: { intervalMs?: number; timeoutMs?: number } | false;
  /** Reconnect schedule, or `false` to end every subscription with the close error instead. */
  reconnect?: ReconnectSettings | false;
  /** Events buffered per subscription before the oldest is dropped (see README "slow consumers"). Default 10 000. */
  bufferSize?: number;
  /** Client-side limits; default the gateway's (200 subscriptions, 20 messages per second). */
  limits?: { subscriptions?: number; messagesPerSecond?: number };
  /** Check every event against its channel's schema: off (default), warn (a `warning` event) or throw (the loop throws). */
  validate?: 'off' | 'warn' | 'throw';
  /** `@laevitas-api/validators/stream` (or anything with `validateStreamEvent`); needed when `validate` is not off. */
  validators?: StreamValidators;
  /** Clock and randomness, for tests. */
  now?: () => number;
  random?: () => number;
}

export interface StreamStats {
  /** Data events received. */
  received: number;
  /** Events dropped across subscriptions because their consumer fell behind. */
  dropped: number;
  /** Events that broke their schema (validate warn or throw). */
  invalid: number;
  /** Successful reconnections. */
  reconnects: number;
}

export interface StreamEvents {
  /** Connected (the first time or again) and the subscribe request was sent. */
  open: { url: string };
  /** The connection dropped and will be retried after `retryInMs`. */
  disconnected: { error: StreamClosedError; retryInMs: number; attempt: number };
  /** Reconnected and resubscribed: `gapMs` is the time from the drop to the resubscribe's reply. */
  reconnected: { gapMs: number; attempts: number; patterns: string[] };
  /** A subscription dropped an event because its loop was `bufferSize` events behind. */
  dropped: { pattern: readonly string[]; dropped: number };
  /** Something worth telling but not fatal: an invalid event with validate warn, an unparseable frame. */
  warning: { error: StreamError };
  /** The stream gave up (fatal close code, attempts exhausted): every subscription ended with `error`. */
  error: { error: StreamError };
}

/** How the parts of a stream report to its listeners (LaevitasStream.on). */
export type Emit = <K extends keyof StreamEvents>(event: K, payload: StreamEvents[K]) => void;

/** The gateway's address: `url` as given, else `v2BaseUrl` with ws(s):// and the path `/ws`. */
export function gatewayUrl(options: StreamOptions): string {
  if (options.url) return options.url;
  const base = new URL(options.v2BaseUrl ?? 'https://apiv2.laevitas.ch');
  base.protocol = base.protocol === 'http:' ? 'ws:' : 'wss:';
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/ws`;
  return base.toString();
}

/** Refuses, when the stream is made, options that could only fail later: each error names the option and the rule. */
export function checkStreamOptions(options: StreamOptions, apiKey: string | undefined): void {
  if ((options.validate ?? 'off') !== 'off' && typeof options.validators?.validateStreamEvent !== 'function') {
    throw new TypeError(`stream option validate: '${options.validate}' needs validators with validateStreamEvent (pass @laevitas-api/validators)`);
  }
  if (options.bufferSize !== undefined && !(Number.isInteger(options.bufferSize) && options.bufferSize >= 1)) {
    throw new TypeError(`stream option bufferSize must be an integer >= 1, got ${options.bufferSize}`);
  }
  const auth = (options as { auth?: unknown }).auth;
  if (auth !== undefined && auth !== 'header') {
    throw new StreamCredentialsError(
      'query-removed',
      `stream option auth: ${JSON.stringify(auth)} is not supported: the gateway removed the apiKey query parameter in API v1.18.0 and reads the key only from the apikey header, which the client always uses (drop the option)`,
    );
  }
  if ((apiKey || options.creditToken !== undefined) && !canSendHeaders(options.WebSocket)) {
    throw new StreamCredentialsError(
      'headers-unsupported',
      `cannot send the ${apiKey ? 'API key' : 'credit token'} here: the gateway takes it only in a header of the WebSocket upgrade (apikey${
        apiKey ? '' : ' / X-Credit-Token'
      }) and a browser's WebSocket cannot set headers (the apiKey query parameter was removed in API v1.18.0, so the client will not put the key in the URL). ` +
        'What works: connect through a server of your own that adds the apikey header (pass its address as `url` and no apiKey), ' +
        'or run the stream where the WebSocket takes headers (Node, Bun, or a `WebSocket` option that accepts { headers }). ' +
        "The gateway's `auth` request and how a browser presents a WebSocket-pass token are not published.",
    );
  }
}
