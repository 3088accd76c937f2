// The mock's stateful stages in one place: rate limit (when on) → payments and credits (data-route paywall, WS
// passes, checkouts, credit tokens, the agent endpoint), all sharing one in-memory store, plus the `POST
// /__mock/reset` route that forgets the state and the rate-limit windows. Each stage follows the stage contract of
// answers.mjs; the front runs them in this order after route matching and before data synthesis / Prism, and so do
// the MSW handlers of @laevitas-api/testing (./core.mjs): runtime-neutral, no node: imports.
import { json } from './answers.mjs';
import { createAgentStage } from './agent.mjs';
import { createCheckoutStage } from './checkout.mjs';
import { createCreditTokenStage } from './credits.mjs';
import { createPaywallStage } from './payments.mjs';
import { createRateLimiter, createRateLimitStage } from './rate-limit.mjs';
import { createStore } from './store.mjs';
import { createWsPassStage } from './ws-pass.mjs';

export const RESET_PATH = '/__mock/reset';

/**
 * @param {{document: import('../spec-model.mjs').OpenApiDocument, now?: (() => number) | undefined, rateLimit?: boolean | undefined, creditBundle?: number | undefined}} options
 */
export function createStatefulStages({ document, now = Date.now, rateLimit = false, creditBundle }) {
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
  return { store, limiter, stages };
}
