// What a drift report may quote of the wire. Reports, proposed patches and pull-request bodies are public artefacts
// (CI logs, artifacts, a pull request), so every sample passes through here: the caller's API key, wherever a service
// reflects it, becomes `[redacted]`; so do the values of credential headers, tokens that look like a JWT, long
// opaque strings (signatures, payment payloads) and the user part or credential parameters of a URL. Strings are
// cut, arrays and objects trimmed, so a sample stays a sample.

export const REDACTED = '[redacted]';
/** Headers whose values are credentials or payments (request or reflected response). */
export const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'apikey',
  'x-api-key',
  'x-credit-token',
  'payment-signature',
  'x-payment',
  'cookie',
  'set-cookie',
]);
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;
/** 40+ characters of one base64/hex-like run: a signature, key or payment payload rather than data. */
const OPAQUE = /\b[A-Za-z0-9+_-]{40,}={0,2}/g;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi;
const QUERY_KEYS = /([?&](?:api_?key|apikey|key|token|signature)=)[^&\s"']*/gi;
const MAX_STRING = 120;
const MAX_ITEMS = 2;
const MAX_KEYS = 12;

/**
 * @param {string[]} secrets values that must never be shown (the API key); empty strings are ignored
 * @returns {{text: (text: string) => string, value: (value: unknown, depth?: number) => unknown, header: (name: string, value: string) => string}}
 *   `text` is for whole reports (the known secrets, credentials in URLs); `value` and `header` are for samples of the
 *   wire, where anything shaped like a token goes too.
 */
export function createRedactor(secrets = []) {
  const known = secrets.filter((s) => typeof s === 'string' && s.length >= 4).flatMap((s) => [s, encodeURIComponent(s)]);
  /** @param {string} text */
  const text = (text) => {
    let out = String(text);
    for (const secret of known) out = out.split(secret).join(REDACTED);
    return out.replace(URL_CREDENTIALS, `$1${REDACTED}@`).replace(QUERY_KEYS, `$1${REDACTED}`);
  };
  /** @param {string} sample */
  const sampleText = (sample) => text(sample).replace(JWT, REDACTED).replace(OPAQUE, REDACTED);
  /** @param {unknown} value  @param {number} [depth]  @returns {unknown} */
  const value = (value, depth = 0) => {
    if (typeof value === 'string') {
      const clean = sampleText(value);
      return clean.length > MAX_STRING ? `${clean.slice(0, MAX_STRING)}…` : clean;
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= 3) return Array.isArray(value) ? [] : {};
    if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => redactValue(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, MAX_KEYS)
        .map(([k, v]) => [k, CREDENTIAL_HEADERS.has(k.toLowerCase()) ? REDACTED : redactValue(v, depth + 1)]),
    );
  };
  /** @param {unknown} v  @param {number} depth  @returns {unknown} */
  const redactValue = (v, depth) => value(v, depth);
  /** @param {string} name  @param {string} headerValue */
  const header = (name, headerValue) => (CREDENTIAL_HEADERS.has(name.toLowerCase()) ? REDACTED : /** @type {string} */ (value(headerValue)));
  return { text, value, header };
}
