// The mock's stateful stages in one place: rate limit (when on) → payments and credits (data-route paywall, WS
// passes, checkouts, credit tokens, the agent endpoint), all sharing one in-memory store, plus the `POST
// /__mock/reset` route that forgets the state and the rate-limit windows. Each stage follows the stage contract of
// answers.mjs; the front runs them in this order after route matching and before data synthesis / Prism.
import { json } from './answers.mjs';
import { createAgentStage } from './agent.mjs';
import { createCheckoutStage } from './checkout.mjs';
import { createCreditTokenStage } from './credits.mjs';
import { createPaywallStage } from './payments.mjs';
import { createRateLimiter, createRateLimitStage } from './rate-limit.mjs';
import { compileRoutes, matchRoute } from './route.mjs';
import { operationsOf } from '../spec-model.mjs';
import { createStore } from './store.mjs';
import { createWsPassStage } from './ws-pass.mjs';

export const RESET_PATH = '/__mock/reset';

/**
 * @param {{document: import('../spec-model.mjs').OpenApiDocument, now?: () => number, rateLimit?: boolean, creditBundle?: number}} options
 */
export function createStatefulMock({ document, now = Date.now, rateLimit = false, creditBundle }) {
  const store = createStore({ now, creditBundle });
  const limiter = createRateLimiter({ limits: document.info?.['x-rate-limits'] ?? {}, now });
  /** @type {import('./answers.mjs').Stage} */
  const reset = (ctx) => {
    if (ctx.url.pathname !== RESET_PATH) return undefined;
    if (ctx.method !== 'POST') return json(405, { statusCode: 405, message: `${RESET_PATH} takes POST`, error: 'Method Not Allowed' }, { allow: 'POST' });
    store.reset();
    limiter.reset();
    return { status: 204, headers: {}, body: '' };
  };
  const deps = { document, store };
  /** @type {import('./answers.mjs').Stage[]} */
  const stages = [
    reset,
    ...(rateLimit ? [createRateLimitStage({ limiter })] : []),
    createPaywallStage(deps),
    createWsPassStage(deps),
    createCheckoutStage(deps),
    createCreditTokenStage(deps),
    createAgentStage(deps),
  ];
  const routes = compileRoutes(operationsOf(document));
  return { store, limiter, stages, matchRoute: (/** @type {string} */ method, /** @type {string} */ pathname) => matchRoute(routes, method, pathname) };
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
