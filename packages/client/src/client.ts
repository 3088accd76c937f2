// The typed client: every operation of the contract callable by operationId (`client.call('getOptionsOhlcvt', …)`)
// or as a method (`client.getOptionsOhlcvt(…)`), each routed to its family's base URL, with the API key sent in the
// header its family expects, retries beneath everything else, a rate limiter that mirrors the service, and errors
// thrown with status, body and headers.
import type { OperationId, ResponseBody, operations } from '@laevitas-api/types/operations';
import { DEFAULT_BASE_URLS, OPERATIONS, RATE_LIMITS, type OperationInfo } from './generated/operations.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RequestValidationError,
  ResponseValidationError,
  type RequestSummary,
} from './errors.js';
import { buildUrl, redactUrl, type QueryValue } from './url.js';
import { retryDelay, shouldRetry, sleep, type RetryOptions } from './retry.js';
import { RollingWindowLimiter, type RateWindow } from './rate-limiter.js';
import { paginate, type Paginated } from './pagination.js';
import type { RequestOptions } from './request-options.js';
import { preflight } from './preflight.js';
import type { ClientSettings } from './settings.js';
import { checkClientOptions } from './check-options.js';
import type { OperationMethods } from './generated/methods.js';

export type { RequestOptions, OperationMethods };

/** What `@laevitas-api/validators` offers; injected so the client has no hard dependency on it. */
export interface ValidatorsModule {
  validateResponse(operationId: string, status: number, body: unknown): { ok: true } | { ok: false; issues: readonly { path: string; rule: string; message: string }[] };
  validateRequest(operationId: string, request: object): { ok: true } | { ok: false; issues: readonly { path: string; rule: string; message: string }[] };
}

/** Options of `createClient`: the plain-data settings (checked at run time, see settings.ts) plus the hooks. */
export interface ClientOptions extends ClientSettings {
  /** Injected fetch (proxies, x402 payment wrappers, tests). Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** `@laevitas-api/validators` (or anything with the same two functions). */
  validators?: ValidatorsModule;
  /** Called before each attempt and after each response; for logging and metrics. Never sees the API key. */
  onRequest?: (event: { operationId: string; method: string; url: string; attempt: number }) => void;
  onResponse?: (event: { operationId: string; method: string; url: string; attempt: number; status: number; durationMs: number }) => void;
}

type ParamsOf<Op extends OperationId> = operations[Op] extends { parameters: infer P } ? P : {};
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : {};
type Clean<T> = { [K in keyof T as [T[K]] extends [never | undefined] ? never : K]: T[K] };

/** Parameters of one operation, by location, plus its body and the per-call options. */
export type CallParams<Op extends OperationId> = Clean<Omit<ParamsOf<Op>, 'cookie'>> & BodyOf<Op> & RequestOptions;
type AllOptional<T> = {} extends T ? true : false;
/** The parameters argument is optional when nothing in it is required. */
export type CallArgs<Op extends OperationId> = AllOptional<CallParams<Op>> extends true ? [params?: CallParams<Op>] : [params: CallParams<Op>];


export interface ResponseWithMeta<T> {
  data: T;
  response: Response;
  status: number;
  /** x-request-id header, when sent. */
  requestId: string | undefined;
}

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

// Declaration merging gives the class one method per operation (defined in the constructor) without an
// intersection type, which a consumer's compiler would otherwise rebuild at every call site.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface LaevitasClient extends OperationMethods {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LaevitasClient {
  readonly options: Readonly<ClientOptions>;
  private readonly limiter: RollingWindowLimiter | undefined;

  constructor(options: ClientOptions = {}, shared?: { limiter?: RollingWindowLimiter | undefined }) {
    checkClientOptions(options);
    this.options = { ...options, apiKey: options.apiKey ?? env('LAEVITAS_API_KEY') };
    const windows = options.rateLimit === false ? undefined : Array.isArray(options.rateLimit) ? options.rateLimit : (RATE_LIMITS.v1 as readonly RateWindow[]);
    this.limiter = shared?.limiter ?? (windows ? new RollingWindowLimiter(windows) : undefined);
    for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
      Object.defineProperty(this, operationId, {
        value: (params?: object, options?: RequestOptions) => this.call(operationId, { ...params, ...options } as never),
        enumerable: false,
      });
    }
  }

  /** A client with some options changed that shares this client's rate limiter. */
  withOptions(options: Partial<ClientOptions>): LaevitasClient {
    return new LaevitasClient({ ...this.options, ...options }, { limiter: this.limiter });
  }

  /** Calls one operation and resolves to its success body; throws an APIError subclass otherwise. */
  async call<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<ResponseBody<Op>> {
    return (await this.callWithResponse(operationId, ...args)).data;
  }

  /** Like `call`, also giving the raw Response, status and request id. */
  async callWithResponse<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<ResponseWithMeta<ResponseBody<Op>>> {
    const info: OperationInfo | undefined = (OPERATIONS as Record<string, OperationInfo>)[operationId];
    if (!info) throw new TypeError(`Unknown operationId "${operationId}"`);
    const params = (args[0] ?? {}) as { path?: Record<string, unknown>; query?: Record<string, QueryValue>; header?: Record<string, string>; body?: unknown } & RequestOptions;
    this.checkRequest(operationId, info, params);
    const base = info.family === 'legacy' ? (this.options.baseUrl ?? DEFAULT_BASE_URLS.base_url) : (this.options.v2BaseUrl ?? DEFAULT_BASE_URLS.v2_base_url);
    const url = buildUrl(operationId, info, base, params.path, params.query);
    const headers = this.headersFor(info, params);
    const body = params.body === undefined ? undefined : JSON.stringify(params.body);
    const summary: RequestSummary = { method: info.method, url: redactUrl(url), operationId };
    const init: RequestInit = body === undefined ? { method: info.method, headers } : { method: info.method, headers, body };
    const response = await this.send(operationId, info, url, init, params, summary);
    const data = (await parseBody(response)) as ResponseBody<Op>;
    if (!response.ok) throw APIError.from(response.status, data, response.headers, summary);
    this.checkResponse(operationId, response.status, data);
    return { data, response, status: response.status, requestId: response.headers.get('x-request-id') ?? undefined };
  }

  /**
   * Every item of a paginated operation, following `meta.next_cursor` (versioned family) or `page`/`total_pages`
   * (legacy historical routes). `for await (const row of client.paginate(...))`; `.pages()` yields whole pages.
   */
  paginate<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Paginated<Op> {
    const info = (OPERATIONS as Record<string, OperationInfo>)[operationId];
    if (!info?.pagination) throw new TypeError(`${operationId} is not paginated`);
    return paginate(this, operationId, info, (args[0] ?? {}) as CallParams<Op>);
  }

  private checkRequest(operationId: string, info: OperationInfo, params: { path?: object | undefined; query?: object | undefined; header?: object | undefined; body?: unknown }) {
    if (info.hasBody === false && params.body !== undefined) {
      throw new RequestValidationError(operationId, [{ path: 'body', rule: 'body', message: `${info.method} ${info.path} takes no body` }]);
    }
    const issues = preflight(info, params.path as Record<string, unknown>, params.query as Record<string, unknown>);
    if (issues.length) throw new RequestValidationError(operationId, issues);
    const validators = this.options.validators;
    if (!validators || this.options.validateRequests === false) return;
    const result = validators.validateRequest(operationId, { path: params.path, query: params.query, headers: params.header, body: params.body });
    if (!result.ok) throw new RequestValidationError(operationId, result.issues);
  }

  private checkResponse(operationId: string, status: number, body: unknown) {
    const mode = this.options.validateResponses ?? 'off';
    const validators = this.options.validators;
    if (mode === 'off' || !validators) return;
    const result = validators.validateResponse(operationId, status, body);
    if (result.ok) return;
    if (mode === 'throw') throw new ResponseValidationError(operationId, status, result.issues, body);
    console.warn(`[laevitas] ${operationId} ${status} response breaks the contract: ${result.issues.map((i) => i.message).join('; ')}`);
  }

  private headersFor(info: OperationInfo, params: { header?: Record<string, string>; body?: unknown } & RequestOptions): Headers {
    const headers = new Headers({ accept: 'application/json', ...this.options.defaultHeaders });
    const key = this.options.apiKey;
    if (key) headers.set(info.family === 'legacy' ? 'apiKey' : (this.options.v1KeyHeader ?? 'X-API-Key'), key);
    if (this.options.creditToken && info.family === 'v1') headers.set('X-Credit-Token', this.options.creditToken);
    for (const [name, value] of Object.entries(params.header ?? {})) if (value !== undefined) headers.set(name, String(value));
    for (const [name, value] of Object.entries(params.headers ?? {})) headers.set(name, value);
    if (params.body !== undefined) headers.set('content-type', 'application/json');
    return headers;
  }

  private async send(operationId: string, info: OperationInfo, url: URL, init: RequestInit, params: RequestOptions, summary: RequestSummary): Promise<Response> {
    const retry = this.options.retry === false ? { maxRetries: 0 } : (this.options.retry ?? {});
    const policy = { maxRetries: retry.maxRetries ?? 2, initialDelayMs: retry.initialDelayMs ?? 500, maxDelayMs: retry.maxDelayMs ?? 8000, maxRetryAfterMs: retry.maxRetryAfterMs ?? 60_000 };
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const timeoutMs = params.timeout ?? this.options.timeout ?? 60_000;
    for (let attempt = 1; ; attempt++) {
      if (this.limiter && info.family === 'v1') {
        const wait = this.limiter.delay();
        if (wait > 0) await sleep(wait, params.signal);
        this.limiter.take();
      }
      this.options.onRequest?.({ operationId, method: info.method, url: summary.url, attempt });
      const started = Date.now();
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = params.signal ? AbortSignal.any([params.signal, timeout]) : timeout;
      let response: Response;
      try {
        // A fresh RequestInit per attempt: a consumed body is never re-sent.
        response = await fetchImpl(url, { ...init, headers: new Headers(init.headers), signal });
      } catch (error) {
        if (params.signal?.aborted) throw new APIUserAbortError(summary);
        const failure = timeout.aborted ? new APIConnectionTimeoutError(summary, timeoutMs) : new APIConnectionError(summary, error);
        if (attempt > policy.maxRetries || !shouldRetry(info.method, 'network')) throw failure;
        await sleep(retryDelay(attempt, policy) ?? 0, params.signal);
        continue;
      }
      this.options.onResponse?.({ operationId, method: info.method, url: summary.url, attempt, status: response.status, durationMs: Date.now() - started });
      if (response.ok || attempt > policy.maxRetries || !shouldRetry(info.method, response.status, response.headers)) return response;
      const delay = retryDelay(attempt, policy, response.headers);
      if (delay === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, params.signal);
    }
  }
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[\s]*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Creates a client; every operation is also a method: `client.getOptionsOhlcvt({ query: { … } })`. */
export function createClient(options: ClientOptions = {}): LaevitasClient {
  return new LaevitasClient(options);
}
