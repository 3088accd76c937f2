// The one object a request is, from the method call to the socket. Every layer of the pipeline (pipeline.ts) reads
// it; its headers are written only through headers.ts. What comes back up the layers is one Outcome, each layer
// filling in its part (the attempt its response and text, parse-response its data or error, billing its meta).
import type { RequestSummary } from '../../errors.js';
import type { QueryValue } from '../../wire.js';
import type { OperationInfo } from '../operation-info.js';
import type { RequestOptions } from '../request-options.js';
import type { ClientRuntime } from '../runtime.js';
import type { APIError } from '../../errors.js';
import type { BillingMeta } from './billing.js';

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
export interface Layer {
  readonly name: string;
  handle(call: Call, next: Next): Promise<Outcome>;
}

/** How an attempt reaches the network: fetch itself (the core), or fetch inside the middleware (the full client). */
export type Transport = (call: Call, input: string | URL, init: RequestInit) => Promise<Response>;

/** A middleware's own error, carried through the attempt so it ends the call as it was thrown (`cause`). */
export class HookError {
  constructor(readonly cause: unknown) {}
}
