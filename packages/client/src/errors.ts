// One error type per failure the caller may want to branch on, all under APIError (Stainless-style), with the
// status, the parsed body, the response headers and the request that failed, its credentials redacted.

import type { X402PaymentRequirements } from '@laevitas-api/types/signatures';
import { RATE_LIMITS } from './generated/spec-info.js';
import { contractBreachMessage, type ContractIssue } from './internal/contract-issues.js';

export interface RequestSummary {
  readonly method: string;
  /** The URL with userinfo and credential-looking query values redacted. */
  readonly url: string;
  readonly operationId?: string;
}

export class LaevitasError extends Error {
  override name = 'LaevitasError';
}

export class APIError<Body = unknown> extends LaevitasError {
  override name = 'APIError';
  /** HTTP status; 0 when no response arrived. */
  declare readonly status: number;
  /** Parsed JSON body (or text) of the error response. */
  declare readonly body: Body | undefined;
  declare readonly headers: Headers | undefined;
  declare readonly request: RequestSummary;

  constructor(status: number, body: Body | undefined, headers: Headers | undefined, request: RequestSummary, message?: string) {
    super(message ?? APIError.describe(status, body, request));
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.request = request;
  }

  /** Value of the x-request-id header, when the service sends one. */
  get requestId(): string | undefined {
    return this.headers?.get('x-request-id') ?? undefined;
  }

  private static describe(status: number, body: unknown, request: RequestSummary): string {
    const detail = extractMessage(body);
    return statusLine(status, request, detail ? `: ${detail}` : '');
  }

  /** Picks the subclass for a status. */
  static from(status: number, body: unknown, headers: Headers | undefined, request: RequestSummary): APIError {
    // A table, not a switch: one constructor call in the bundle instead of seven.
    const Kind =
      (
        { 400: BadRequestError, 401: AuthenticationError, 402: PaymentRequiredError, 403: PermissionDeniedError, 404: NotFoundError, 429: RateLimitError } as {
          [status: number]: typeof APIError;
        }
      )[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Kind(status, body, headers, request);
  }
}

function extractMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 300);
  if (!body || typeof body !== 'object') return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) return message.join('; ');
  if (typeof message === 'string') return message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return undefined;
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
  /** The service's validation messages (`message` array of the 400 body). */
  get messages(): string[] {
    const message = (this.body as { message?: unknown } | undefined)?.message;
    return Array.isArray(message) ? message.map(String) : typeof message === 'string' ? [message] : [];
  }
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/** 429. `retryAfterMs` comes from `Retry-After` (seconds or an HTTP date), else the spec's advised wait (60 s). */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  get retryAfterMs(): number {
    return parseRetryAfter(this.headers) ?? RATE_LIMITS.retryAfterSeconds * 1000;
  }
}

/**
 * One accepted way to pay, as the x402 version 2 `payment-required` header lists it: the contract's
 * `X402PaymentRequirements`, declared once in the types package.
 */
export type PaymentOption = X402PaymentRequirements;

/** x402 payment requirements as decoded from the `payment-required` header (version 2). */
export interface PaymentRequirements {
  x402Version: number;
  error?: string;
  resource?: { url: string; description?: string; mimeType?: string };
  accepts: PaymentOption[];

  extensions?: Record<string, unknown>;
}

/** 402. The request needs an API key, a credit token, or an x402 payment for one of `requirements.accepts`. */
export class PaymentRequiredError extends APIError {
  override name = 'PaymentRequiredError';
  /** Decoded `payment-required` header; undefined when absent or not base64 JSON. */
  get requirements(): PaymentRequirements | undefined {
    const header = this.headers?.get('payment-required');
    if (!header) return undefined;
    try {
      return JSON.parse(decodeBase64(header)) as PaymentRequirements;
    } catch {
      return undefined;
    }
  }
}

/**
 * The exchange failed below HTTP: DNS, connection refused or reset, a body cut mid-stream. `phase` says how far it
 * got, which is what decides whether a POST may be sent again: `connect` means no connection was ever opened (the
 * request cannot have reached the service), `exchange` means it may have.
 */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';
  declare readonly phase: 'connect' | 'exchange';
  constructor(request: RequestSummary, cause: unknown, phase: 'connect' | 'exchange' = 'exchange', message?: string) {
    super(0, undefined, undefined, request, message ?? `Connection error on ${request.method} ${request.url}: ${describeCause(cause)}`);
    this.cause = cause;
    this.phase = phase;
  }
}
/** The attempt took longer than `timeout` (waiting for headers or reading the body). A timeout is a connection error (Stainless). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  declare readonly timeoutMs: number;
  constructor(request: RequestSummary, timeoutMs: number, during: 'headers' | 'body' = 'headers') {
    super(
      request,
      undefined,
      'exchange',
      `Request timed out after ${timeoutMs} ms ${during === 'body' ? 'while reading the body' : 'waiting for the response'}: ${request.method} ${request.url}`,
    );
    this.timeoutMs = timeoutMs;
  }
}
export class APIUserAbortError extends APIError {
  override name = 'APIUserAbortError';
  constructor(request: RequestSummary) {
    super(0, undefined, undefined, request, `Request aborted by the caller: ${request.method} ${request.url}`);
  }
}

/**
 * A success status whose body is not what the operation documents (JSON): truncated, HTML from a proxy, empty.
 * Returning it as data would hand the caller a string or `undefined` typed as a page; a GET is retried instead.
 */
export class ResponseParseError extends APIError<string> {
  override name = 'ResponseParseError';
  declare readonly operationId: string | undefined;
  declare readonly contentType: string | null;
  /** The first 200 characters of the body. */
  declare readonly firstBytes: string;
  constructor(status: number, text: string, headers: Headers, request: RequestSummary, reason: string) {
    const contentType = headers.get('content-type');
    const firstBytes = text.slice(0, 200);
    super(
      status,
      firstBytes,
      headers,
      request,
      statusLine(status, request, `: ${reason} (content-type ${contentType ?? 'none'}, first bytes ${JSON.stringify(firstBytes.slice(0, 80))})`),
    );
    this.operationId = request.operationId;
    this.contentType = contentType;
    this.firstBytes = firstBytes;
  }
}

/**
 * A 3xx the client will not follow: to another origin (the credentials must not leave the API's origin, and a POST
 * body must not be re-sent anywhere), any redirect of a non-GET request, or more than five hops.
 */
export class RedirectError extends APIError {
  override name = 'RedirectError';
  /** Where the service pointed, userinfo and credential-looking query values redacted; undefined when hidden (browser). */
  declare readonly location: string | undefined;
  constructor(status: number, headers: Headers | undefined, request: RequestSummary, location: string | undefined, reason: string) {
    super(status, undefined, headers, request, statusLine(status, request, `: redirect${location ? ` to ${location}` : ''} not followed: ${reason}`));
    this.location = location;
  }
}

/**
 * A paginated scan stopped before its end. `resume` is what to pass to continue exactly where it stopped (the
 * `query` cursor or page of the page that failed); `cause` is the error of that page.
 */
export class ScanInterruptedError extends LaevitasError {
  override name = 'ScanInterruptedError';
  constructor(
    readonly operationId: string,
    readonly resume: { readonly cursor?: string | undefined; readonly page?: number | undefined },
    readonly pagesFetched: number,
    readonly itemsYielded: number,
    cause: unknown,
  ) {
    const at = resume.page !== undefined ? `query.page=${resume.page}` : resume.cursor !== undefined ? `query.cursor=${resume.cursor}` : 'the first page';
    super(`${operationId}: scan stopped after ${pagesFetched} pages (${itemsYielded} items); resume from ${at}: ${(cause as Error)?.message ?? String(cause)}`);
    this.cause = cause;
  }
}

/**
 * A scan refused before its first request: its plan (`client.planScan`) may cost more than the `budget` given to
 * `paginate`, or cannot be bounded at all. `budget` is the caller's, `limit` names the part of it that broke, and
 * `plan` is the plan that broke it, so the caller can narrow the scan or raise the budget.
 */
export class ScanBudgetError extends LaevitasError {
  override name = 'ScanBudgetError';
  constructor(
    readonly operationId: string,
    readonly limit: 'usdc' | 'credits' | 'requests',
    readonly budget: Readonly<Record<string, unknown>>,
    readonly plan: unknown,
    message: string,
  ) {
    super(`${operationId}: refused before sending: ${message}`);
  }
}

function describeCause(cause: unknown): string {
  const error = cause as { message?: string; cause?: { message?: string; code?: string } } | undefined;
  const inner = error?.cause?.code ?? error?.cause?.message;
  return `${error?.message ?? String(cause)}${inner ? ` (${inner})` : ''}`;
}

/** The caller's parameters break the contract; raised before anything is sent. */
export class RequestValidationError extends LaevitasError {
  override name = 'RequestValidationError';
  constructor(
    readonly operationId: string,
    readonly issues: readonly ContractIssue[],
  ) {
    super(`${operationId}: invalid request: ${issues.map((i) => i.message).join('; ')}`);
  }
}

/** The response body breaks the contract (only with `validate: 'throw'`). */
export class ResponseValidationError extends LaevitasError {
  override name = 'ResponseValidationError';
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly issues: readonly ContractIssue[],
    readonly body: unknown,
  ) {
    super(contractBreachMessage(`${operationId}: ${status} response`, issues));
  }
}

/** `404 GET https://… (getX)` and what follows: how every status error begins. */
function statusLine(status: number, request: RequestSummary, rest: string): string {
  return `${status} ${request.method} ${request.url}${request.operationId ? ` (${request.operationId})` : ''}${rest}`;
}

export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^[0-9]+(\.[0-9]+)?$/.test(ms)) return Number(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  if (/^[0-9]+(\.[0-9]+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Base64 of UTF-8 (atob exists in every runtime the client supports: browsers, Node >= 16, Deno, Bun). */
function decodeBase64(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
}
