// How the contract tools open a gateway connection: the key in the `apikey` header of the upgrade, the only place the
// gateway reads it since API v1.18.0. A URL that still carries the removed `?apiKey=` is refused with a message that
// says where the key goes, instead of connecting unauthenticated and failing on every subscribe.
import WebSocket from 'ws';

/** The gateway URL, checked: no `apiKey` query parameter.  @param {string | URL} url  @returns {URL} */
export function gatewayUrl(url) {
  const target = new URL(url);
  if (target.searchParams.has('apiKey'))
    throw new Error(
      `the gateway URL carries ?apiKey=, which the gateway removed in API v1.18.0 (a key there is ignored and every subscribe is refused with 401): drop it from the URL and pass the key as LAEVITAS_API_KEY, which is sent in the apikey header`,
    );
  return target;
}

/**
 * @param {string | URL} url  @param {string | undefined} apiKey
 * @param {import('ws').ClientOptions} [options]
 */
export function openGateway(url, apiKey, options = {}) {
  const target = gatewayUrl(url);
  return { target, ws: new WebSocket(target, { ...options, headers: { ...options.headers, ...(apiKey ? { apikey: apiKey } : {}) } }) };
}
