// The one ClientOptions: the plain-data settings (settings.ts, checked at run time against the schema generated from
// it) plus the hooks. `createCore` takes the same object; `payments` needs the full client (`createClient`).
import type { ClientSettings } from './settings.js';
import type { ValidatorMap, ValidatorsModule } from './validators.js';
import type { Logger, Middleware, PaymentHandler } from './public-types.js';

/**
 * Extra `RequestInit` fields for every attempt, such as an undici `dispatcher` (a proxy, mTLS, a connection pool).
 * The client's own fields (method, headers, body, redirect, signal) are not taken from here.
 */
export type FetchOptions = Omit<RequestInit, 'method' | 'headers' | 'body' | 'redirect' | 'signal'> & { readonly [field: string]: unknown };

export interface ClientOptions extends ClientSettings {
  /** The function every attempt is sent with (a proxy-aware fetch, a test double). Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Extra RequestInit fields passed to `fetch` on every attempt (an undici `dispatcher`, `priority`, …). */
  fetchOptions?: FetchOptions;
  /** Run per attempt, in this order, inside the retry loop: may change the Request and the Response (middleware.ts). */
  middleware?: Middleware[];
  /** Where log lines go (any object with debug/info/warn/error). Default console. Never given a secret. createClient only: the core warns on the console (LAEVITAS_LOG=off or error silences it). */
  logger?: Logger;
  /**
   * Validators for `validateRequests`/`validateResponses`: the whole `@laevitas-api/validators` module, or a map of
   * per-operation validators by operationId (`{ getOptionsOhlcvt }` from `@laevitas-api/validators/ops/getOptionsOhlcvt`),
   * so a browser ships only those it uses.
   */
  validators?: ValidatorsModule | ValidatorMap;
  /**
   * Called before each attempt. Never sees the API key; URLs have credentials redacted.
   * @deprecated Observe-only; use `middleware` (`onRequest({ request, operationId, attempt })`) or `logLevel: 'debug'`.
   */
  onRequest?: (event: { operationId: string; method: string; url: string; attempt: number }) => void;
  /**
   * Called after each attempt's response.
   * @deprecated Observe-only; use `middleware` (`onResponse({ response, request, operationId, attempt })`) or `logLevel: 'debug'`.
   */
  onResponse?: (event: { operationId: string; method: string; url: string; attempt: number; status: number; durationMs: number }) => void;
  /** x402 payer, spend caps and checkout polling: `createPayments({ payer, caps })`. The full client only (`createClient`). */
  payments?: PaymentHandler;
}
