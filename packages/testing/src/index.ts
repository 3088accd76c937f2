// @laevitas-api/testing: MSW handlers that answer as the contract mock does, typed fixtures and typed overrides, and
// the stream gateway's WebSocket handlers that answer as the stream mock does.
export { handlers, createHandlers, type HostOptions } from './handlers.js';
export { fixtures, type Fixtures, type OperationFixtureOptions, type SchemaFixtureOptions, type SuccessBody } from './fixtures.js';
export {
  http,
  createHttp,
  type Http,
  type GatewayStatus,
  type OverrideAnswer,
  type OverrideInfo,
  type OverrideOptions,
  type OverrideResolver,
  type OverrideResult,
} from './http.js';
export { OPERATION_IDS, SCHEMA_NAMES, DEFAULT_BASE_URLS, type SchemaName } from '../generated/names.js';
export {
  createStreamGateway,
  type SendableCloseCode,
  type StreamEventData,
  type StreamGateway,
  type StreamGatewayOptions,
  type StreamRequestRefusal,
  type StreamSubscriptionInfo,
} from './stream/gateway.js';
export { TestWebSocket, type TestSocket, type TestWebSocketConstructor, type TestWebSocketOptions } from './stream/socket.js';
export { DEFAULT_STREAM_URL, type DocumentedCloseCode } from '../generated/stream.js';
