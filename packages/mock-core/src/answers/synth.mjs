// Data synthesis: answers a valid data request from the spec's own 200 example, honouring the request instead of
// replaying the example (the operation's plan: ./plan.mjs; the request's rows and pages: ./series.mjs). As a safety
// net every answer is checked against the generated response validator and the conformance invariants; one that
// fails falls back to the unscaled example values, and if that fails too the request goes on to the next stage.
import { json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { INVARIANTS } from './invariants.mjs';
import { planOf } from './plan.mjs';
import { synthesise } from './series.mjs';

export { planOf } from './plan.mjs';

/**
 * @typedef {import('../stage.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('./plan.mjs').Plan} Plan
 * @typedef {{validateRequest: (operationId: string, request: any) => import('@laevitas-api/validators').ValidationResult<unknown>,
 *   validateResponse: (operationId: string, status: number, body: unknown) => import('@laevitas-api/validators').ValidationResult<unknown>}} Validators
 *   the generated validators, called with the spec's operation ids as plain strings (passed in, not imported: the
 *   package that bundles these stages brings its own)
 */

/** A legacy page past the last one is honestly empty; the page-consistency rule speaks of pages that exist. */
/** @type {(body: any) => boolean} */
const pastTheEnd = (body) => Array.isArray(body?.items) && body.items.length === 0 && body.meta?.page > body.meta?.total_pages;

/**
 * @param {Plan} plan  @param {Record<string, string>} query  @param {unknown} body
 * @param {Validators} validators
 */
function violations(plan, query, body, validators) {
  if (!validators.validateResponse(plan.op.operationId, plan.status, body).ok) return true;
  const ctx = {
    operationId: plan.op.operationId,
    family: plan.op.family,
    path: plan.op.path,
    query,
    status: plan.status,
    body,
    paramsDeclared: plan.declaredDefaults,
  };
  return INVARIANTS.some((invariant) => !(invariant.name === 'legacy-historical-page-consistent' && pastTheEnd(body)) && invariant.check(ctx).length > 0);
}

/**
 * Stage: answers GET data operations with a synthesised body. Skipped when an outcome is forced (`Prefer: code=4xx`,
 * answered with the documented example) and for operations without a documented example (the next stage answers those).
 * @param {OpenApiDocument} document  @param {Validators} validators  @param {{cache?: boolean}} options
 * @returns {import('../stage.mjs').Stage}
 */
export function synthStage(document, validators, { cache = true }) {
  /** @type {Map<import('../stage.mjs').OperationModel, Plan | undefined>} */
  const plans = new Map();
  /** @param {import('../stage.mjs').OperationModel} op */
  const planFor = (op) => {
    if (!plans.has(op)) plans.set(op, op.method === 'get' ? planOf(document, op) : undefined);
    return plans.get(op);
  };
  // A synthesised answer depends only on the operation and the request's parameters (no clock, no state), and
  // building a page of up to 1,000 rows and writing its JSON is most of the mock's time: answers are kept by
  // request, the oldest dropped past ANSWER_CACHE_SIZE. Answers are shared, never mutated (the front writes them).
  /** @type {Map<string, import('../stage.mjs').Answer | undefined>} */
  const answers = new Map();
  const synth = function synth(/** @type {import('../stage.mjs').Context} */ ctx) {
    const op = ctx.op;
    if (!op || ctx.forcePrism) return undefined;
    const plan = planFor(op);
    if (!plan) return undefined;
    const request = { pathParams: ctx.pathParams ?? {}, query: ctx.query ?? {} };
    const key = cache ? `${op.operationId}\n${canonical(request.pathParams)}\n${canonical(request.query)}` : '';
    if (cache && answers.has(key)) return answers.get(key);
    const answer = answerOf(plan, request, validators);
    if (cache) {
      if (answers.size >= ANSWER_CACHE_SIZE) answers.delete(/** @type {string} */ (answers.keys().next().value));
      answers.set(key, answer);
    }
    return answer;
  };
  // GET operations with a documented example to synthesise from; the plan is made once, here.
  return forOperations(synth, (op) => op !== undefined && planFor(op) !== undefined);
}

const ANSWER_CACHE_SIZE = 1024;

/** Parameters as text that does not depend on their order. @param {Record<string, unknown>} params */
function canonical(params) {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  );
}

/**
 * The first synthesis that keeps the query's own promises (scaled, then unscaled, then without echoing the request's
 * identity), or undefined for the next stage (Prism) to answer.
 * @param {Plan} plan  @param {{pathParams: Record<string, string>, query: Record<string, string>}} request
 * @param {Validators} validators  @param {string} [salt] see SynthOptions (./series.mjs)
 */
export function answerOf(plan, request, validators, salt) {
  for (const options of [
    { scale: true, echo: true, salt },
    { scale: false, echo: true, salt },
    { scale: false, echo: false, salt },
  ]) {
    const { body, error } = synthesise(plan, request, options);
    if (error) return error;
    // Exactly the media type the spec declares (Dredd compares it literally), as Prism sent it.
    if (!violations(plan, request.query, body, validators)) return json(plan.status, body, { 'content-type': 'application/json' });
  }
  return undefined;
}
