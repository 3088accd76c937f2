// '@laevitas-api/client/core': the client without its operation table. Pair it with single operations from
// '@laevitas-api/client/operations' and a bundle holds only those:
//   import { createCore } from '@laevitas-api/client/core';
//   import { getOptionsOhlcvt } from '@laevitas-api/client/operations';
//   const rows = await createCore({ apiKey }).request(getOptionsOhlcvt, { query: { … } });
//   for await (const trade of paginate(core, getOptionsTrades, { query: { … } })) …
export * from './internal/common-exports.js';
export type { CallArgs, CallParams, ClientOptions, RequestOptions, ResponseWithMeta } from './internal/core.js';
export type { PaginatedOperationId } from './generated/methods.js';
// The free functions over a core (the full client has them as methods).
export { paginate } from './internal/pagination.js';
export { paginateWindows } from './internal/windows.js';
export { scanComplete } from './internal/complete-minutes.js';
export { watchCorrections } from './internal/corrections.js';
