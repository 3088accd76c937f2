// Base64 of UTF-8 text without Node's Buffer, so the stages shared with the browser-side MSW handlers
// (@laevitas-api/testing, see pipeline.mjs) run anywhere: `btoa`/`atob` and TextEncoder/TextDecoder are globals in
// Node, Deno, Bun, workers and browsers alike.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** @param {Uint8Array} bytes  @returns {string} standard base64 with padding */
export function bytesToBase64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** @param {string} text  @returns {string} standard base64 (with padding) of the text's UTF-8 bytes */
export function encodeBase64(text) {
  return bytesToBase64(encoder.encode(text));
}

/** @param {string} text  @returns {string} URL-safe base64 without padding of the text's UTF-8 bytes */
export function encodeBase64Url(text) {
  return encodeBase64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes standard or URL-safe base64 (padding optional) to UTF-8 text; throws on anything else, as JSON.parse would
 * on what it cannot read, so callers keep their one try/catch.
 * @param {string} text  @returns {string}
 */
export function decodeBase64(text) {
  const standard = String(text).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}

/** @param {Uint8Array} bytes  @returns {string} lower-case hex */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
