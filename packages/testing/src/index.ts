// @laevitas-api/testing: MSW handlers that answer as the contract mock does, typed fixtures and typed overrides.
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
