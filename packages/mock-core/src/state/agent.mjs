// The agent endpoint POST /api/v1/mcp (MCP Streamable HTTP, JSON-RPC 2.0): the Accept
// header must list both `application/json` and `text/event-stream` (`x-required-accept`, else 406); a body that is
// not JSON is a -32700 parse error and one that is not a JSON-RPC request a -32600, both 400 with `id: null`; a
// notification (no `id`) is accepted with 202 and no body. Billing follows `x-credit-cost`: `initialize`,
// `tools/list` (and `ping`) are free; `tools/call` costs 1 credit unless the caller holds an API key or a Bearer
// token, and without credits or a payment it gets 402 with the x402 `payment-required` header and a JSON-RPC error
// body. Results are the spec's examples with the request's `id`.
import { json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { acceptedOf, hasApiKey, hostOf, preferForced } from './payments.mjs';
import { paymentRequiredAnswer, quoteFor, readPaymentSignature } from './x402.mjs';

/** @type {(document: import('../stage.mjs').OpenApiDocument, name: string) => any} a documented example's value */
const example = (document, name) => structuredClone(document.components.examples[name].value);

/** @param {string | undefined} acceptHeader  @param {string[]} required */
function acceptsAll(acceptHeader, required) {
  const offered = String(acceptHeader ?? '')
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase());
  return required.every((type) => offered.includes(type));
}

/** @param {import('./store.mjs').StageDeps} deps  @returns {import('../stage.mjs').Stage} */
export function createAgentStage({ document, store }) {
  return forOperations(
    function agent(/** @type {import('../stage.mjs').Context} */ ctx) {
      const { op } = ctx;
      if (op?.operationId !== 'postMcp' || preferForced(ctx.headers)) return undefined;
      const required = String(op.extensions['x-required-accept'] ?? 'application/json, text/event-stream')
        .split(',')
        .map((type) => type.trim().toLowerCase());
      if (!acceptsAll(ctx.headers.accept, required)) return json(406, example(document, 'McpNotAcceptable'));

      /** @type {any} the JSON-RPC message, checked below */
      let message;
      try {
        message = JSON.parse(ctx.body?.length ? new TextDecoder().decode(ctx.body) : '');
      } catch {
        return json(400, example(document, 'McpParseError'));
      }
      if (
        !message ||
        typeof message !== 'object' ||
        Array.isArray(message) ||
        message.jsonrpc !== '2.0' ||
        typeof message.method !== 'string' ||
        message.method === ''
      ) {
        return json(400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: expected one JSON-RPC 2.0 request with a method' } });
      }
      if (!('id' in message)) return { status: 202, headers: {}, body: '' };
      if (!(typeof message.id === 'string' || Number.isSafeInteger(message.id))) {
        return json(400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: id must be a string or an integer' } });
      }
      const { id, method } = message;

      const cost = Number(op.extensions['x-credit-cost']?.[method] ?? 0);
      const entitled = hasApiKey(ctx.headers) || Boolean(ctx.url.searchParams.get('apiKey')) || /^Bearer\s+\S+/i.test(ctx.headers.authorization ?? '');
      if (cost > 0 && !entitled) {
        /** @param {string} error */
        const offered = (error) => quoteFor(document, op, { host: hostOf(ctx), pathname: ctx.url.pathname, error });
        /** @param {string} error */
        const refuse = (error) => paymentRequiredAnswer(offered(error), { jsonrpc: '2.0', id, error: { code: 402, message: error } });
        const token = ctx.headers['x-credit-token'];
        const signature = ctx.headers['payment-signature'];
        if (token !== undefined) {
          const spent = store.spendCredit(token);
          if (!spent.ok) return refuse(spent.reason === 'no_credits' ? 'no_credits' : 'X-Credit-Token is not a valid credit token');
          ctx.extraHeaders['x-credits-remaining'] = String(spent.remaining);
        } else if (signature !== undefined) {
          const quote = offered('Payment required');
          const read = readPaymentSignature(signature, quote);
          if (!read.ok) return refuse(read.error);
          const accepted = acceptedOf(quote, read.payment);
          store.charge({ kind: 'call', subject: `postMcp ${method}`, network: read.payment.network, payer: read.payment.payer, amount: accepted.amount });
          // The endpoint's page: a paid call answers the data plus a credit token holding 99 prepaid credits.
          const wallet = store.wallet(read.payment.payer, 0);
          wallet.credits += 99;
          ctx.extraHeaders['x-credit-token'] = store.issueToken('credits', wallet.address.toLowerCase());
          ctx.extraHeaders['x-credits-remaining'] = String(wallet.credits);
        } else {
          return refuse('Payment required');
        }
      }

      /** @type {Record<string, () => unknown>} */
      const results = {
        initialize: () => example(document, 'McpInitializeResult').result,
        'tools/list': () => example(document, 'McpToolsListResult').result,
        'tools/call': () => example(document, 'McpToolsCallResult').result,
        ping: () => ({}),
      };
      if (!results[method]) return json(200, { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
      return json(200, { jsonrpc: '2.0', id, result: results[method]() });
    },
    (op) => op?.operationId === 'postMcp',
  );
}
