// The typed client: every operation of the contract callable by operationId (`client.call('getOptionsOhlcvt', …)`)
// or as a method (`client.getOptionsOhlcvt(…)`), each routed to its family's base URL, with the API key sent in the
// header its family expects, retries beneath everything else, a rate limiter that mirrors the service, and errors
// thrown with status, body and headers.
import type { OperationId, ResponseBody, operations } from '@laevitas-api/types/operations';
import { DEFAULT_BASE_URLS, OPERATIONS, type OperationInfo } from './generated/operations.js';
import { APIConnectionError, APIError, APIUserAbortError, RequestValidationError, ResponseParseError, ResponseValidationError, parseRetryAfter, type RequestSummary } from './errors.js';
import { buildUrl, isInsecureRemote, redactUrl, splitUserinfo, type QueryValue } from './url.js';
import { retryDelay, shouldRetry, sleep, type Failure } from './retry.js';
import { FALLBACK_RETRY_AFTER_MS, RateBudget, SPEC_GROUPS, sharedBudget, type BudgetConfig, type ReleaseSlot, type RollingWindowLimiter } from './rate-limiter.js';
import { exchange } from './exchange.js';
import { parseError, parseSuccess } from './parse-body.js';
import { paginate, type Paginated } from './pagination.js';
import type { RequestOptions } from './request-options.js';
import { preflight } from './preflight.js';
import type { ClientSettings } from './settings.js';
import { checkClientOptions } from './check-options.js';
import type { OperationMethods } from './generated/methods.js';
import { Billing, type BillingMeta, type PaymentHandler } from './payments/billing.js';
import { openStream, type LaevitasStream, type StreamOptions } from './stream-hook.js';

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
  /** Called before each attempt and after each response; for logging and metrics. Never sees the API key; URLs have userinfo redacted. */
  onRequest?: (event: { operationId: string; method: string; url: string; attempt: number }) => void;
  onResponse?: (event: { operationId: string; method: string; url: string; attempt: number; status: number; durationMs: number }) => void;
  /** x402 payer, spend caps and checkout polling: `createPayments({ payer, caps })` (payments/payments.ts). */
  payments?: PaymentHandler;
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
  /** Credit balance and token rotation of this response, and what the call paid (payments/billing.ts). */
  billing: BillingMeta;
}

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

/** Option keys whose values are credentials: never enumerable, never printed. */
const SECRET_OPTIONS = ['apiKey', 'creditToken'] as const;
const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const warnedInsecure = new Set<string>();

/** Base URLs with `user:password@` are credentials too. */
const hasUserinfo = (url: unknown) => typeof url === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url);

/** A copy of the options whose credentials are non-enumerable: `{...options}`, JSON and inspect never show them. */
function hideSecrets(options: ClientOptions): Readonly<ClientOptions> {
  const copy: Record<string, unknown> = { ...options };
  for (const key of [...SECRET_OPTIONS, 'baseUrl', 'v2BaseUrl'] as const) {
    if (key !== 'apiKey' && key !== 'creditToken' && !hasUserinfo(copy[key])) continue;
    const value = copy[key];
    delete copy[key];
    Object.defineProperty(copy, key, { value, enumerable: false });
  }
  return Object.freeze(copy) as Readonly<ClientOptions>;
}

/** The plain settings and credentials of a client, for `withOptions` (spread would drop the hidden ones). */
function allOptions(options: Readonly<ClientOptions>): ClientOptions {
  const all: ClientOptions = { ...options, apiKey: options.apiKey };
  for (const key of ['creditToken', 'baseUrl', 'v2BaseUrl'] as const) if (options[key] !== undefined) all[key] = options[key];
  return all;
}

function budgetConfig(rateLimit: ClientOptions['rateLimit']): (BudgetConfig & { shared: boolean }) | undefined {
  if (rateLimit === false) return undefined;
  const settings = Array.isArray(rateLimit) ? { windows: rateLimit } : rateLimit === true || rateLimit === undefined ? {} : rateLimit;
  return {
    groups: { ...SPEC_GROUPS, v1: settings.windows ?? SPEC_GROUPS.v1 ?? [] },
    safetyMarginMs: settings.safetyMarginMs ?? 100,
    shared: settings.shared ?? true,
  };
}

// Declaration merging gives the class one method per operation (defined in the constructor) without an
// intersection type, which a consumer's compiler would otherwise rebuild at every call site.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface LaevitasClient extends OperationMethods {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LaevitasClient {
  /** The options; `apiKey` and `creditToken` are readable but not enumerable. */
  declare readonly options: Readonly<ClientOptions>;
  declare private readonly budget: RateBudget | undefined;
  /** Credit token and balance, spend so far: shared with this client's `withOptions` copies. */
  declare readonly billing: Billing;

  constructor(options: ClientOptions = {}, inherited?: { budget?: RateBudget | undefined; billing?: Billing | undefined }) {
    checkClientOptions(options);
    const resolved = hideSecrets({ ...options, apiKey: options.apiKey ?? env('LAEVITAS_API_KEY') });
    const config = budgetConfig(options.rateLimit);
    let budget: RateBudget | undefined;
    if (config) {
      const { shared, ...limits } = config;
      const same = inherited?.budget && JSON.stringify(inherited.budget.config) === JSON.stringify(limits);
      budget = same ? inherited.budget : shared ? sharedBudget(resolved.apiKey, limits) : new RateBudget(limits);
    }
    // Non-enumerable, like the operation methods: a client prints as its toJSON/inspect summary, nothing else.
    Object.defineProperty(this, 'options', { value: resolved, enumerable: false });
    Object.defineProperty(this, 'budget', { value: budget, enumerable: false });
    Object.defineProperty(this, 'billing', { value: inherited?.billing ?? new Billing(options.payments, resolved.creditToken), enumerable: false });
    warnIfInsecure(resolved);
    for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
      Object.defineProperty(this, operationId, {
        value: (params?: object, options?: RequestOptions) => this.call(operationId, { ...params, ...options } as never),
        enumerable: false,
      });
    }
  }

  /**
   * A client with some options changed. It keeps this client's rate-limit budget unless the change gives it other
   * limits (`rateLimit`) or another key, in which case it draws on the budget those call for.
   */
  /** A WebSocket stream with this client's key and `v2BaseUrl`; needs `import '@laevitas-api/client/stream'` once. */
  stream(options?: StreamOptions): LaevitasStream {
    return openStream(this, options);
  }

  withOptions(options: Partial<ClientOptions>): LaevitasClient {
    const merged = { ...allOptions(this.options), ...options };
    const sameKey = merged.apiKey === this.options.apiKey;
    const sameBilling = merged.payments === this.options.payments && merged.creditToken === this.options.creditToken;
    return new LaevitasClient(merged, { budget: sameKey ? this.budget : undefined, billing: sameBilling ? this.billing : undefined });
  }

  /** What JSON.stringify(client) shows: the settings, credentials redacted. */
  toJSON(): Record<string, unknown> {
    const shown: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.options)) if (typeof value !== 'function' && key !== 'validators' && key !== 'payments') shown[key] = value;
    for (const key of SECRET_OPTIONS) if (this.options[key] !== undefined) shown[key] = '[redacted]';
    for (const key of ['baseUrl', 'v2BaseUrl'] as const) if (this.options[key] !== undefined) shown[key] = redactUrl(this.options[key]);
    return shown;
  }

  [INSPECT](): string {
    return `LaevitasClient ${JSON.stringify(this.toJSON())}`;
  }

  /** Calls one operation and resolves to its success body; throws an APIError subclass otherwise. */
  async call<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<ResponseBody<Op>> {
    return (await this.callWithResponse(operationId, ...args)).data;
  }

  /** Like `call`, also giving the raw Response (its body already read), status and request id. */
  async callWithResponse<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<ResponseWithMeta<ResponseBody<Op>>> {
    const info: OperationInfo | undefined = (OPERATIONS as Record<string, OperationInfo>)[operationId];
    if (!info) throw new TypeError(`Unknown operationId "${operationId}"`);
    const params = (args[0] ?? {}) as { path?: Record<string, unknown>; query?: Record<string, QueryValue>; header?: Record<string, string>; body?: unknown } & RequestOptions;
    this.checkRequest(operationId, info, params);
    const base = info.family === 'legacy' ? (this.options.baseUrl ?? DEFAULT_BASE_URLS.base_url) : (this.options.v2BaseUrl ?? DEFAULT_BASE_URLS.v2_base_url);
    const { url, authorization } = splitUserinfo(buildUrl(operationId, info, base, params.path, params.query));
    const headers = this.headersFor(info, params);
    if (authorization && !headers.has('authorization')) headers.set('authorization', authorization);
    const body = params.body === undefined ? undefined : JSON.stringify(params.body);
    const summary: RequestSummary = { method: info.method, url: redactUrl(url), operationId };
    // The payments hook (payments/billing.ts) owns credit and payment headers, 402s and 202s around the retry loop.
    const { response, data, billing } = await this.billing.run(
      { operationId, info, headers, body: params.body, params, summary },
      (sendHeaders, atMostOnce) => this.send(operationId, info, { url, headers: sendHeaders, body, atMostOnce }, params, summary),
      (statusOperationId, statusParams) => this.callWithResponse(statusOperationId as Op, statusParams as never),
    );
    this.checkResponse(operationId, response.status, data);
    return { data: data as ResponseBody<Op>, response, status: response.status, requestId: response.headers.get('x-request-id') ?? undefined, billing };
  }

  /**
   * Every item of a paginated operation, following `meta.next_cursor` (versioned family) or `page`/`total_pages`
   * (legacy historical routes). `for await (const row of client.paginate(...))`; `.pages()` yields whole pages.
   * A scan ends with every row or throws a ScanInterruptedError that says where to resume.
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
    for (const [name, value] of Object.entries(params.header ?? {})) if (value !== undefined) headers.set(name, String(value));
    for (const [name, value] of Object.entries(params.headers ?? {})) headers.set(name, value);
    if (params.body !== undefined) headers.set('content-type', 'application/json');
    return headers;
  }

  /**
   * The retry loop. Each attempt first takes its own slot from the rate-limit budget, then runs one exchange
   * (exchange.ts); what may be retried, and after how long, is retry.ts. A 429 pauses the whole budget, so the
   * other callers on the key wait too instead of collecting their own 429s.
   */
  private async send(operationId: string, info: OperationInfo, request: { url: URL; headers: Headers; body: string | undefined; atMostOnce?: boolean }, params: RequestOptions, summary: RequestSummary): Promise<{ response: Response; data: unknown }> {
    const retry = this.options.retry === false ? { maxRetries: 0 } : (this.options.retry ?? {});
    const policy = { maxRetries: retry.maxRetries ?? 2, initialDelayMs: retry.initialDelayMs ?? 500, maxDelayMs: retry.maxDelayMs ?? 8000, maxRetryAfterMs: retry.maxRetryAfterMs ?? 60_000 };
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const timeoutMs = params.timeout ?? this.options.timeout ?? 60_000;
    const group = info.rateLimitGroup ?? (info.family === 'v1' ? 'v1' : undefined);
    const limiter = group === undefined ? undefined : this.budget?.limiter(group);
    for (let attempt = 1; ; attempt++) {
      const release = limiter ? await acquire(limiter, params.signal, summary) : undefined;
      const started = Date.now();
      let failure: Failure;
      let error: APIError;
      try {
        // Inside the try: a hook that throws still releases the slot.
        this.options.onRequest?.({ operationId, method: info.method, url: summary.url, attempt });
        const { response, text } = await exchange({ url: request.url, headers: request.headers, body: request.body, method: info.method, timeoutMs, signal: params.signal, fetch: fetchImpl, summary });
        this.options.onResponse?.({ operationId, method: info.method, url: summary.url, attempt, status: response.status, durationMs: Date.now() - started });
        if (response.ok) return { response, data: parseSuccess(text, response, info.method, summary, request.headers.get('accept')) };
        error = APIError.from(response.status, parseError(text, response), response.headers, summary);
        failure = { kind: 'status', status: response.status, headers: response.headers };
      } catch (caught) {
        if (caught instanceof ResponseParseError) failure = { kind: 'parse' };
        else if (caught instanceof APIConnectionError) failure = { kind: caught.phase };
        else throw caught;
        error = caught;
      } finally {
        release?.();
      }
      const refused = failure.kind === 'status' && failure.status === 429;
      // Every caller on the key waits out a 429, whether or not this one retries (octokit/plugin-throttling.js#629).
      if (failure.kind === 'status' && refused && limiter) limiter.pauseUntil(Date.now() + Math.min(parseRetryAfter(failure.headers) ?? FALLBACK_RETRY_AFTER_MS, policy.maxRetryAfterMs));
      // A request carrying a payment the client signed is retried like a POST, whatever its method (at most once).
      if (attempt > policy.maxRetries || !shouldRetry(request.atMostOnce ? 'POST' : info.method, failure)) throw error;
      const delay = retryDelay(attempt, policy, failure);
      if (delay === undefined) throw error;
      // After a 429 the paused limiter is the wait; otherwise sleep the backoff.
      if (!(refused && limiter)) await pause(delay, params.signal, summary);
    }
  }
}

/** Waits for a rate-limit slot, turning the caller's abort into an APIUserAbortError. */
async function acquire(limiter: RollingWindowLimiter, signal: AbortSignal | undefined, summary: RequestSummary): Promise<ReleaseSlot> {
  try {
    return await limiter.acquire(signal);
  } catch {
    throw new APIUserAbortError(summary);
  }
}

/** Sleeps, turning the caller's abort into an APIUserAbortError. */
async function pause(ms: number, signal: AbortSignal | undefined, summary: RequestSummary): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return;
  try {
    await sleep(ms, signal);
  } catch {
    throw new APIUserAbortError(summary);
  }
}

/** A key sent over plain http to another machine can be read on the way: say so, once per origin and process. */
function warnIfInsecure(options: Readonly<ClientOptions>): void {
  if (!options.apiKey && !options.creditToken) return;
  for (const base of [options.baseUrl, options.v2BaseUrl]) {
    if (!base || !isInsecureRemote(base)) continue;
    const origin = new URL(base).origin;
    if (warnedInsecure.has(origin)) continue;
    warnedInsecure.add(origin);
    console.warn(`[laevitas] ${redactUrl(base)} is plain http to a remote host: the API key and tokens will travel unencrypted. Use https.`);
  }
}

/** Creates a client; every operation is also a method: `client.getOptionsOhlcvt({ query: { … } })`. */
export function createClient(options: ClientOptions = {}): LaevitasClient {
  return new LaevitasClient(options);
}
