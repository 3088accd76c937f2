// The mock's stateful stages in one place: rate limit (when on) → payments and credits (data-route paywall, WS
// passes, checkouts, credit tokens, the agent endpoint), all sharing one in-memory store, plus the `POST
// /__mock/reset` route that forgets the state and the rate-limit windows. Each stage follows the stage contract of
// answers.mjs; the front runs them in this order after route matching and before data synthesis / Prism.
import { compileRoutes, matchRoute } from './route.mjs';
import { operationsOf } from '../spec-model.mjs';
import { createStatefulStages } from './stateful-stages.mjs';

// The stages themselves (and RESET_PATH) live in ./stateful-stages.mjs, shared with the in-process mock (./core.mjs).
export { RESET_PATH } from './stateful-stages.mjs';

/**
 * @param {{document: import('../spec-model.mjs').OpenApiDocument, now?: (() => number) | undefined, rateLimit?: boolean | undefined, creditBundle?: number | undefined}} options
 */
export function createStatefulMock(options) {
  const stateful = createStatefulStages(options);
  const routes = compileRoutes(operationsOf(options.document));
  return { ...stateful, matchRoute: (/** @type {string} */ method, /** @type {string} */ pathname) => matchRoute(routes, method, pathname) };
}

/**
 * Runs the stateful stages for one request on their own (tests, benches); the front runs them inside its pipeline,
 * after its route stage. Routes are matched by the same matcher as that stage (route.mjs).
 * @param {ReturnType<typeof createStatefulMock>} stateful
 * @param {Pick<import('./answers.mjs').Context, 'method' | 'url' | 'headers' | 'body' | 'remoteAddress'>} request
 * @returns {Promise<{answer?: import('./answers.mjs').Answer, extraHeaders: Record<string, string>}>}
 */
export async function runStateful(stateful, { method, url, headers, body, remoteAddress }) {
  const matched = stateful.matchRoute(method, url.pathname);
  const op = matched?.route.op;
  /** @type {import('./answers.mjs').Context} */
  const ctx = { method, url, headers, body, remoteAddress, op, pathParams: matched?.pathParams, family: op?.family, extraHeaders: {} };
  for (const stage of stateful.stages) {
    const answer = await stage(ctx);
    if (answer) return { answer, extraHeaders: ctx.extraHeaders };
  }
  return { extraHeaders: ctx.extraHeaders };
}
