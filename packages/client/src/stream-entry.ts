// `@laevitas-api/client/stream`: the WebSocket stream client, its own entry so REST-only users never bundle it.
// Importing it also gives every LaevitasClient a `stream()` method that opens a stream with the client's API key
// and versioned base URL (declared below by module augmentation; the main entry stays free of stream code).
import { LaevitasClient } from './client.js';
import { LaevitasStream, type StreamOptions, type StreamValidators } from './stream/stream.js';

export { LaevitasStream, Subscription, createStream, STREAM_LIMITS } from './stream/stream.js';
export type { StreamOptions, StreamStats, StreamEvents, StreamValidators, StreamValidationIssue } from './stream/stream.js';
export { parsePattern, matches, StreamPatternError, MARKETS, TIMEFRAMES, EXCHANGES, FAMILIES } from './stream/channels.js';
export type { ChannelPattern, Family, FamilyOf, Market, MarketOf, Timeframe, ParsedPattern } from './stream/channels.js';
export type { StreamEvent, EventOf, PayloadByFamily, BookPayload, BookLevel, OpenPayload } from './stream/events.js';
export * from './stream/errors.js';
export { reconnectDelay, RECONNECT_DEFAULTS, type ReconnectSettings } from './stream/backoff.js';
export type { WebSocketConstructor } from './stream/socket.js';

declare module './client.js' {
  interface LaevitasClient {
    /** A stream on its own connection with this client's API key and `v2BaseUrl` (import '@laevitas-api/client/stream' first). */
    stream(options?: StreamOptions): LaevitasStream;
  }
}

LaevitasClient.prototype.stream = function stream(this: LaevitasClient, options: StreamOptions = {}): LaevitasStream {
  const validators = this.options.validators as Partial<StreamValidators> | undefined;
  return new LaevitasStream({
    apiKey: this.options.apiKey,
    v2BaseUrl: this.options.v2BaseUrl,
    ...(typeof validators?.validateStreamEvent === 'function' ? { validators: validators as StreamValidators } : {}),
    ...options,
  });
};
