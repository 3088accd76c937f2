// The login check of a gateway connection, made once from the upgrade's headers, as the gateway does since API
// v1.18.0: the key in the `apikey` header, or the credit token of a WebSocket pass in `X-Credit-Token`. The removed
// `?apiKey=` query parameter logs nothing in: such a connection opens unauthenticated and its requests are refused
// with 401 (./session.mjs), with a hint where the key goes.

/**
 * @typedef {{ok: true, holder: string | null, queryKey: boolean}} Admitted `holder`: who the connection counts against
 *   (`key:…`, `token:…`, `pass:…`), null when it is unauthenticated
 * @typedef {{ok: false, code: number, reason: string}} Refused closed at once with `code` (4001, 4006)
 * @typedef {Admitted | Refused} Credential
 * @typedef {{tokens: Map<string, {kind: string, subject: string}>, passes: Map<string, {expiresAt: number}>, now(): number}} PassStore
 *   the HTTP mock's payment state (@laevitas-api/mock-core's store), for WebSocket-pass tokens
 */

/**
 * @param {{apiKey?: string | undefined, creditToken?: string | undefined, queryKey?: boolean | undefined,
 *   store?: PassStore | undefined, apiKeys?: readonly string[] | undefined}} upgrade
 *   what the upgrade carried; `apiKeys`: the keys accepted (default: any key, as the HTTP mock accepts any)
 * @returns {Credential}
 */
export function credentialOf({ apiKey, creditToken, queryKey = false, store, apiKeys }) {
  if (apiKey) {
    if (apiKeys && !apiKeys.includes(apiKey)) return { ok: false, code: 4001, reason: 'invalid API key' };
    return { ok: true, holder: `key:${apiKey}`, queryKey: false };
  }
  if (!creditToken) return { ok: true, holder: null, queryKey };
  if (!store) return { ok: true, holder: `token:${creditToken}`, queryKey: false };
  const entry = store.tokens.get(creditToken);
  if (entry?.kind !== 'ws-pass') return { ok: false, code: 4001, reason: 'unknown credit token' };
  const pass = store.passes.get(entry.subject);
  if (!pass || pass.expiresAt <= store.now()) return { ok: false, code: 4006, reason: 'no active streaming pass' };
  return { ok: true, holder: `pass:${entry.subject}`, queryKey: false };
}

/**
 * Counts open connections per credential and per source address: past the limit a connection is closed with 4005.
 * @param {{concurrentConnectionsPerApiKey: number, concurrentConnectionsPerIp: number}} limits
 */
export function createConnectionCounter(limits) {
  /** @type {Map<string, number>} */
  const perKey = new Map();
  /** @type {Map<string, number>} */
  const perIp = new Map();
  /** @param {Map<string, number>} map  @param {string} key  @param {number} delta */
  const count = (map, key, delta) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next > 0) map.set(key, next);
    else map.delete(key);
    return next;
  };
  return {
    /**
     * Counts a connection in. `over`: it is one too many (close it with 4005); `release` counts it out when it closes.
     * @param {string | null} holder  @param {string} ip
     */
    open(holder, ip) {
      const keyCount = holder === null ? 0 : count(perKey, holder, 1);
      const ipCount = count(perIp, ip, 1);
      let released = false;
      return {
        over: keyCount > limits.concurrentConnectionsPerApiKey || ipCount > limits.concurrentConnectionsPerIp,
        release() {
          if (released) return;
          released = true;
          if (holder !== null) count(perKey, holder, -1);
          count(perIp, ip, -1);
        },
      };
    },
  };
}
