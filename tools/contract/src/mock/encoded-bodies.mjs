// The UTF-8 bytes of the mock's answer bodies, a large one kept by its text: a kept answer (a synthesised page) hands
// over the same string request after request, whose hash V8 keeps with the string, so a repeat costs a lookup instead
// of an encoding. Bounded by bytes (32 MB), oldest first. `encodedBodies` reports what it holds and its hit rate
// (`pnpm bench`, tools/bench/mock.mjs).

/** @type {Map<string, Buffer>} bodies of kept answers (synthesised pages), encoded once: the same text comes back request after request */
const encoded = new Map();
let encodedBytes = 0;
const ENCODED_MIN_LENGTH = 4096;
const ENCODED_MAX_BYTES = 32 * 1024 * 1024;
/** What the cache did with each large body: found it, kept it, or passed it (one over an eighth of the bound). */
const encodedCounts = { hits: 0, kept: 0, passed: 0, evicted: 0 };

/** The body cache's counts and size, for the benchmark (tools/bench/mock.mjs): hit rate and memory. */
export function encodedBodies() {
  let keyChars = 0;
  for (const text of encoded.keys()) keyChars += text.length;
  return { ...encodedCounts, entries: encoded.size, bytes: encodedBytes, keyChars, maxBytes: ENCODED_MAX_BYTES };
}

/**
 * The UTF-8 bytes of a body; one of 4,096 characters or more is kept by its text.
 * @param {string} text  @returns {Buffer}
 */
export function bytesOf(text) {
  if (text.length < ENCODED_MIN_LENGTH) return Buffer.from(text);
  let bytes = encoded.get(text);
  if (bytes) {
    encodedCounts.hits++;
    return bytes;
  }
  bytes = Buffer.from(text);
  if (bytes.length > ENCODED_MAX_BYTES / 8) {
    encodedCounts.passed++;
    return bytes; // one huge body must not flush the rest
  }
  encodedCounts.kept++;
  encoded.set(text, bytes);
  encodedBytes += bytes.length;
  for (const [oldest, old] of encoded) {
    if (encodedBytes <= ENCODED_MAX_BYTES) break;
    encoded.delete(oldest);
    encodedBytes -= old.length;
    encodedCounts.evicted++;
  }
  return bytes;
}
