// The codes a gateway speaks with: the documented close codes (the contract's `x-close-codes`) and the codes of its
// error replies. The gateway publishes 401 and 403 for "not authenticated"; its other error codes are not published,
// so the mocks answer every other refusal with 400 (and say what was wrong in the message).
import { STREAM_CLOSE_CODES } from '@laevitas-api/types/stream';

/** Every documented close code, in the contract's order. */
export const DOCUMENTED_CLOSE_CODES = Object.freeze(STREAM_CLOSE_CODES.map((c) => c.code));
const DOCUMENTED = new Set(DOCUMENTED_CLOSE_CODES);

/** What a client observes when the connection drops without a close frame; a server never sends it. */
export const DROPPED_CLOSE_CODE = 1006;

/** @param {number} code */
export const isDocumentedCloseCode = (code) => DOCUMENTED.has(code);

/** The meaning of a documented close code, in the contract's words ('' for any other).  @param {number} code */
export const meaningOf = (code) => STREAM_CLOSE_CODES.find((c) => c.code === code)?.meaning ?? '';

/** The code of each kind of error reply. */
export const ERROR_CODES = Object.freeze({
  /** No key in the `apikey` header: every subscribe and unsubscribe is refused with it. */
  unauthenticated: 401,
  /** Any other refusal (a bad request, pattern or id, a limit): the gateway's own codes for these are not published. */
  badRequest: 400,
});

/**
 * An error reply `{id, error: {code, message}}`.
 * @param {number | null} id  @param {string} message  @param {number} [code]
 */
export const errorReply = (id, message, code = ERROR_CODES.badRequest) => ({ id, error: { code, message } });
