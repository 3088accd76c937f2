// The mock as one declared pipeline: every stage a request can pass, in order, each with why it sits where it does.
// The Node server (tools/contract) fills the transport slots (CORS preflight, hostile-input guard, health, discovery,
// Prism); the in-process handlers of @laevitas-api/testing leave them empty and end with the documented example where
// the server would ask Prism. So the two run one list and cannot drift. The stage contract is in ./stage.mjs; the
// runner (./runner.mjs) picks, once per operation, the stages after routing that concern it.
import { operationsOf } from '@laevitas-api/spec-model';
import { createRunner } from './runner.mjs';
import { routeStage } from './request/route.mjs';
import { preferStage } from './request/prefer.mjs';
import { requestValidationStage } from './request/request-validation.mjs';
import { maxWindowStage } from './request/max-window.mjs';
import { credentialsStage } from './request/credentials.mjs';
import { createStore } from './state/store.mjs';
import { createResetStage } from './state/reset.mjs';
import { createCorrectionsFeed } from './state/corrections.mjs';
import { createRateLimiter, createRateLimitStage } from './state/rate-limit.mjs';
import { createPaywallStage } from './state/payments.mjs';
import { createWsPassStage } from './state/ws-pass.mjs';
import { createCheckoutStage } from './state/checkout.mjs';
import { createCreditTokenStage } from './state/credits.mjs';
import { createAgentStage } from './state/agent.mjs';
import { synthStage } from './answers/synth.mjs';
import { withCompleteness } from './answers/completeness.mjs';
import { documentedExampleStage } from './answers/documented.mjs';

/**
 * @typedef {import('./stage.mjs').Stage} Stage
 * @typedef {import('./stage.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('./stage.mjs').OperationModel} OperationModel
 * @typedef {import('./answers/synth.mjs').Validators} Validators
 * @typedef {{preflight?: Stage | undefined, signIn?: Stage | undefined, guard?: Stage | undefined, health?: Stage | undefined,
 *   discovery?: Stage | undefined, upstream?: Stage | undefined}} TransportStages what only a server does; each slot is optional
 * @typedef {{document: OpenApiDocument, operations?: OperationModel[] | undefined, validators: Validators,
 *   cache?: boolean | undefined, now?: (() => number) | undefined, rateLimit?: boolean | undefined, creditBundle?: number | undefined,
 *   transport?: TransportStages | undefined}} PipelineParts
 *   `cache`: keep synthesised answers by request; `now`: the clock of the stateful and time-series stages (tests move
 *   it); `rateLimit`: the optional rate limit of `info.x-rate-limits` (off unless asked for)
 */

/** @type {(stage: Stage | undefined) => stage is Stage} */
const isStage = (stage) => stage !== undefined;

/**
 * Builds every stage once, in the order a request passes them, and the runner over them.
 * @param {PipelineParts} parts
 */
export function createPipeline({
  document,
  operations = operationsOf(document),
  validators,
  cache = true,
  now = Date.now,
  rateLimit = false,
  creditBundle,
  transport = {},
}) {
  const store = createStore({ now, creditBundle });
  const limiter = createRateLimiter({ limits: document.info?.['x-rate-limits'] ?? {}, now });
  const corrections = createCorrectionsFeed({ document, operations, now });
  const deps = { document, store };
  /** @type {(Stage | undefined)[]} the stages that keep state, all on one store */
  const state = [
    createResetStage([store, limiter, corrections]), // POST /__mock/reset forgets all the state below
    corrections.control, // POST /__mock/corrections publishes or updates a correction of the feed
    rateLimit ? createRateLimitStage({ limiter }) : undefined, // MOCK_RATE_LIMIT=on: a 429 takes no payment, so before the paywall
    createPaywallStage(deps), // keyless v1 data requests: a 402 quote, a payment charged or a credit spent
    createWsPassStage(deps), // WebSocket passes bought with x402
    createCheckoutStage(deps), // subscription and tick-data checkouts
    createCreditTokenStage(deps), // credit-token challenge and redemption
    createAgentStage(deps), // the agent endpoint (JSON-RPC), billed per tool call
  ];
  /** @type {(Stage | undefined)[]} */
  const declared = [
    transport.preflight, // a browser's CORS preflight → 204 on any path, before routing, as a CORS middleware in front of a router answers it
    transport.signIn, // the agent endpoint's OAuth 2.1 sign-in (discovery documents, authorize, token): before the guard, whose bodies are JSON only, since the token endpoint takes a form body (RFC 6749)
    transport.guard, // hostile input (malformed escapes, over-long targets and headers, odd methods) → 4xx before anything decodes it
    transport.health, // /api/v1/health tells the truth about the upstream (503 while it is down) before discovery answers the documented body
    transport.discovery, // /openapi.json, /.well-known/*, health: they take no parameters and must answer even odd ones, so before routing
    routeStage(operations), // 404 for an unknown path, the operation for the rest: from here on a request passes only its operation's stages
    preferStage(document), // `Prefer: code=N` is read before anything can refuse the request (an undocumented N, or example name, is itself the 400)
    requestValidationStage(validators), // the documented 400 naming every violated rule, before any state is touched
    maxWindowStage({ now }), // after validation, so start and end are valid date-times: a window over x-max-window → 400
    ...state, // the stateful stages, below: after validation (a refused request changes no state), before credentials
    credentialsStage(document), // 401 without credentials: after the paywall, so a keyless v1 data request gets its 402 first
    corrections.feed, // the corrections feed is state, not an example: answered as the control route left it
    withCompleteness(synthStage(document, validators, { cache }), document, { now }), // synthesised data, meta.completeness to match
    transport.upstream ?? documentedExampleStage(document), // the rest: the server asks Prism, the in-process mock answers the documented example
  ];
  const stages = declared.filter(isStage);
  const runner = createRunner(stages, operations);
  return { stages, stateStages: state.filter(isStage), run: runner.run, stagesOf: runner.stagesOf, store, limiter, corrections };
}
