// `@laevitas-api/client/stream`: the WebSocket stream client, its own entry so REST-only users never bundle it.
// Importing it enables `client.stream()` on every LaevitasClient (a stream with the client's API key and versioned
// base URL); the main entry holds only the hook, not the stream code.
import { registerStreamOpener } from './stream-hook.js';
import { LaevitasStream, type StreamOptions, type StreamValidators } from './internal/stream/stream.js';

// The type of `client.stream()`, merged into the client by its public name, so that the ES module and CommonJS
// declarations each augment their own `LaevitasClient` (a relative path would name a source file the bundled
// declarations do not have). Only programs that import this entry see the method, as only they can call it.
declare module '@laevitas-api/client' {
  interface LaevitasClient {
    /** A WebSocket stream with this client's key and `v2BaseUrl`. */
    stream(options?: StreamOptions): LaevitasStream;
  }
}

export { LaevitasStream, Subscription, createStream, STREAM_LIMITS } from './internal/stream/stream.js';
export type { StreamOptions, StreamStats, StreamEvents, StreamValidators, StreamValidationIssue } from './internal/stream/stream.js';
export { parsePattern, matches, StreamPatternError, FAMILIES } from './internal/stream/channels.js';
export type { ChannelPattern, Family, FamilyOf, Market, MarketOf, Timeframe, ParsedPattern } from './internal/stream/channels.js';
export type { StreamEvent, EventOf, PayloadByFamily } from './internal/stream/events.js';
export * from './internal/stream/errors.js';
export { reconnectDelay, RECONNECT_DEFAULTS, type ReconnectSettings } from './internal/stream/backoff.js';
export type { WebSocketConstructor } from './internal/stream/socket.js';

registerStreamOpener((client, options = {}) => {
  const validators = client.settings.validators as Partial<StreamValidators> | undefined;
  return new LaevitasStream({
    apiKey: client.settings.apiKey,
    v2BaseUrl: client.settings.v2BaseUrl,
    ...(typeof validators?.validateStreamEvent === 'function' ? { validators: validators as StreamValidators } : {}),
    ...options,
  });
});
