// Layer (the full client's only: the core bundles none of it): billing, in two steps around the retry loop.
//   before  the cached credit token on versioned calls (the service rotates it, so the one configured may be stale),
//           and a credit-billed call's cost (`x-credit-cost`) reserved against the spend caps.
//   after   every response's credit headers (a rotated `x-credit-token` replaces the cached one,
//           `x-credits-remaining` is the balance); `no_credits` as a NoCreditsError; with `payments` a 402 paid once
//           by x402 (payments.ts signs; this layer adds the signature header and sends once more, at most once) and a
//           202 checkout polled instead of paid again.
// It sits above the retry loop: the paid request goes down through retries, rate limit and attempt like any other,
// flagged `atMostOnce`, and a 402 is never retried (retry-rules.ts).
import { PaymentRequiredError } from '../../errors.js';
import { NoCreditsError, saysNoCredits } from '../credits/no-credits.js';
import type { Billing } from '../billing-state.js';
import type { BillingMeta, CallContext } from '../public-types.js';
import { setHeader } from './headers.js';
import type { Call, Layer, Next, Outcome } from './types.js';

/** The client, to call the checkout status operation with the caller's signal. */
export interface StatusCaller {
  callWithResponse(operationId: string, params: object, options?: { signal: AbortSignal }): Promise<{ data: unknown; response: Response }>;
}

export const billing: Layer<'billing'> = {
  name: 'billing',
  /**
   * Not async, and the refusal path in a function of its own: a request that is simply answered (nearly all of
   * them) costs one `then`, where an async function with a try/catch around the send costs a frame and a promise
   * more on every request (pnpm bench, client overhead).
   */
  handle(call, next) {
    const state = call.client.billing!;
    const { headers, operation } = call;
    // The configured token may have been rotated (or refused) since: the cached one is sent instead. A token given
    // per call (a header of its own) is left alone.
    const configured = call.client.settings.creditToken;
    if (operation.family === 'v1' && (headers['x-credit-token'] === undefined || headers['x-credit-token'] === configured))
      setHeader(call, 'x-credit-token', state.credits.token);
    const sentToken = headers['x-credit-token'] !== undefined;
    const paidWithCredits = sentToken && headers['x-api-key'] === undefined && headers.apikey === undefined && headers.authorization === undefined;
    const creditSpend = paidWithCredits && state.payments ? state.payments.reserveCredits(contextOf(call)) : undefined;
    return next(call).then(
      (outcome) => answered(call, state, outcome, undefined),
      (error: unknown) => refused(call, state, error, sentToken, creditSpend, next),
    );
  },
};

/** A 402 (or any failure) of the first send: credits refused, or an x402 payment and the paid request. */
async function refused(
  call: Call,
  state: Billing,
  error: unknown,
  sentToken: boolean,
  creditSpend: { cancel(): void } | undefined,
  next: Next,
): Promise<Outcome> {
  if (!(error instanceof PaymentRequiredError)) throw error;
  creditSpend?.cancel();
  state.credits.observe(error.headers);
  if (saysNoCredits(error)) {
    if (sentToken) state.credits.clear();
    throw new NoCreditsError(error.status, error.body, error.headers, error.request);
  }
  // A refused credit token is forgotten (the service's own CLI does the same) and the 402 thrown: paying by x402
  // in the same call would turn one request into two charges the caller did not choose.
  if (sentToken) {
    state.credits.clear();
    throw error;
  }
  // A request that already carries a signature (set by the caller) is never signed again.
  const signing = call.headers['payment-signature'] !== undefined ? undefined : state.payments?.sign(contextOf(call), error);
  if (!signing) throw error;
  const signed = await signing;
  for (const name in signed.headers) setHeader(call, name, signed.headers[name]);
  // From here the payment exists: whatever happens, it is sent at most once and never signed again.
  call.atMostOnce = true;
  const outcome = await next(call);
  const receipt = signed.receipt((name) => outcome.response.headers.get(name));
  return answered(call, state, outcome, { amount: signed.amount, option: signed.option, receipt });
}

/** The balance and token of the response, the payment made for it, and the polling of a 202 checkout. */
function answered(call: Call, state: Billing, outcome: Outcome, payment: BillingMeta['payment']): Outcome | Promise<Outcome> {
  const meta: BillingMeta = { credits: state.credits.observe(outcome.response.headers) };
  if (payment) meta.payment = payment;
  outcome.billing = meta;
  const signal = call.options.signal;
  const settled =
    call.operation.idempotentPayment && outcome.response.status === 202
      ? state.payments?.settle(contextOf(call), outcome, meta, (operationId, params) =>
          (call.client.owner as StatusCaller).callWithResponse(operationId, params, signal && { signal }),
        )
      : undefined;
  if (!settled) return outcome;
  return settled.then((done) => {
    outcome.response = done.response;
    outcome.data = done.data;
    outcome.billing = done.billing;
    return outcome;
  });
}

/** The PaymentHandler's view of a call, made only when a handler is asked something (paying is rare). */
function contextOf(call: Call): CallContext {
  const { operation, params, summary } = call;
  const signal = call.options.signal;
  return {
    operationId: operation.operationId,
    info: operation,
    body: params.body,
    params: signal ? { path: params.path, header: params.header, signal } : { path: params.path, header: params.header },
    summary,
  };
}
