// Credit-token challenge and redemption: POST …/credit-token/challenge with
// `chain_id` and `address` issues a single-use CAIP-122 challenge valid 5 minutes; POST …/credit-token with the
// challenge's `info` fields, `address`, `chainId`, `type` and `signature` redeems it for a credit token of the
// wallet's prepaid credits (`x-credit-token`, balance in `x-credits-remaining`). A reused or unknown nonce is 401
// `nonce_invalid`, an old one 401 `expired`, an empty wallet 402 `no_credits`. The signature's format is checked
// (hex on EVM chains, base58 on Solana), not its cryptography.
import { toHex } from '../base64.mjs';
import { badRequest, json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';
import { hostOf, preferForced } from './payments.mjs';

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Chains the credit-token routes accept: the x402 networks of the spec that have a published CAIP-2 id (Base mainnet,
 * Solana mainnet) and Solana mainnet in any case (the redemption examples sign with a Solana wallet). */
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** @type {Record<string, RegExp>} by CAIP-2 namespace */
const ADDRESS = { eip155: /^0x[0-9a-fA-F]{40}$/, solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ };
/** @type {Record<string, RegExp>} by CAIP-2 namespace */
const SIGNATURE = { eip155: /^0x(?:[0-9a-fA-F]{2}){64,}$/, solana: /^[1-9A-HJ-NP-Za-km-z]{64,100}$/ };
/** Members of the challenge's `info` the redemption must repeat (the names of the spec's challenge example). */
const INFO_FIELDS = ['domain', 'uri', 'version', 'nonce', 'issuedAt', 'expirationTime'];

/** @type {(status: number, code: string) => import('../stage.mjs').Answer} */
const error = (status, code) => json(status, { code });

/**
 * @param {import('../stage.mjs').Context} ctx
 * @returns {{value: Record<string, any>, message?: undefined} | {value?: undefined, message: string}}
 */
function parseBody(ctx) {
  try {
    const value = JSON.parse(ctx.body?.length ? new TextDecoder().decode(ctx.body) : '');
    return value && typeof value === 'object' && !Array.isArray(value) ? { value } : { message: 'request body must be a JSON object' };
  } catch {
    return { message: 'request body must be valid JSON' };
  }
}

/** `eip155:8453`, `8453` or 8453 → 'eip155:8453'; the Solana mainnet CAIP-2 id as is; anything else undefined. */
/** @param {import('../stage.mjs').OpenApiDocument} document  @param {unknown} chainId */
function normaliseChain(document, chainId) {
  // `info.x-x402.networks` lists network objects; one whose id is not published (`network: null`) cannot be named.
  const published = (document.info?.['x-x402']?.networks ?? [])
    .map((/** @type {any} */ entry) => entry?.network)
    .filter((/** @type {unknown} */ id) => typeof id === 'string');
  const supported = [...published, SOLANA_MAINNET];
  const text = typeof chainId === 'number' ? `eip155:${chainId}` : /^\d+$/.test(String(chainId)) ? `eip155:${chainId}` : String(chainId);
  return supported.includes(text) ? text : undefined;
}

/** The pattern of a supported chain's namespace (`eip155:8453` → eip155); normaliseChain admits no other chain. */
/** @type {(table: Record<string, RegExp>, chain: string) => RegExp} */
const patternOf = (table, chain) => {
  const pattern = table[chain.split(':')[0] ?? ''];
  if (!pattern) throw new Error(`mock credits: no pattern for chain ${chain}`);
  return pattern;
};

/** @param {import('./store.mjs').StageDeps} deps  @returns {import('../stage.mjs').Stage} */
export function createCreditTokenStage({ document, store }) {
  /** @param {import('../stage.mjs').Context} ctx */
  function challenge(ctx) {
    const parsed = parseBody(ctx);
    if (!parsed.value) return badRequest('v1', [parsed.message]);
    const { chain_id: chainId, address } = parsed.value;
    const missing = ['chain_id', 'address'].filter((name) => parsed.value[name] === undefined || parsed.value[name] === '');
    if (missing.length)
      return badRequest(
        'v1',
        missing.map((name) => `${name} should not be empty`),
      );
    const chain = normaliseChain(document, chainId);
    if (!chain) return badRequest('v1', ['unsupported chain_id']);
    if (typeof address !== 'string' || !patternOf(ADDRESS, chain).test(address)) return badRequest('v1', ['invalid address']);
    const now = store.now();
    const nonce = toHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
    store.challenges.set(nonce, { address: address.toLowerCase(), chainId: chain, expiresAt: now + CHALLENGE_TTL_MS, used: false });
    const host = hostOf(ctx);
    return json(200, {
      info: {
        domain: host,
        uri: `https://${host}/api/v1/x402/credit-token`,
        version: '1',
        nonce,
        issuedAt: new Date(now).toISOString(),
        expirationTime: new Date(now + CHALLENGE_TTL_MS).toISOString(),
      },
    });
  }

  /** @param {import('../stage.mjs').Context} ctx */
  function redeem(ctx) {
    const chosen = ctx.headers['x-mock-credits'];
    if (chosen !== undefined && !/^\d{1,9}$/.test(chosen)) return badRequest('v1', ['x-mock-credits must be a non-negative integer']);
    const parsed = parseBody(ctx);
    if (!parsed.value) return badRequest('v1', [parsed.message]);
    const request = parsed.value;
    const missing = ['address', 'chainId', 'type', 'signature'].filter((name) => typeof request[name] !== 'string' || request[name] === '');
    if (missing.length)
      return badRequest(
        'v1',
        missing.map((name) => `${name} must be a non-empty string`),
      );
    const chain = normaliseChain(document, request.chainId);
    if (!chain) return badRequest('v1', ['unsupported chain_id']);
    if (!patternOf(ADDRESS, chain).test(request.address)) return badRequest('v1', ['invalid address']);
    if (INFO_FIELDS.some((name) => typeof request[name] !== 'string')) return error(401, 'invalid_siwx');
    const issued = store.challenges.get(request.nonce);
    if (!issued || issued.used) return error(401, 'nonce_invalid');
    // Single use: whatever happens next, this challenge is spent.
    issued.used = true;
    if (store.now() > issued.expiresAt) return error(401, 'expired');
    if (issued.address !== request.address.toLowerCase() || issued.chainId !== chain) return error(401, 'invalid_siwx');
    if (!patternOf(SIGNATURE, chain).test(request.signature)) return error(401, 'invalid_signature');
    // `x-mock-credits` (a test header) sets the balance of a wallet the mock has not seen yet.
    const wallet = store.wallet(request.address, chosen === undefined ? store.creditBundle : Number(chosen));
    if (wallet.credits <= 0) return error(402, 'no_credits');
    // CreditTokenResponseDto publishes no fields; the token and balance travel in the documented headers.
    return json(200, {}, { 'x-credit-token': store.issueToken('credits', wallet.address.toLowerCase()), 'x-credits-remaining': String(wallet.credits) });
  }

  return forOperations(
    function creditToken(ctx) {
      if (preferForced(ctx.headers)) return undefined;
      if (ctx.op?.operationId === 'postX402CreditTokenChallenge') return challenge(ctx);
      if (ctx.op?.operationId === 'postX402CreditToken') return redeem(ctx);
      return undefined;
    },
    (op) => op?.operationId === 'postX402CreditTokenChallenge' || op?.operationId === 'postX402CreditToken',
  );
}
