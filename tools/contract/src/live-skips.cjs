// Which operations a contract run must not send to a live deployment, and why. Both halves of the run read this one
// rule: the conformance suite (ESM, through createRequire) and the Dredd hooks (CommonJS, loaded inside Dredd).
//
// An operation moves money when it is a POST that documents 402 and accepts no API key: the only way it succeeds is
// a signed x402 payment (paying a checkout, buying a WebSocket pass, redeeming a payment for a credit token). A
// stateless example request can only be refused there, and a run that really paid would spend the caller's funds, so
// against a live target these operations are skipped with this reason; against the mock they are still exercised
// end to end (the mock verifies a payment's presence and shape, not its signature). Operations that accept an API key
// (data routes, the agent endpoint) are billed to the key's plan and stay in the run, unless the request would spend
// credits: an operation billed per JSON-RPC method (`x-credit-cost`) is skipped when the method the run sends costs
// credits, or has no published cost.
'use strict';

const API_KEY_SCHEMES = new Set(['ApiKey', 'XApiKey']);

/**
 * @param {string} method lower-case HTTP method
 * @param {any} operation the operation object of the bundled spec
 * @param {any} document the bundled spec (for the root `security`)
 * @param {unknown} [body] the request body the run would send (its JSON-RPC `method` decides a per-method cost)
 * @returns {string | undefined} why the operation is skipped against a live target, or undefined to run it
 */
function liveSkipReason(method, operation, document, body) {
  const costs = operation?.['x-credit-cost'];
  if (costs && typeof costs === 'object') {
    const rpc = body && typeof body === 'object' ? /** @type {{method?: unknown}} */ (body).method : undefined;
    const cost = typeof rpc === 'string' ? costs[rpc] : undefined;
    if (cost !== 0)
      return `spends credits: JSON-RPC method ${JSON.stringify(rpc)} costs ${cost ?? 'an unpublished number of'} credits (x-credit-cost); not sent to a live target, exercised against the mock`;
  }
  if (method.toLowerCase() !== 'post' || !operation?.responses?.['402']) return undefined;
  const security = operation.security ?? document.security ?? [];
  const acceptsApiKey = security.some((/** @type {Record<string, string[]>} */ alternative) =>
    Object.keys(alternative).some((scheme) => API_KEY_SCHEMES.has(scheme)),
  );
  if (acceptsApiKey) return undefined;
  return 'moves money: succeeds only with a signed x402 payment (documents 402, accepts no API key); not sent to a live target, exercised against the mock';
}

module.exports = { liveSkipReason };
