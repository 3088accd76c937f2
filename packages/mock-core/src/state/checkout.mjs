// Subscription and tick-data checkouts: payable → pay without `PAYMENT-SIGNATURE` → 402 quote;
// pay with a well-formed payment → 200 completed with the receipt, or 202 pending when the request says
// `x-mock-checkout: pending` (a pending checkout completes PENDING_MS later on the mock's clock). A pay request on a
// pending or completed checkout leaves it unchanged and is never charged again: it answers the current state with
// the same receipt. The status route reflects the state. The quote itself is made by the account backend, which the
// mock does not have, so a checkout the mock has not seen starts payable and belongs to the first
// `x-checkout-token` it is read or paid with.
import { badRequest, json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { acceptedOf, hostOf, preferForced } from './payments.mjs';
import { encodeBase64Json, paymentRequiredAnswer, quoteFor, readPaymentSignature, settlementOf } from './x402.mjs';

/** How long a pending checkout stays pending on the mock's clock before it completes. */
export const PENDING_MS = 10_000;

/** @type {Record<string, {product: string, pay: boolean}>} operationId → what it does */
const ROUTES = {
  getX402SubscriptionsCheckoutsById: { product: 'subscriptions', pay: false },
  postX402SubscriptionsCheckoutsByIdPay: { product: 'subscriptions', pay: true },
  getX402TickDataCheckoutsById: { product: 'tick-data', pay: false },
  postX402TickDataCheckoutsByIdPay: { product: 'tick-data', pay: true },
};
const OUTCOMES = ['completed', 'pending'];

// CheckoutStatusResponse, CheckoutPaidResponse and CheckoutPendingResponse publish no field names: `state` (the
// checkout states of the v1 document) and `receipt` (the settlement, X402SettleResponse) are the mock's own.
/** @param {import('./store.mjs').Checkout} checkout */
const body = (checkout) => (checkout.state === 'completed' ? { state: checkout.state, receipt: checkout.receipt } : { state: checkout.state });

/** @param {import('./store.mjs').StageDeps} deps  @returns {import('../stage.mjs').Stage} */
export function createCheckoutStage({ document, store }) {
  return forOperations(
    function checkout(/** @type {import('../stage.mjs').Context} */ ctx) {
      const { op } = ctx;
      const route = op && ROUTES[op.operationId];
      if (!route || preferForced(ctx.headers)) return undefined;
      const id = ctx.pathParams?.id ?? '';
      const checkoutToken = ctx.headers['x-checkout-token'];
      if (!checkoutToken) return badRequest('v1', ['x-checkout-token should not be empty']);
      const outcome = ctx.headers['x-mock-checkout'];
      if (route.pay && outcome !== undefined && !OUTCOMES.includes(outcome)) {
        return badRequest('v1', [`x-mock-checkout must be one of the following values: ${OUTCOMES.join(', ')}`]);
      }
      const key = `${route.product}/${id}`;
      if (!store.checkouts.has(key)) store.checkouts.set(key, { checkoutToken, state: 'payable' });
      const checkout = /** @type {import('./store.mjs').Checkout} */ (store.checkouts.get(key));
      if (checkout.checkoutToken !== checkoutToken) return badRequest('v1', [`x-checkout-token does not match checkout ${id}`]);
      if (checkout.state === 'pending' && store.now() >= /** @type {number} */ (checkout.completesAt)) checkout.state = 'completed';

      if (!route.pay) return json(200, body(checkout));
      const receiptHeader = () => ({ 'payment-response': encodeBase64Json(checkout.receipt) });
      if (checkout.state === 'pending') return json(202, body(checkout));
      if (checkout.state === 'completed') return json(200, body(checkout), receiptHeader());

      const offered = quoteFor(document, op, { host: hostOf(ctx), pathname: ctx.url.pathname });
      const signature = ctx.headers['payment-signature'];
      if (signature === undefined) return paymentRequiredAnswer(offered);
      const read = readPaymentSignature(signature, offered);
      if (!read.ok) return paymentRequiredAnswer({ ...offered, error: read.error });
      const accepted = acceptedOf(offered, read.payment);
      store.charge({ kind: 'checkout', subject: key, network: read.payment.network, payer: read.payment.payer, amount: accepted.amount });
      checkout.receipt = settlementOf(read.payment);
      if (outcome === 'pending') {
        checkout.state = 'pending';
        checkout.completesAt = store.now() + PENDING_MS;
        return json(202, body(checkout));
      }
      checkout.state = 'completed';
      return json(200, body(checkout), receiptHeader());
    },
    (op) => op !== undefined && ROUTES[op.operationId] !== undefined,
  );
}
