// The mock's memory of the API's state as the v1 document describes it: wallets and their prepaid credits, credit
// tokens, credit-token challenges, WebSocket passes, checkouts, and every charge made. It lives in memory, so a
// restart forgets it; `reset()` (POST /__mock/reset) forgets it on demand. The clock is injected so tests can move
// time (challenge expiry, pass expiry, pending checkouts) without waiting.
import { encodeBase64Url, toHex } from '../base64.mjs';

/** Credits a wallet holds when the mock first sees it: one bundle of 100 calls (credits are sold in bundles of 100). */
export const DEFAULT_CREDIT_BUNDLE = 100;

/**
 * @typedef {ReturnType<typeof createStore>} Store
 * @typedef {{document: import('../stage.mjs').OpenApiDocument, store: Store}} StageDeps what every stateful stage is made from
 * @typedef {{kind: string, subject: string, network: string, payer: string, amount: string}} Charge
 * @typedef {{checkoutToken: string, state: 'payable' | 'pending' | 'completed', completesAt?: number,
 *   receipt?: import('./x402.mjs').Settlement}} Checkout
 */

/**
 * @param {{now?: (() => number) | undefined, creditBundle?: number | undefined}} options
 */
export function createStore({ now = Date.now, creditBundle = DEFAULT_CREDIT_BUNDLE } = {}) {
  const store = {
    now,
    creditBundle,
    /** @type {{kind: string, subject: string, network: string, payer: string, amount: string, at: number}[]} */
    charges: [],
    /** @type {Map<string, {address: string, credits: number}>} wallet address (lower case) → balance */
    wallets: new Map(),
    /** @type {Map<string, {kind: 'credits' | 'ws-pass', subject: string}>} token → what it stands for */
    tokens: new Map(),
    /** @type {Map<string, {address: string, chainId: string, expiresAt: number, used: boolean}>} nonce → challenge */
    challenges: new Map(),
    /** @type {Map<string, {token: string, expiresAt: number}>} pass holder → pass */
    passes: new Map(),
    /** @type {Map<string, Checkout>} product/id → checkout */
    checkouts: new Map(),

    reset() {
      store.charges.length = 0;
      for (const map of [store.wallets, store.tokens, store.challenges, store.passes, store.checkouts]) map.clear();
    },

    /** @param {Charge} entry */
    charge(entry) {
      store.charges.push({ ...entry, at: now() });
    },

    /**
     * The wallet's balance record, created with one bundle (or `initialCredits`) the first time it is seen.
     * @param {string} address  @param {number} [initialCredits]  @returns {{address: string, credits: number}}
     */
    wallet(address, initialCredits = creditBundle) {
      const key = address.toLowerCase();
      if (!store.wallets.has(key)) store.wallets.set(key, { address, credits: initialCredits });
      return /** @type {{address: string, credits: number}} */ (store.wallets.get(key));
    },

    /**
     * A JWT-shaped token (unsigned: header.payload.signature, the last part is not a real signature).
     * @param {'credits' | 'ws-pass'} kind  @param {string} subject
     */
    issueToken(kind, subject) {
      /** @param {unknown} value */
      const part = (value) => encodeBase64Url(JSON.stringify(value));
      const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: subject, kind, iat: Math.floor(now() / 1000), jti: toHex(globalThis.crypto.getRandomValues(new Uint8Array(8))) })}.${encodeBase64Url('mock-unsigned')}`;
      store.tokens.set(token, { kind, subject });
      return token;
    },

    /**
     * Spends one credit of the wallet behind a credit token.
     * @param {string} token
     * @returns {{ok: true, remaining: number} | {ok: false, reason: 'unknown_token' | 'no_credits'}}
     */
    spendCredit(token) {
      const entry = store.tokens.get(token);
      if (!entry || entry.kind !== 'credits') return { ok: false, reason: 'unknown_token' };
      const wallet = store.wallet(entry.subject);
      if (wallet.credits <= 0) return { ok: false, reason: 'no_credits' };
      wallet.credits -= 1;
      return { ok: true, remaining: wallet.credits };
    },
  };
  return store;
}
