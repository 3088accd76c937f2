// Test support: runs the mock's stateful stages (payments, credits, passes, checkouts, the agent endpoint, the rate
// limit) for one request on their own, after the same route matching as the pipeline's route stage, without request
// validation or synthesis in front of them. The mock itself runs them inside its declared pipeline
// (@laevitas-api/mock-core, pipeline.mjs).
import * as validators from '@laevitas-api/validators';
import { compileRoutes, createPipeline, matchRoute } from '@laevitas-api/mock-core';
import { operationsOf } from '@laevitas-api/spec-model';

/**
 * @param {{document: import('@laevitas-api/mock-core/stage').OpenApiDocument, now?: (() => number) | undefined, rateLimit?: boolean | undefined,
 *   creditBundle?: number | undefined}} options
 */
export function createStatefulMock(options) {
  const operations = operationsOf(options.document);
  const pipeline = createPipeline({ ...options, operations, validators: /** @type {any} the spec's ids as plain strings */ (validators) });
  const routes = compileRoutes(operations);
  return {
    store: pipeline.store,
    limiter: pipeline.limiter,
    stages: pipeline.stateStages,
    matchRoute: (/** @type {string} */ method, /** @type {string} */ pathname) => matchRoute(routes, method, pathname),
  };
}

/**
 * Runs the stateful stages that concern the request's operation (as the pipeline chooses them) for one request.
 * @param {ReturnType<typeof createStatefulMock>} stateful
 * @param {Pick<import('@laevitas-api/mock-core/stage').Context, 'method' | 'url' | 'headers' | 'body' | 'remoteAddress'>} request
 * @returns {Promise<{answer?: import('@laevitas-api/mock-core/stage').Answer, extraHeaders: Record<string, string>}>}
 */
export async function runStateful(stateful, { method, url, headers, body, remoteAddress }) {
  const matched = stateful.matchRoute(method, url.pathname);
  const op = matched?.route.op;
  /** @type {import('@laevitas-api/mock-core/stage').Context} */
  const ctx = { method, url, headers, body, remoteAddress, op, pathParams: matched?.pathParams, family: op?.family, extraHeaders: {} };
  for (const stage of stateful.stages.filter((s) => !s.appliesTo || s.appliesTo(op))) {
    const answer = await stage(ctx);
    if (answer) return { answer, extraHeaders: ctx.extraHeaders };
  }
  return { extraHeaders: ctx.extraHeaders };
}
