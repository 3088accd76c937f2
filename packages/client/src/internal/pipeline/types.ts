// The ground of the client: the types every other part names and that name nothing above them. A call is one
// object (`Call`) sent down the layers pipeline.ts lists; what comes back up is one `Outcome`, each layer filling in
// its part (the attempt its response and text, parse-response its data or error, billing its meta); every call reads
// its client's `ClientRuntime`, resolved once by runtime.ts. Types only: this file imports leaf modules and the public
// shapes (public-types.ts), never a layer, the runtime's code or the options check, so no import cycle can pass here.
import type { APIError, RequestSummary } from '../../errors.js';
import type { QueryValue } from '../../wire.js';
import type { ApiFamily, OperationInfo } from '../operation-info.js';
import type { RequestOptions } from '../request-options.js';
import type { ClientOptions, FetchOptions } from '../options.js';
import type { RateBudget } from '../rate-limiter.js';
import type { ValidatorLookup } from '../validators.js';
import type { Billing } from '../billing-state.js';
import type { BillingMeta, LogLevel, Middleware } from '../public-types.js';

/** The parameters of a call by location, plus its body, as the caller gave them. */
export interface RawParams {
  path?: Record<string, unknown>;
  query?: Record<string, QueryValue>;
  header?: Record<string, unknown>;
  body?: unknown;
}

/** What errors, logs and traces say about a request: method, URL (credentials redacted), operationId. */
export type Summary = RequestSummary & { operationId: string };

export interface Call {
  /** The client's settings and hooks, resolved once when the client was made. */
  readonly client: ClientRuntime;
  readonly operation: OperationInfo;
  readonly params: RawParams;
  readonly options: RequestOptions;
  /** build-request: the URL as sent (canonical text). */
  url: string;
  /** build-request, then billing through setHeader: names in lower case, what fetch is given. */
  headers: Record<string, string>;
  /** build-request: the JSON body text. */
  body: string | undefined;
  /** build-request: what errors and logs show of the request. */
  summary: Summary;
  /** billing: a signed payment rides on the request, so the retry layer treats it like a POST (sent at most once). */
  atMostOnce: boolean;
  /** retry: the number of the attempt under way (1-based). */
  attempt: number;
}

/** What one call comes back with. */
export interface Outcome {
  /** http-attempt: the response (after middleware), its whole body read as `text`. */
  response: Response;
  text: string;
  /** parse-response: the success body, or the typed error of a failure status (the retry layer decides on it). */
  data: unknown;
  error: APIError | undefined;
  /** billing: credits and payment of the call (the full client only). */
  billing?: BillingMeta;
}

/** The layers below this one. */
export type Next = (call: Call) => Promise<Outcome>;

/** One layer of the pipeline: its work on the way down and, after `next` settles, on the way up. */
export interface Layer<Name extends string = string> {
  readonly name: Name;
  handle(call: Call, next: Next): Promise<Outcome>;
}

/** How an attempt reaches the network: fetch itself (the core), or fetch inside the middleware (the full client). */
export type Transport = (call: Call, input: string | URL, init: RequestInit) => Promise<Response>;

// ── the client's runtime: what every call of one client reads ────────────────────────────────────────────────────

export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

/** What every request of one client to one family starts from. */
export interface Wire {
  /** The base URL, parsed and without userinfo or trailing slashes. */
  readonly base: string;
  /** Accept, default headers and credentials (userinfo of the base URL as Basic authorization), names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A client's log, resolved once (log.ts): a level below the chosen one is undefined, so a disabled level costs a check. */
export type Log = { readonly [L in Exclude<LogLevel, 'off'>]?: ((message: string) => void) | undefined };

/** The debug line of each attempt and of each retry, written by the retry layer where outcome and reason are known. */
export interface AttemptLog {
  /** An attempt ended with a status, or with a thrown error. */
  ended(call: Call, started: number, result: number | Error): void;
  /** The next attempt follows after `delayMs`, or after the rate-limit pause (undefined). */
  retrying(call: Call, reason: number | string, delayMs: number | undefined): void;
}

export interface ClientRuntime {
  readonly settings: Readonly<ClientOptions>;
  readonly wire: Readonly<Record<ApiFamily, Wire>>;
  readonly budget: RateBudget | undefined;
  readonly retryPolicy: RetryPolicy;
  readonly validatorsFor: ValidatorLookup | undefined;
  /** Called as a plain function (never as a method: workerd and Chromium refuse a fetch with a foreign `this`). */
  readonly fetch: typeof fetch;
  readonly fetchOptions: FetchOptions | undefined;
  readonly log: Log;
  /** The layers, composed (pipeline.ts). */
  readonly send: Next;
  /** How an attempt reaches the network (http-attempt.ts): fetch, or the full client's middleware around it. */
  readonly transport: Transport;
  // The full client's own (runtime.ts FullParts); undefined in the core.
  /** This client's own list: `use` adds to it, a withOptions copy starts from a copy of it. */
  readonly middleware?: Middleware[];
  /** Full client at debug level: the line per attempt and per retry (log.ts), written by the retry layer. */
  readonly attempts?: AttemptLog | undefined;
  /** Credits and payments. */
  readonly billing?: Billing;
  /** The client these settings belong to (billing calls a checkout's status operation on it). */
  readonly owner?: object;
}
