// The mock's data stages as one runtime-neutral unit: route matching, forced outcomes (`Prefer: code=N`), request
// validation (the documented 400 naming the parameter), the pay-per-call paywall (402 for keyless v1 data requests),
// credentials (401) and data synthesis (documented examples, synthesised rows, cursor and legacy pages that end).
// The mock server (../mock.mjs) runs these between its guard/discovery stages and Prism; the MSW handlers of
// @laevitas-api/testing run the very same list in-process, in Node and in the browser, ending with the documented
// example where the server would ask Prism. So the two cannot drift: one list, one implementation.
//
// Runtime-neutral means: nothing here (or in what it imports) may import a `node:` module or use Buffer, process or
// the file system; the spec document, the generated validators and codegen's `deref` are passed in.
// tools/contract/test/mock-core.test.ts walks this module's import graph to keep it that way.
import { json, problem } from './answers.mjs';
import { routeStage } from './route.mjs';
import { preferStage } from './prefer.mjs';
import { requestValidationStage } from './request-validation.mjs';
import { credentialsStage } from './credentials.mjs';
import { synthStage } from './synth.mjs';
import { maxWindowStage } from './max-window.mjs';
import { withCompleteness } from './completeness.mjs';
import { createCorrectionsFeed } from './corrections.mjs';

// What the testing kit's fixtures and typed overrides build on: the same plans, synthesis and route matching.
export { answerOf, planOf } from './synth.mjs';
export { compileRoutes, matchRoute } from './route.mjs';
export { hash32 } from './pagination.mjs';
import { createStatefulStages } from './stateful-stages.mjs';
import { runStages } from './pipeline.mjs';
import { caseRules, normaliseCase } from './case.mjs';

/**
 * @typedef {import('./answers.mjs').Stage} Stage
 * @typedef {import('./answers.mjs').Answer} Answer
 * @typedef {import('../spec-model.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('../spec-model.mjs').OperationModel} OperationModel
 * @typedef {{validateRequest: (operationId: string, request: any) => import('@laevitas-api/validators').ValidationResult<unknown>,
 *   validateResponse: (operationId: string, status: number, body: unknown) => import('@laevitas-api/validators').ValidationResult<unknown>}} Validators
 * @typedef {{document: OpenApiDocument, operations: OperationModel[], validators: Validators,
 *   deref: (document: Record<string, any>, node: any) => any, cache?: boolean | undefined, now?: (() => number) | undefined}} CoreParts  `now`: the clock of the time-series stages
 */

/**
 * The data stages in the mock's order, in two parts: the server puts its stateful stages (rate limit, paywall, passes, checkouts, credits, agent: the
 * server's stores) between them; the in-process mock puts the paywall there.
 * @param {CoreParts} parts  @returns {{before: Stage[], after: Stage[]}}
 */
export function dataStages({ document, operations, validators, deref, cache = true, now = Date.now }) {
  const corrections = createCorrectionsFeed({ document, operations, deref, now });
  return {
    before: [
      routeStage(operations), // 404 for an unknown path
      preferStage(), // forced outcomes (Prefer: code=N)
      requestValidationStage(validators), // the documented 400 naming the parameter
      maxWindowStage({ now }), // a start..end window longer than x-max-window → the documented 400
      corrections.control, // POST /__mock/corrections publishes or updates a correction (and /__mock/reset forgets them)
    ],
    after: [
      credentialsStage(document), // the 401 of a request without credentials (after the stateful stages: keyless v1 data requests get 402 first)
      corrections.feed, // the data-corrections feed as the control route left it
      withCompleteness(synthStage(document, validators, { cache, deref }), document, { deref, now }), // synthesised data, meta.completeness to match
    ],
  };
}

/**
 * The documented answer of one status of an operation: its JSON example (first of `examples`) and the examples of
 * its documented headers; `example` undefined when the spec shows none.
 * @param {OpenApiDocument} document  @param {CoreParts['deref']} deref  @param {OperationModel} op  @param {number} status
 * @returns {{example: unknown, headers: Record<string, string>}}
 */
export function documentedAnswerOf(document, deref, op, status) {
  const raw = deref(document, deref(document, document.paths[op.path])[op.method].responses?.[String(status)]);
  const media = raw?.content?.['application/json'];
  const example = media?.example ?? (media?.examples ? deref(document, Object.values(media.examples)[0])?.value : undefined);
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, header] of Object.entries(raw?.headers ?? {})) {
    const value = deref(document, header)?.example ?? deref(document, deref(document, header)?.schema)?.example;
    if (value !== undefined) headers[name.toLowerCase()] = String(value);
  }
  return { example: example === undefined ? undefined : structuredClone(example), headers };
}

/** The success status an operation documents first (200 for most).  @param {OperationModel} op */
export function successStatusOf(op) {
  return op.responses.find((r) => r.status >= 200 && r.status < 300)?.status ?? op.responses[0]?.status ?? 200;
}

/**
 * What Prism answers for the server: the documented example of the forced status (`Prefer: code=N`), else of the
 * operation's success status; a documented status without an example answers its status with an empty body.
 * @param {OpenApiDocument} document  @param {CoreParts['deref']} deref  @returns {Stage}
 */
export function documentedExampleStage(document, deref) {
  return function documentedExample(ctx) {
    const op = ctx.op;
    if (!op) return problem(404, 'Not Found', `Cannot ${ctx.method} ${ctx.url.pathname}`);
    const status = ctx.preferred ?? successStatusOf(op);
    const { example, headers } = documentedAnswerOf(document, deref, op, status);
    if (example === undefined) return { status, headers, body: '' };
    return json(status, example, { ...headers, 'content-type': 'application/json' });
  };
}

/**
 * The in-process mock: the server's data stages with the server's stateful stages between them (paywall, WebSocket
 * passes, checkouts, credit tokens, the agent endpoint; one store per created mock; the rate limit stays off, as in
 * the server by default), ending in the documented example where the server would ask Prism. What only the server
 * does: the hostile-input guard, the discovery routes (it serves the real bundle) and Prism's dynamic mode.
 * @param {CoreParts & {now?: (() => number) | undefined}} parts
 * @returns {{handle: (request: {method: string, url: URL, headers: Record<string, string>, body?: Uint8Array}) => Promise<Answer>, store: import('./store.mjs').Store}}
 */
export function createMockCore(parts) {
  const stateful = createStatefulStages({ document: parts.document, now: parts.now });
  const { before, after } = dataStages(parts);
  const stages = [...before, ...stateful.stages, ...after, documentedExampleStage(parts.document, parts.deref)];
  const rules = caseRules(parts.operations);
  return {
    store: stateful.store,
    handle: ({ method, url, headers, body }) =>
      runStages(stages, {
        method: method.toUpperCase(),
        url: normaliseCase(new URL(url), rules),
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: /** @type {any} */ (body?.length ? body : undefined),
        extraHeaders: {},
      }),
  };
}
