// The x402 version 2 wire format as the mock speaks it: the `payment-required` quote (base64 JSON of a
// PaymentRequired object), the shape check of a `PAYMENT-SIGNATURE` (base64 JSON of a PaymentPayload:
// `{x402Version: 2, accepted, payload}`) and the `PAYMENT-RESPONSE` settlement receipt.
// Signatures are NOT verified cryptographically and nothing is settled on a chain: the mock checks that a payment is
// present and well formed, names what is wrong when it is not, and records one charge per accepted payment.
// sha256 from @noble/hashes (audited, dependency-free, runs in browsers too) rather than node:crypto: this module is
// one of the stages shared with the browser-side MSW handlers (pipeline.mjs).
import { sha256 } from '@noble/hashes/sha2';
import { decodeBase64, encodeBase64, toHex } from '../base64.mjs';
import { json } from '../answer-shapes.mjs';

/**
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 * @typedef {{scheme: string, network: string, amount: string, [key: string]: unknown}} PaymentRequirement one entry of a
 *   quote's `accepts` (the documented example's fields, kept as they are)
 * @typedef {{x402Version: number, error: string, resource: {url: string, mimeType: string}, accepts: PaymentRequirement[]}} Quote
 * @typedef {{network: string, payer: string, fingerprint: string}} Payment
 * @typedef {{success: true, transaction: string, network: string, payer: string}} Settlement
 */

/** @type {(value: unknown) => string} */
export const encodeBase64Json = (value) => encodeBase64(JSON.stringify(value));

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Decodes base64 (standard or URL-safe) JSON; `undefined` when the text is neither.
 * @param {unknown} text  @returns {any} the parsed JSON, which the caller checks field by field
 */
export function decodeBase64Json(text) {
  const trimmed = String(text).trim();
  if (trimmed === '' || !(BASE64.test(trimmed) || BASE64URL.test(trimmed))) return undefined;
  try {
    return JSON.parse(decodeBase64(trimmed));
  } catch {
    return undefined;
  }
}

/** '0.001' USDC → '1000' atomic units (USDC has 6 decimals), without floating point.  @param {unknown} price  @param {number} [decimals] */
export function atomicAmount(price, decimals = 6) {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(price));
  if (!match) throw new Error(`mock x402: price ${JSON.stringify(price)} is not a decimal number`);
  const fraction = (match[2] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`mock x402: price ${price} has more than ${decimals} decimals`);
  return String(BigInt(match[1] + fraction));
}

/**
 * The quote of one operation. Asset, payee and timeout come from the operation's own documented
 * `payment-required` example (the spec is the single source); an operation with `x-x402-price` is quoted at that
 * fixed price on the networks of `info.x-x402`, the others (passes, checkouts) at their example's quote amounts.
 * @param {import('../stage.mjs').OpenApiDocument} document  @param {OperationModel} op
 * @param {{host: string, pathname: string, error?: string}} where
 * @returns {Quote}
 */
export function quoteFor(document, op, { host, pathname, error = 'Payment required' }) {
  const header = op.responses.find((r) => r.status === 402)?.headers['payment-required'];
  const example = header?.example ? decodeBase64Json(header.example) : undefined;
  if (!example?.accepts?.length) throw new Error(`mock x402: ${op.operationId} documents no payment-required example to quote from`);
  const info = document.info?.['x-x402'] ?? {};
  const price = op.extensions['x-x402-price'];
  const accepts = price
    ? payPerCallNetworks(info).map((network) => ({
        ...(example.accepts.find((/** @type {PaymentRequirement} */ a) => a.network === network) ?? example.accepts[0]),
        network,
        amount: atomicAmount(price),
      }))
    : example.accepts;
  // The service sits behind TLS and announces its resources with https.
  return { x402Version: 2, error, resource: { url: `https://${host}${pathname}`, mimeType: 'application/json' }, accepts };
}

/**
 * The CAIP-2 ids a pay-per-call quote offers: `info.x-x402.networks` lists network objects; those `usedFor: all`
 * take per-call payments (the others only checkouts), and one whose id the service does not publish (`network:
 * null`) cannot be quoted, since a requirement's `network` is a string.
 * @param {{networks?: unknown[]}} info  @returns {string[]}
 */
export function payPerCallNetworks(info) {
  return (info.networks ?? [])
    .filter((/** @type {any} */ entry) => entry && typeof entry === 'object' && entry.usedFor === 'all' && typeof entry.network === 'string')
    .map((/** @type {any} */ entry) => entry.network);
}

/** The 402 answer with the quote in `payment-required`; `body` defaults to the documented example body.  @param {Quote} quote  @param {unknown} [body] */
export function paymentRequiredAnswer(quote, body = { x402Version: 2, error: quote.error }) {
  return json(402, body, { 'payment-required': encodeBase64Json(quote) });
}

/**
 * Checks the shape of a `PAYMENT-SIGNATURE` against the quote it answers.
 * @param {string} value  @param {Quote} quote
 * @returns {{ok: true, payment: Payment} | {ok: false, error: string}}
 */
export function readPaymentSignature(value, quote) {
  const decoded = decodeBase64Json(value);
  if (decoded === undefined) return { ok: false, error: 'PAYMENT-SIGNATURE must be base64-encoded JSON (an x402 version 2 PaymentPayload)' };
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) return { ok: false, error: 'PAYMENT-SIGNATURE must decode to a JSON object' };
  if (decoded.x402Version !== 2) return { ok: false, error: 'PAYMENT-SIGNATURE x402Version must be 2' };
  const accepted = decoded.accepted;
  if (!accepted || typeof accepted !== 'object' || Array.isArray(accepted)) {
    return { ok: false, error: 'PAYMENT-SIGNATURE accepted must be an object: one of the requirements of the payment-required quote' };
  }
  const networks = quote.accepts.map((a) => a.network);
  if (!networks.includes(accepted.network)) return { ok: false, error: `PAYMENT-SIGNATURE accepted.network must be one of ${networks.join(', ')}` };
  const schemes = quote.accepts.filter((a) => a.network === accepted.network).map((a) => a.scheme);
  if (!schemes.includes(accepted.scheme)) return { ok: false, error: `PAYMENT-SIGNATURE accepted.scheme must be one of ${schemes.join(', ')}` };
  if (!decoded.payload || typeof decoded.payload !== 'object' || Array.isArray(decoded.payload)) {
    return { ok: false, error: 'PAYMENT-SIGNATURE payload must be an object (the signed authorization)' };
  }
  const from = decoded.payload.authorization?.from;
  const fingerprint = toHex(sha256(new TextEncoder().encode(String(value).trim())));
  return {
    ok: true,
    payment: { network: accepted.network, payer: typeof from === 'string' && from ? from : `payer-${fingerprint.slice(0, 16)}`, fingerprint },
  };
}

/** The settlement result (`X402SettleResponse`, protocol field names) of an accepted payment.  @param {Payment} payment  @returns {Settlement} */
export function settlementOf(payment) {
  return { success: true, transaction: `0x${payment.fingerprint}`, network: payment.network, payer: payment.payer };
}
