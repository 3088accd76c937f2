// What every call of one client reads (`ClientRuntime`, declared with the call in pipeline/types.ts), resolved here
// once when the client is made (the settings are frozen): the settings with credentials hidden, per family the base URL and starting headers, the rate-limit budget, the retry
// policy, the validators, fetch and its extra options, the middleware, the log, and (full client) billing.
// The full client brings its own parts (`Full`): the logger (log.ts), then the pipeline with trace, billing and the
// observers, the middleware transport and list, the per-attempt debug log (client.ts), and the plain-http warning
// (plain-http.ts); the core bundles none of them and refuses the options that need them.
import { baseUrlFor, credentialHeaders, type ApiFamily } from '../wire.js';
import { scrub, splitUserinfo } from './url.js';
import { RateBudget, SPEC_GROUPS, sharedBudget, type BudgetConfig } from './rate-limiter.js';
import { checkClientOptions } from './check-options.js';
import { validatorLookup, type ValidatorLookup } from './validators.js';
import { addHeaders } from './pipeline/headers.js';
import type { ClientOptions } from './options.js';
import type { Billing } from './billing-state.js';
import type { Logger, Middleware } from './public-types.js';
import type { AttemptLog, ClientRuntime, Log, Next, Transport, Wire } from './pipeline/types.js';
import { compose, pipeline } from './pipeline/pipeline.js';

const CORE_PIPELINE: Next = compose(pipeline());

/** The core's transport: fetch, called as a plain function. */
const sendFetch: Transport = (call, input, init) => {
  const { fetch } = call.client;
  return fetch(input, init);
};

/** The full client's fields of a runtime, and the core's parts it replaces. */
export interface FullParts {
  send: Next;
  transport: Transport;
  middleware: Middleware[];
  attempts: AttemptLog | undefined;
  billing: Billing;
  owner: object;
}

/** What the full client adds to the core (client.ts): its logger, then its parts, made from the core's runtime. */
export interface Full {
  logOf(logger: Logger | undefined, level: string | undefined, secrets: readonly (string | undefined)[]): Log;
  parts(core: ClientRuntime, options: ClientOptions, owner: object): FullParts;
}

const env = (name: string): string | undefined => globalThis.process?.env?.[name];

/**
 * Option keys whose values are credentials, never enumerable, never printed: the key and the token always, then the
 * base URLs (when they carry userinfo).
 */
export const SECRET_OPTIONS = ['apiKey', 'creditToken', 'baseUrl', 'v2BaseUrl'] as const;

/** Base URLs with `user:password@` are credentials too. */
const hasUserinfo = (url: unknown) => typeof url === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url);

/** A copy of the options whose credentials are non-enumerable: `{...settings}`, JSON and inspect never show them. */
function hideSecrets(options: ClientOptions): Readonly<ClientOptions> {
  const copy: Record<string, unknown> = Object.assign({}, options) as Record<string, unknown>;
  // The key and the token always; a base URL when it carries userinfo. defineProperty keeps the value.
  SECRET_OPTIONS.forEach((key, i) => {
    if (i < 2 || hasUserinfo(copy[key])) Object.defineProperty(copy, key, { enumerable: false });
  });
  return Object.freeze(copy) as Readonly<ClientOptions>;
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

/** Validation that would silently never run is a mistake: say so when the client is made. */
function checkValidation(options: ClientOptions): ValidatorLookup | undefined {
  if (options.validators) return validatorLookup(options.validators);
  const wanted = options.validateRequests
    ? 'validateRequests'
    : options.validateResponses && options.validateResponses !== 'off'
      ? 'validateResponses'
      : undefined;
  if (wanted) throw new TypeError(`Invalid client options: options.${wanted} needs options.validators`);
  return undefined;
}

function wireOf(family: ApiFamily, settings: Readonly<ClientOptions>): Wire {
  const { url, authorization } = splitUserinfo(new URL(baseUrlFor(family, settings)));
  const headers: Record<string, string> = { accept: 'application/json' };
  addHeaders(headers, settings.defaultHeaders);
  addHeaders(headers, credentialHeaders(family, settings));
  if (authorization && headers.authorization === undefined) headers.authorization = authorization;
  return { base: url.href.replace(/\/+$/, ''), headers };
}

/** Checks the options and resolves what calls read. */
export function runtimeOf(
  options: ClientOptions,
  inherited: { budget?: RateBudget | undefined } | undefined,
  full: Full | undefined,
  owner: object,
): ClientRuntime {
  checkClientOptions(options);
  // The core bundles no middleware, logger or 1.x observers: taking them and never using them would be worse than
  // refusing.
  const fullOnly = options.middleware?.length
    ? 'middleware'
    : (['logger', 'logLevel', 'onRequest', 'onResponse'] as const).find((key) => options[key] !== undefined);
  if (!full && fullOnly) throw new TypeError(`Invalid client options: options.${fullOnly} needs createClient`);
  const validatorsFor = checkValidation(options);
  const settings = hideSecrets(Object.assign({}, options, { apiKey: options.apiKey ?? env('LAEVITAS_API_KEY') }));
  const config = budgetConfig(options.rateLimit);
  let budget: RateBudget | undefined;
  if (config) {
    const { shared, ...limits } = config;
    const same = inherited?.budget && JSON.stringify(inherited.budget.config) === JSON.stringify(limits);
    budget = same ? inherited.budget : shared ? sharedBudget(settings.apiKey, limits) : new RateBudget(limits);
  }
  const retry = options.retry === false ? { maxRetries: 0 } : (options.retry ?? {});
  const secrets = [settings.apiKey, settings.creditToken];
  // The core's log: its warnings to the console (LAEVITAS_LOG=off or error silences them), secrets scrubbed.
  const log: Log = full
    ? full.logOf(options.logger, options.logLevel, secrets)
    : { warn: /^(off|error)$/.test(env('LAEVITAS_LOG') as string) ? undefined : (message) => console.warn(`[laevitas] ${scrub(message, secrets)}`) };
  const userFetch = options.fetch;
  const core: ClientRuntime = {
    settings,
    wire: { legacy: wireOf('legacy', settings), v1: wireOf('v1', settings) },
    budget,
    retryPolicy: {
      maxRetries: retry.maxRetries ?? 2,
      initialDelayMs: retry.initialDelayMs ?? 500,
      maxDelayMs: retry.maxDelayMs ?? 8000,
      maxRetryAfterMs: retry.maxRetryAfterMs ?? 60_000,
    },
    validatorsFor,
    // Looked up per call, so a fetch replaced after the client was made (a test's stub) is the one used, and
    // called on globalThis, its own receiver.
    fetch: userFetch ?? ((input, init) => globalThis.fetch(input, init)),
    fetchOptions: options.fetchOptions,
    log,
    send: CORE_PIPELINE,
    transport: sendFetch,
  };
  return full ? Object.assign(core, full.parts(core, options, owner)) : core;
}
