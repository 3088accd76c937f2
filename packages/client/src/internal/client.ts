// The full typed client: the core (core.ts: settings and the request pipeline, pipeline/pipeline.ts) plus every
// operation of the contract reachable three ways, all with the same arguments (parameters, then per-call options):
//   client.v1.options.ohlcvt(params, options)        resource namespaces, from the spec's tags (generated/namespaces.ts)
//   client.getOptionsOhlcvt(params, options)         one method per operationId (aliases of the namespaced ones)
//   client.call('getOptionsOhlcvt', params, options) by operationId, for code that picks the operation at run time
// An app that wants a small bundle uses the core with single operations instead ('@laevitas-api/client/core').
import type { OperationId, OperationResults } from '@laevitas-api/types/signatures';
import { OPERATIONS } from '../generated/operation-table.js';
import { NAMESPACES } from '../generated/namespaces.js';
import type { LegacyNamespaces, OperationMethods, PaginatedOperationId, V1Namespaces } from '../generated/methods.js';
import type { OperationInfo } from './operation-info.js';
import { HOOKS } from './check-options.js';
import { SECRET_OPTIONS } from './runtime.js';
import { redactUrl } from './url.js';
import { LaevitasCore, type CallArgs, type ClientOptions, type Inherited, type ResponseWithMeta } from './core.js';
import type { Paginated } from './pagination.js';
import { billing as billingLayer } from './pipeline/billing.js';
import { Billing } from './billing-state.js';
import type { BillingMeta } from './public-types.js';
import { compose, pipeline } from './pipeline/pipeline.js';
import { trace } from './pipeline/trace.js';
import { observe } from './pipeline/observe.js';
import { attemptLog, logOf } from './log.js';
import { warnPlainHttp } from './plain-http.js';
import { middlewareTransport } from './pipeline/middleware.js';
import type { Middleware } from './public-types.js';
import { openStream } from '../stream-hook.js';
import type { WindowedArgs } from './windows.js';
import { budgetedPaginate, planOf, type ScanArgs, type ScanRequestOptions } from './plan/budgeted-scan.js';
import type { ScanPlan } from './plan/plan-scan.js';
import { scanComplete, type CompleteScan } from './complete-minutes.js';
import { watchCorrections, type CorrectionsWatch, type WatchCorrectionsOptions } from './corrections.js';

export type { CallArgs, CallParams, ClientOptions, RequestOptions, ResponseWithMeta } from './core.js';
export type { LegacyNamespaces, OperationMethods, PaginatedOperationId, V1Namespaces };

function operationOf(operationId: string): OperationInfo {
  const info = (OPERATIONS as Record<string, OperationInfo>)[operationId];
  if (!info) throw new TypeError(`Unknown operationId "${operationId}"`);
  return info;
}

/** Node's util.inspect hook (a registered symbol: no import of node:util, so any runtime bundles this). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

// The core's layers with trace, billing and the 1.x observers in their slots (pipeline.ts), sent through the middleware.
const CLIENT_PIPELINE = compose(pipeline({ trace, billing: billingLayer, observe }));

// Declaration merging gives the class one method per operation (defined once on the prototype below) without an
// intersection type, which a consumer's compiler would otherwise rebuild at every call site.
export interface LaevitasClient extends OperationMethods {}
export class LaevitasClient extends LaevitasCore {
  constructor(options: ClientOptions = {}, inherited?: Inherited) {
    // The payment handler is the full client's alone (the core bundles none of billing): taken out of the settings
    // the core checks, it lives in `billing`.
    const { payments, ...settings } = options;
    if (payments !== undefined && (typeof payments !== 'object' || payments === null))
      throw new TypeError('Invalid client options: options.payments must be an object (createPayments)');
    const parent = inherited?.parent;
    const shared = parent instanceof LaevitasClient && parent.billing.payments === payments && parent.settings.creditToken === settings.creditToken;
    super(settings, inherited, {
      logOf,
      parts: (core, options, owner) => {
        // Said once the base URLs are final, through this client's log.
        warnPlainHttp(core);
        return {
          send: CLIENT_PIPELINE,
          transport: middlewareTransport,
          middleware: [...(options.middleware ?? [])],
          attempts: attemptLog(core.log),
          billing: shared ? parent.billing : new Billing(payments, settings.creditToken),
          owner,
        };
      },
    });
  }

  /** What JSON.stringify(client) shows: the settings, credentials redacted (hooks left out). */
  toJSON(): Record<string, unknown> {
    const shown: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.settings)) if (!Object.hasOwn(HOOKS, key)) shown[key] = value;
    SECRET_OPTIONS.forEach((key, i) => {
      const value = this.settings[key];
      if (value !== undefined) shown[key] = i < 2 ? '[redacted]' : redactUrl(value);
    });
    return shown;
  }

  /** What console.log and util.inspect show: the same summary. */
  [INSPECT](): string {
    return `${this.constructor.name} ${JSON.stringify(this.toJSON())}`;
  }

  /** Adds a middleware after those already there; it runs on every later attempt of this client. Returns the client. */
  use(middleware: Middleware): this {
    if (!middleware || typeof middleware !== 'object')
      throw new TypeError('client.use(middleware): a middleware is an object with onRequest and/or onResponse');
    this.runtime.middleware!.push(middleware);
    return this;
  }

  /** Credit token and balance, spend so far: shared with this client's `withOptions` copies while `payments` and `creditToken` stay the same. */
  get billing(): Billing {
    return this.runtime.billing!;
  }

  /**
   * A client with some options changed; it keeps this client's payment handler unless `payments` is given, and its
   * middleware (those added by `use` too) unless `middleware` is given.
   */
  override withOptions(options: Partial<ClientOptions>): this {
    return super.withOptions(
      Object.assign({ payments: this.billing.payments }, options, { middleware: options.middleware ?? this.runtime.middleware!.slice() }),
    );
  }

  /** The versioned family (/api/v1) by resource: `client.v1.options.ohlcvt({ query })`. */
  get v1(): V1Namespaces {
    return namespacesOf(this, 'v1') as unknown as V1Namespaces;
  }

  /** The legacy family (/analytics, /historical) by resource: `client.legacy.derivs.futures({ path })`. */
  get legacy(): LegacyNamespaces {
    return namespacesOf(this, 'legacy') as unknown as LegacyNamespaces;
  }

  /** Calls one operation by operationId and resolves to its success body; throws an APIError subclass otherwise. */
  call<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<OperationResults[Op]> {
    try {
      return this.request(operationOf(operationId) as OperationInfo<Op>, ...args);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Like `call`, also giving the raw Response (its body already read), status and request id. */
  callWithResponse<Op extends OperationId>(operationId: Op, ...args: CallArgs<Op>): Promise<ResponseWithMeta<OperationResults[Op]> & { billing: BillingMeta }> {
    // The full client's billing layer always fills `billing`.
    return this.requestWithResponse(operationOf(operationId) as OperationInfo<Op>, ...args) as Promise<
      ResponseWithMeta<OperationResults[Op]> & { billing: BillingMeta }
    >;
  }

  /**
   * Every item of a paginated operation (only those accept: a compile error otherwise), following
   * `meta.next_cursor` (versioned family) or `page`/`total_pages` (legacy historical routes).
   * `for await (const row of client.paginate('getOptionsTrades', { query }))`; `.pages()` yields whole pages.
   * A start..end longer than the operation's `x-max-window` is walked as consecutive compliant windows (windows.ts);
   * `{ windows: 'off' }` in the per-call options refuses it instead. `{ budget }` refuses, before any request, a scan
   * whose plan (`planScan`) may cost more; `{ maxPages }` stops after that many pages (plan/budgeted-scan.ts).
   */
  paginate<Op extends PaginatedOperationId>(operation: Op | OperationInfo<Op>, ...args: ScanArgs<Op>): Paginated<Op> {
    return budgetedPaginate(this, typeof operation === 'string' ? (operationOf(operation) as OperationInfo<Op>) : operation, args);
  }

  /**
   * What `paginate` with the same arguments would walk and cost, without sending anything: its windows, the bounds of
   * its requests from the contract (window limits, page sizes, rows per bucket) and its cost paid per call (x402) or
   * in credits (plan/plan-scan.ts).
   */
  planScan<Op extends PaginatedOperationId>(operation: Op | OperationInfo<Op>, ...args: ScanArgs<Op>): ScanPlan {
    const info = typeof operation === 'string' ? operationOf(operation) : operation;
    if (!info.pagination) throw new TypeError(`${info.operationId} is not paginated`);
    const [params, options] = args as [never, ScanRequestOptions | undefined];
    return planOf(info, params, options);
  }

  /** Rows of closed buckets only, up to `meta.completeness.complete_through`; `.resume` is the next run's `query.start` (complete-minutes.ts). */
  scanComplete<Op extends PaginatedOperationId>(operation: Op | OperationInfo<Op>, ...args: WindowedArgs<Op>): CompleteScan<Op> {
    return scanComplete(this, typeof operation === 'string' ? (operationOf(operation) as OperationInfo<Op>) : operation, ...args);
  }

  /** Polls the data-corrections feed; yields each new or updated correction once, with the `since` state to persist (corrections.ts). */
  watchCorrections(options?: WatchCorrectionsOptions): CorrectionsWatch {
    return watchCorrections(this, options);
  }
}

// One method per operationId, on the prototype: made once per process, not once per client.
for (const operationId of Object.keys(OPERATIONS)) {
  Object.defineProperty(LaevitasClient.prototype, operationId, {
    value(this: LaevitasClient, params?: object, options?: object) {
      return this.call(operationId as OperationId, ...([params, options] as never as CallArgs<OperationId>));
    },
    enumerable: false,
    writable: true,
    configurable: true,
  });
}

// `client.stream()` is on every client at run time, where without the stream entry it says what to import; its type
// comes with the stream entry (the module augmentation in stream-entry.ts). So a program that never imports that entry
// neither loads the stream's declarations (3.9k of the 30.2k syntax nodes the main entry's held, `node
// tools/bench/typecheck.mjs`) nor compiles a call that could only throw.
Object.defineProperty(LaevitasClient.prototype, 'stream', {
  value(this: LaevitasClient, options?: object) {
    return openStream(this, options);
  },
  enumerable: false,
  writable: true,
  configurable: true,
});

const namespaceCache = new WeakMap<LaevitasClient, Record<string, object>>();

/** A family's namespaces for one client, made on first use: plain objects of functions bound to the client. */
function namespacesOf(client: LaevitasClient, family: 'v1' | 'legacy'): object {
  let cached = namespaceCache.get(client);
  if (!cached) namespaceCache.set(client, (cached = {}));
  const existing = cached[family];
  if (existing) return existing;
  const made: Record<string, Record<string, (params?: object, options?: object) => Promise<unknown>>> = {};
  for (const [namespace, methods] of Object.entries(NAMESPACES[family] ?? {})) {
    const resource: Record<string, (params?: object, options?: object) => Promise<unknown>> = {};
    for (const [method, operationId] of Object.entries(methods)) {
      resource[method] = (params, options) => client.call(operationId, ...([params, options] as never as CallArgs<OperationId>));
    }
    made[namespace] = Object.freeze(resource);
  }
  return (cached[family] = Object.freeze(made));
}

/** Creates a client: `client.v1.options.ohlcvt({ query: { … } })`, or `client.getOptionsOhlcvt(…)`. */
export function createClient(options: ClientOptions = {}): LaevitasClient {
  return new LaevitasClient(options);
}
