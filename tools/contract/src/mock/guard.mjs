// The mock front's hostile-input guard: hostile input is answered here, in the API's own error shapes, and never reaches
// Prism raw. Prism 5 decodes path segments with a bare `decodeURIComponent` (uri-template-lite under prism-http's
// getPathParams); one malformed escape there throws outside any handler and kills the Prism process, so every path
// segment, query key and value and every header the front reads is decoded here first, and refused with a 4xx naming
// what was wrong if it cannot be.
//
// Limits (documented in the contract README; the real service's limits are not public):
//   - request target (path + query) at most 8 KiB                       → 414 URI Too Long
//   - one header value at most 8 KiB; the whole header section at most 32 KiB (node's parser enforces the latter,
//     answered by `onClientError` below)                               → 431 Request Header Fields Too Large
//   - request body at most 1 MiB                                       → 413 Payload Too Large
//   - methods: GET, HEAD, POST (what the spec uses) and OPTIONS (CORS)  → 405 Method Not Allowed with `Allow`
//   - a POST body must be JSON (`application/json` or `…+json`, UTF-8)   → 415 Unsupported Media Type
//   - malformed percent-escape or invalid UTF-8 in a path segment, a query key or value, or a header value
//                                                                        → 400 Bad Request (the documented 400 body)
import { isUtf8 } from 'node:buffer';
import { badRequest, familyOf, problem } from '@laevitas-api/mock-core/answer-shapes';

export const LIMITS = Object.freeze({
  targetBytes: 8 * 1024,
  headerValueBytes: 8 * 1024,
  headerSectionBytes: 32 * 1024,
  bodyBytes: 1024 * 1024,
  // A client that stalls mid-request is answered 408 and dropped within these (checked every 2 s, not node's 30 s):
  // it holds only its own socket, never the server.
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  timeoutCheckMs: 2_000,
});
export const METHODS = Object.freeze(['GET', 'HEAD', 'POST', 'OPTIONS']);
/** Every status the guard can answer with; each is documented in the spec's `x-gateway-responses` (a test checks). */
export const GUARD_STATUSES = Object.freeze([400, 405, 408, 413, 414, 415, 431]);

const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * Percent-decodes one URL component without throwing.
 * @param {string} raw
 * @param {{form?: boolean}} [options] form: `+` is a space (query strings)
 * @returns {{ok: true, value: string} | {ok: false, rule: string}}
 */
export function safeDecode(raw, { form = false } = {}) {
  const text = form ? raw.replaceAll('+', ' ') : raw;
  const bad = MALFORMED_ESCAPE.exec(text);
  if (bad) return { ok: false, rule: `has a malformed percent-escape "${text.slice(bad.index, bad.index + 3)}" (a % must be followed by two hex digits)` };
  try {
    return { ok: true, value: decodeURIComponent(text) };
  } catch {
    return { ok: false, rule: 'has percent-escapes that do not decode to valid UTF-8' };
  }
}

/** Decodes a path segment, or returns it unchanged when it cannot be decoded (for callers that already ran the guard).  @param {string} raw */
export function decodeSegmentOr(raw) {
  const decoded = safeDecode(raw);
  return decoded.ok ? decoded.value : raw;
}

/** Shows a hostile value in a message without echoing kilobytes or control characters back.  @param {string} value */
function shown(value) {
  const clipped = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return JSON.stringify(clipped);
}

/**
 * @typedef {import('@laevitas-api/mock-core/stage').OperationModel} OperationModel
 * @typedef {{path: string, segments: string[], methods: Set<string>}} Template
 */

/**
 * Path templates of the spec, as literal segments and parameter names, to name the parameter a bad segment fills.
 * @param {OperationModel[]} operations  @returns {Template[]}
 */
function compileTemplates(operations) {
  /** @type {Map<string, Template>} */
  const byPath = new Map();
  for (const op of operations) {
    const entry = byPath.get(op.path) ?? { path: op.path, segments: op.path.split('/'), methods: new Set() };
    entry.methods.add(op.method.toUpperCase());
    if (op.method === 'get') entry.methods.add('HEAD');
    byPath.set(op.path, entry);
  }
  return [...byPath.values()];
}

/** @param {Template[]} templates  @param {string[]} rawSegments */
function templateOf(templates, rawSegments) {
  return templates.find((t) => t.segments.length === rawSegments.length && t.segments.every((s, i) => s.startsWith('{') || s === rawSegments[i]));
}

/** Text of ASCII characters only (control characters included). */
const ASCII = /^[\u0000-\u007f]*$/;
/** The headers the front reads: their values must be UTF-8 text, since stages compare and parse them. */
const READ_HEADERS = ['prefer', 'accept', 'content-type', 'apikey', 'x-api-key', 'authorization', 'x-credit-token', 'payment-signature', 'x-checkout-token'];

/**
 * @param {ReturnType<typeof import('../spec-model.mjs').operationsOf>} operations
 * @param {typeof LIMITS} [limits]
 */
export function createGuard(operations, limits = LIMITS) {
  const templates = compileTemplates(operations);
  /** @type {Map<string, Template | null>} */
  const templateCache = new Map(); // raw path → template (or null), bounded: most clients repeat a few paths
  /** @param {string} rawPath  @param {string[]} rawSegments */
  const templateFor = (rawPath, rawSegments) => {
    let found = templateCache.get(rawPath);
    if (found === undefined) {
      found = templateOf(templates, rawSegments) ?? null;
      if (templateCache.size >= 10_000) templateCache.clear();
      templateCache.set(rawPath, found);
    }
    return found ?? undefined;
  };

  /**
   * The guard stage: `(ctx) => Answer | undefined`. Expects `ctx.rawTarget` (the request target as received) and
   * `ctx.rawHeaders` (node's flat list) when the front has them; falls back to `ctx.url` and `ctx.headers`.
   * @param {import('@laevitas-api/mock-core/stage').Context} ctx
   * @returns {import('@laevitas-api/mock-core/stage').Answer | undefined}
   */
  function stage(ctx) {
    const target = ctx.rawTarget ?? `${ctx.url.pathname}${ctx.url.search}`;
    const [rawPath, rawQuery = ''] = splitTarget(target);
    const family = familyOf(rawPath);

    if (Buffer.byteLength(target) > limits.targetBytes) {
      return problem(
        414,
        'URI Too Long',
        `request target is ${Buffer.byteLength(target)} bytes; the mock accepts at most ${limits.targetBytes} bytes (path and query)`,
      );
    }
    const rawSegments = rawPath.split('/');
    const template = templateFor(rawPath, rawSegments);
    if (!METHODS.includes(ctx.method) || (template && ctx.method !== 'OPTIONS' && !template.methods.has(ctx.method))) {
      const allow = template ? [...template.methods, 'OPTIONS'] : METHODS;
      return problem(405, 'Method Not Allowed', `method ${shown(ctx.method)} is not supported on ${shown(rawPath)}; allowed: ${allow.join(', ')}`, {
        allow: allow.join(', '),
      });
    }

    const headerAnswer = checkHeaders(ctx, family);
    if (headerAnswer) return headerAnswer;

    // Without a % nothing can fail to decode (node's parser already refused raw bytes that are not allowed).
    /** @type {string[]} */
    const messages = [];
    if (target.includes('%'))
      rawSegments.forEach((segment, i) => {
        const decoded = safeDecode(segment);
        if (decoded.ok) return;
        const name = template?.segments[i]?.startsWith('{') ? template.segments[i].slice(1, -1) : `path segment ${i}`;
        messages.push(`${name} ${decoded.rule}: ${shown(segment)}`);
      });
    for (const pair of rawQuery && target.includes('%') ? rawQuery.split('&') : []) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const [rawKey, rawValue] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      const key = safeDecode(rawKey, { form: true });
      if (!key.ok) {
        messages.push(`query parameter name ${shown(rawKey)} ${key.rule}`);
        continue;
      }
      const value = safeDecode(rawValue, { form: true });
      if (!value.ok) messages.push(`${key.value} ${value.rule}: ${shown(rawValue)}`);
    }
    if (messages.length) return badRequest(family, messages);

    if (ctx.method === 'POST' && ctx.body?.length) {
      const type = ctx.headers['content-type'];
      if (!type) return problem(415, 'Unsupported Media Type', `a request body needs content-type application/json; none was sent`);
      const [mediaType, ...params] = type.split(';').map((s) => s.trim().toLowerCase());
      const charset = params
        .find((p) => p.startsWith('charset='))
        ?.slice(8)
        .replaceAll('"', '');
      if (!/^application\/([a-z0-9.+-]+\+)?json$/.test(mediaType ?? '') || (charset && charset !== 'utf-8')) {
        return problem(415, 'Unsupported Media Type', `content-type ${shown(type)} is not supported; send application/json (UTF-8)`);
      }
      if (!isUtf8(ctx.body)) return badRequest(family, ['request body is not valid UTF-8']);
    }
    return undefined;
  }

  /** @param {import('@laevitas-api/mock-core/stage').Context} ctx  @param {import('@laevitas-api/mock-core/stage').Family} family */
  function checkHeaders(ctx, family) {
    const raw = ctx.rawHeaders ?? Object.entries(ctx.headers).flat();
    for (let i = 0; i < raw.length; i += 2) {
      // node hands header bytes over as latin1 text: one character per byte.
      const bytes = (raw[i + 1] ?? '').length;
      if (bytes > limits.headerValueBytes) {
        return problem(
          431,
          'Request Header Fields Too Large',
          `header ${raw[i]} is ${bytes} bytes; the mock accepts at most ${limits.headerValueBytes} bytes per header`,
        );
      }
    }
    for (const name of READ_HEADERS) {
      const value = ctx.headers[name];
      // node hands header bytes over as latin1; a value the front reads must be valid UTF-8 once re-read as bytes.
      // ASCII (nearly every value) is UTF-8 already: only other bytes are re-read.
      if (value !== undefined && !ASCII.test(value) && !isUtf8(Buffer.from(value, 'latin1'))) return badRequest(family, [`header ${name} is not valid UTF-8`]);
    }
    return undefined;
  }

  return { stage };
}

/** @param {string} target  @returns {[string, string]} */
function splitTarget(target) {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const hash = path.indexOf('#');
  return [hash < 0 ? path : path.slice(0, hash), q < 0 ? '' : (target.slice(q + 1).split('#')[0] ?? '')];
}

const EMPTY = Buffer.alloc(0);

/**
 * Reads a request body up to the limit. Resolves the body, or an Answer (413) as soon as the declared or received
 * length passes the limit (the rest is not read; the front closes the connection).
 * @param {import('node:http').IncomingMessage} req  @param {number} [limit]
 * @returns {Promise<Buffer | import('@laevitas-api/mock-core/stage').Answer>}
 */
export async function readBody(req, limit = LIMITS.bodyBytes) {
  /** @param {number} n */
  const tooLarge = (n) =>
    problem(413, 'Payload Too Large', `request body is ${n} bytes or more; the mock accepts at most ${limit} bytes`, { connection: 'close' });
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return tooLarge(declared);
  // No body announced: nothing to read (saves an async iteration per GET).
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) return tooLarge(size);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * node's parser refuses some requests before any handler runs (a header section over `maxHeaderSize`, a control
 * character in the request line, a malformed header). Its default answer has no body; this one uses the API's error
 * shape. Install with `server.on('clientError', onClientError)`.
 * @param {Error & {code?: string, reason?: string}} error  @param {import('node:stream').Duplex} socket
 */
export function onClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const answer =
    status === 431
      ? problem(431, 'Request Header Fields Too Large', `request line and headers are over ${LIMITS.headerSectionBytes} bytes`)
      : status === 408
        ? problem(408, 'Request Timeout', 'the request was not received in time')
        : badRequest('v1', [`the request could not be parsed as HTTP (${error.code ?? 'parse error'}: ${error.reason ?? error.message})`]);
  const reason = /** @type {Record<number, string>} */ ({ 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' })[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${answer.headers?.['content-type']}\r\nContent-Length: ${Buffer.byteLength(/** @type {string} */ (answer.body))}\r\nConnection: close\r\n\r\n${answer.body}`,
  );
}
