// The client core: a client for operations passed in as values (`core.request(getOptionsOhlcvt, { query })`, the
// operation imported from '@laevitas-api/client/operations'). It holds no operation table, so an app that calls one
// operation bundles that operation, this file and the pipeline, nothing more. The full client (client.ts) adds
// operationId lookups, one method per operation, the resource namespaces and billing.
//
// A call is one object sent down the pipeline (pipeline/pipeline.ts declares the layers and their order); this file
// makes the client's runtime (runtime.ts) once, and turns each method call into that object.
import type { OperationId, OperationParameters, OperationRequestBodies, OperationResults } from '@laevitas-api/types/signatures';
import type { OperationInfo } from './operation-info.js';
import type { BillingMeta } from './public-types.js';
import type { RequestOptions } from './request-options.js';
import type { ClientOptions } from './options.js';
import type { Call, ClientRuntime, RawParams } from './pipeline/types.js';
import type { RateBudget } from './rate-limiter.js';
import { runtimeOf, SECRET_OPTIONS, type Full } from './runtime.js';

export type { ClientOptions, RequestOptions, RawParams };

// From the types package's signature maps, not `operations`: a consumer's compiler then never loads openapi.d.ts's
// responses and errors of all operations for a client call (node tools/bench/typecheck.mjs measures it).
type ParamsOf<Op extends OperationId> = OperationParameters[Op];
type BodyOf<Op extends OperationId> = Op extends keyof OperationRequestBodies
  ? {} extends Pick<OperationRequestBodies, Op>
    ? { body?: OperationRequestBodies[Op] }
    : { body: OperationRequestBodies[Op] }
  : {};
type Clean<T> = { [K in keyof T as [T[K]] extends [never | undefined] ? never : K]: T[K] };

/** Parameters of one operation, by location, plus its body. Per-call options are the next argument. */
export type CallParams<Op extends OperationId> = Clean<Omit<ParamsOf<Op>, 'cookie'>> & BodyOf<Op>;
type AllOptional<T> = {} extends T ? true : false;
/**
 * The arguments of every call, whichever way it is made (method, namespace, `call`, `request`, `paginate`):
 * the parameters (optional when nothing in them is required), then the per-call options. `Options` is wider for the
 * calls that take options of their own (a windowed or budgeted scan: `WindowedArgs`, `ScanArgs`).
 */
export type CallArgs<Op extends OperationId, Options extends RequestOptions = RequestOptions> =
  AllOptional<CallParams<Op>> extends true ? [params?: CallParams<Op>, options?: Options] : [params: CallParams<Op>, options?: Options];

export interface ResponseWithMeta<T> {
  data: T;
  response: Response;
  status: number;
  /** x-request-id header, when sent. */
  requestId: string | undefined;
  /**
   * Credit balance and token rotation of this response, and what the call paid (pipeline/billing.ts). The full
   * client always fills it; the core alone (no billing layer) leaves it out.
   */
  billing?: BillingMeta;
}

/** The plain settings and credentials of a client, for `withOptions` (spread would drop the hidden ones). */
function allOptions(options: Readonly<ClientOptions>): ClientOptions {
  const all: Record<string, unknown> = Object.assign({}, options);
  for (const key of SECRET_OPTIONS) if (options[key] !== undefined) all[key] = options[key];
  return all as ClientOptions;
}

/** What a client made by withOptions takes over from the one it was made from. */
export interface Inherited {
  budget?: RateBudget | undefined;
  parent?: LaevitasCore;
}

export class LaevitasCore {
  // A private field: no property of the object holds the settings or credentials, so `util.inspect` (showHidden
  // too), `console.log` and `JSON.stringify` of a core show none of them (the full client prints a redacted summary).
  readonly #runtime: ClientRuntime;

  /** `full` is the full client's: its logger and parts (pipeline, middleware, billing), runtime.ts `Full`. */
  constructor(options: ClientOptions = {}, inherited?: Inherited, full?: Full) {
    this.#runtime = runtimeOf(options, inherited, full, this);
  }

  /** @internal What every call reads (runtime.ts). */
  get runtime(): ClientRuntime {
    return this.#runtime;
  }

  /** The settings and hooks this client was made with; `apiKey` and `creditToken` are readable but not enumerable. */
  get settings(): Readonly<ClientOptions> {
    return this.runtime.settings;
  }

  /**
   * A client of the same kind with some options changed. It keeps this client's rate-limit budget unless the change
   * gives it other limits (`rateLimit`) or another key, in which case it draws on the budget those call for.
   */
  withOptions(options: Partial<ClientOptions>): this {
    const merged = Object.assign(allOptions(this.settings), options);
    const sameKey = merged.apiKey === this.settings.apiKey;
    const Kind = this.constructor as new (options: ClientOptions, inherited: Inherited) => this;
    return new Kind(merged, { budget: sameKey ? this.runtime.budget : undefined, parent: this });
  }

  /** Calls one operation and resolves to its success body; throws an APIError subclass otherwise. */
  async request<Op extends OperationId>(operation: OperationInfo<Op>, ...args: CallArgs<Op>): Promise<OperationResults[Op]> {
    return (await this.send(operation, args as [RawParams?, RequestOptions?])).data as OperationResults[Op];
  }

  /** Like `request`, also giving the raw Response (its body already read), status and request id. */
  async requestWithResponse<Op extends OperationId>(operation: OperationInfo<Op>, ...args: CallArgs<Op>): Promise<ResponseWithMeta<OperationResults[Op]>> {
    const { response, data, billing } = await this.send(operation, args as [RawParams?, RequestOptions?]);
    const result: ResponseWithMeta<OperationResults[Op]> = {
      data: data as OperationResults[Op],
      response,
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
    };
    if (billing) result.billing = billing;
    return result;
  }

  /** The one way a call starts: one Call object, sent down the pipeline. */
  private send(operation: OperationInfo, [params = {}, options = {}]: [RawParams?, RequestOptions?]) {
    // Written out in full, in one shape for every call: V8 keeps the layers' property reads monomorphic.
    const call: Call = {
      client: this.runtime,
      operation,
      params,
      options,
      url: '',
      headers: {},
      body: undefined,
      summary: { method: operation.method, url: '', operationId: operation.operationId },
      atMostOnce: false,
      attempt: 0,
    };
    return this.runtime.send(call);
  }
}

/** A client for operations passed as values: `createCore(o).request(getOptionsOhlcvt, { query })`. */
export function createCore(options: ClientOptions = {}): LaevitasCore {
  return new LaevitasCore(options);
}
