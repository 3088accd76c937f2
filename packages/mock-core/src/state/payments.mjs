// Pay-per-call on the v1 data routes: a request with no API key, no credit token
// and no payment gets the documented 402 with the `payment-required` quote; a well-formed `PAYMENT-SIGNATURE` is
// charged once and passed on; a credit token spends one credit and the balance comes back in
// `x-credits-remaining`; a spent or unknown token gets the route's 402 again (the data routes document no other
// answer for it; the quote's `error` says `no_credits` when the wallet is empty).
import { paymentRequiredAnswer, quoteFor, readPaymentSignature } from './x402.mjs';
import { forOperations } from '../stage.mjs';

/** Operations the mock's stateful stages answer themselves; the paywall leaves them to those stages. */
const OWN_BILLING = new Set(['postMcp', 'postX402WsPassHour', 'postX402WsPassDay']);

/** @typedef {import('../stage.mjs').OperationModel} OperationModel */

/** @type {(headers: Record<string, string | undefined>) => boolean} */
export const hasApiKey = (headers) => Boolean(headers['x-api-key'] || headers.apikey);

/** `Prefer: code=…` asks for a documented example on purpose; the stateful stages step aside for it. */
/** @type {(headers: Record<string, string | undefined>) => boolean} */
export const preferForced = (headers) => /\bcode=\d{3}\b/.test(headers.prefer ?? '');

/** @type {(ctx: Pick<import('../stage.mjs').Context, 'headers' | 'url'>) => string} */
export const hostOf = (ctx) => ctx.headers.host || ctx.url.host;

/** A paid data operation: it carries the fixed per-call price and documents the x402 402.  @param {OperationModel | undefined} op  @returns {op is OperationModel} */
export function isPaidDataOperation(op) {
  return Boolean(op && op.family === 'v1' && op.extensions['x-x402-price'] && !OWN_BILLING.has(op.operationId) && op.responses.some((r) => r.status === 402));
}

/** @param {import('./store.mjs').StageDeps} deps  @returns {import('../stage.mjs').Stage} */
export function createPaywallStage({ document, store }) {
  return forOperations(function paywall(/** @type {import('../stage.mjs').Context} */ ctx) {
    const { op } = ctx;
    if (!isPaidDataOperation(op) || preferForced(ctx.headers) || hasApiKey(ctx.headers)) return undefined;
    /** @param {string} error */
    const quote = (error) => quoteFor(document, op, { host: hostOf(ctx), pathname: ctx.url.pathname, error });
    const token = ctx.headers['x-credit-token'];
    if (token !== undefined) {
      const spent = store.spendCredit(token);
      if (spent.ok) {
        ctx.extraHeaders['x-credits-remaining'] = String(spent.remaining);
        return undefined;
      }
      return paymentRequiredAnswer(quote(spent.reason === 'no_credits' ? 'no_credits' : 'X-Credit-Token is not a valid credit token'));
    }
    const signature = ctx.headers['payment-signature'];
    if (signature !== undefined) {
      const offered = quote('Payment required');
      const read = readPaymentSignature(signature, offered);
      if (!read.ok) return paymentRequiredAnswer({ ...offered, error: read.error });
      const accepted = acceptedOf(offered, read.payment);
      store.charge({ kind: 'call', subject: op.operationId, network: read.payment.network, payer: read.payment.payer, amount: accepted.amount });
      return undefined;
    }
    return paymentRequiredAnswer(quote('Payment required'));
  }, isPaidDataOperation);
}

/**
 * The requirement of the quote a read payment chose: readPaymentSignature accepts only a network the quote offers,
 * so there always is one.
 * @param {import('./x402.mjs').Quote} quote  @param {import('./x402.mjs').Payment} payment
 */
export function acceptedOf(quote, payment) {
  return /** @type {import('./x402.mjs').PaymentRequirement} */ (quote.accepts.find((a) => a.network === payment.network));
}
