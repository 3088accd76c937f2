// `POST /__mock/reset`: the mock forgets its state on demand (payments, credits, passes, checkouts, the rate-limit
// windows, published corrections), so one test file's state never leaks into the next.
import { json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';

export const RESET_PATH = '/__mock/reset';

/**
 * @param {{reset: () => void}[]} parts what is forgotten, each by its own `reset()`
 * @returns {import('../stage.mjs').Stage}
 */
export function createResetStage(parts) {
  return forOperations(
    function reset(ctx) {
      if (ctx.url.pathname !== RESET_PATH) return undefined;
      if (ctx.method !== 'POST') return json(405, { statusCode: 405, message: `${RESET_PATH} takes POST`, error: 'Method Not Allowed' }, { allow: 'POST' });
      for (const part of parts) part.reset();
      return { status: 204, headers: {}, body: '' };
    },
    // A control route: no operation of the spec matches it.
    (op) => op === undefined,
  );
}
