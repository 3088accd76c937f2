// WebSocket pass purchase: without a payment a 402 quote; with a well-formed payment the pass
// is active for 1 hour or 24 hours and its credit token arrives in `x-credit-token`; buying again while it is
// active extends its expiry additively (a lapsed pass restarts from now). The holder is the pass's credit token when
// the request carries one, else the paying wallet.
import { json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { acceptedOf, preferForced, hostOf } from './payments.mjs';
import { encodeBase64Json, paymentRequiredAnswer, quoteFor, readPaymentSignature, settlementOf } from './x402.mjs';

/** @type {Record<string, number>} operationId → how long a pass lasts */
const DURATION_MS = { postX402WsPassHour: 3_600_000, postX402WsPassDay: 86_400_000 };

/** @param {import('./store.mjs').StageDeps} deps  @returns {import('../stage.mjs').Stage} */
export function createWsPassStage({ document, store }) {
  return forOperations(
    function wsPass(/** @type {import('../stage.mjs').Context} */ ctx) {
      const { op } = ctx;
      const duration = op && DURATION_MS[op.operationId];
      if (!duration || preferForced(ctx.headers)) return undefined;
      const offered = quoteFor(document, op, { host: hostOf(ctx), pathname: ctx.url.pathname });
      const signature = ctx.headers['payment-signature'];
      if (signature === undefined) return paymentRequiredAnswer(offered);
      const read = readPaymentSignature(signature, offered);
      if (!read.ok) return paymentRequiredAnswer({ ...offered, error: read.error });
      const { payment } = read;
      const presented = store.tokens.get(ctx.headers['x-credit-token'] ?? '');
      const holder = presented?.kind === 'ws-pass' ? presented.subject : payment.payer.toLowerCase();
      const accepted = acceptedOf(offered, payment);
      store.charge({ kind: 'ws-pass', subject: op.operationId, network: payment.network, payer: payment.payer, amount: accepted.amount });
      const now = store.now();
      const pass = store.passes.get(holder) ?? { token: store.issueToken('ws-pass', holder), expiresAt: now };
      pass.expiresAt = Math.max(pass.expiresAt, now) + duration;
      store.passes.set(holder, pass);
      // WsPassResponseDto's fields are not published: `expires_at` is the mock's own name for the pass expiry.
      return json(
        200,
        { expires_at: new Date(pass.expiresAt).toISOString() },
        {
          'x-credit-token': pass.token,
          'payment-response': encodeBase64Json(settlementOf(payment)),
        },
      );
    },
    (op) => op !== undefined && DURATION_MS[op.operationId] !== undefined,
  );
}
