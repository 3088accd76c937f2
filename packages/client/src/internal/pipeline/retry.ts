// Layer: the retry loop. Each turn is one attempt through the layers below (rate limit, parse, the HTTP attempt);
// whether a failure is tried again, and after how long, is retry-rules.ts (a POST at most once, decided by how far
// the connection got). It sits under billing, so a paid request's single send is still one attempt of this loop,
// flagged `atMostOnce`. The debug line of each attempt is written here (through log.ts's AttemptLog, the full client's),
// where the outcome and the reason to retry are known.
import { APIConnectionError, APIUserAbortError, ResponseParseError, type APIError } from '../../errors.js';
import { retryDelay, shouldRetry, sleep, type Failure } from '../retry-rules.js';
import { limiterOf } from './rate-limit.js';
import type { Layer, Outcome } from './types.js';

export const retry: Layer = {
  name: 'retry',
  async handle(call, next) {
    // The debug lines (log.ts) only when the full client logs at debug: the core bundles none of their text.
    const { retryPolicy: policy, attempts } = call.client;
    for (let attempt = 1; ; attempt++) {
      call.attempt = attempt;
      const started = attempts ? Date.now() : 0;
      let failure: Failure;
      let error: APIError;
      try {
        const outcome: Outcome = await next(call);
        attempts?.ended(call, started, outcome.response.status);
        if (!outcome.error) return outcome;
        error = outcome.error;
        failure = { kind: 'status', status: outcome.response.status, headers: outcome.response.headers };
      } catch (caught) {
        attempts?.ended(call, started, caught as Error);
        if (caught instanceof ResponseParseError) failure = { kind: 'parse' };
        else if (caught instanceof APIConnectionError) failure = { kind: caught.phase };
        else throw caught;
        error = caught;
      }
      // A request carrying a signed payment is sent at most once, whatever its method (billing.ts).
      if (attempt > policy.maxRetries || !shouldRetry(call.atMostOnce ? 'POST' : call.operation.method, failure)) throw error;
      const delay = retryDelay(attempt, policy, failure);
      if (delay === undefined) throw error;
      // After a 429 the rate-limit layer has paused the budget, and waiting for the next slot is the wait.
      const paused = failure.kind === 'status' && failure.status === 429 && limiterOf(call);
      attempts?.retrying(call, failure.kind === 'status' ? failure.status : failure.kind, paused ? undefined : delay);
      if (!paused && (delay > 0 || call.options.signal?.aborted))
        await sleep(delay, call.options.signal).catch(() => {
          throw new APIUserAbortError(call.summary);
        });
    }
  },
};
