// Hostile HTTP/1.1 requests over raw TCP, shared by the fuzz suites of every port of the main job (docs-fuzz.test.ts,
// mock-raw-fuzz.test.ts): fetch would normalise the very URLs and headers under test. The generators make paths of
// traversal in every encoding (plain, percent-encoded, double-encoded, backslashes, overlong UTF-8), malformed escapes
// and NUL bytes mixed with the port's own path segments, odd methods, odd headers, URLs and header sections past the
// limits, and clients that send part of a request and stall. Each suite adds what only its port has (its paths,
// headers such as a key or a WebSocket upgrade).
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';

export type Exchange = { head: string; text: string } | { hung: true } | { reset: string };

/** Sends raw bytes and reads the whole answer (the request says connection: close). */
export function exchange(port: number, raw: Buffer, timeoutMs = 10_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => (socket.destroy(), resolve({ hung: true })), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (clearTimeout(timer), resolve({ reset: error.message })));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ head: text.split('\r\n')[0] ?? '', text });
    });
    socket.write(raw); // not end(): a half-closed socket reads as a client that left, and gets no answer
  });
}

/** A client that sends the start of a request and never the rest; `closed` resolves when the server hangs up. */
export function stall(port: number, raw: Buffer): { socket: Socket; closed: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  const since = Date.now();
  socket.on('error', () => {});
  socket.resume(); // reads what the server says (its 408), so the server's hang-up closes the socket
  socket.write(raw); // and never the rest
  return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - since))) };
}

export const traversal = fc.constantFrom(
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '..%2f',
  '%2e%2e%2f',
  '%2e%2e/',
  '..%5c',
  '..\\',
  '%2e%2e%5c',
  '%252e%252e%252f',
  '%c0%ae%c0%ae',
  '%c0%af',
  '%c1%9c',
  '%e0%80%ae%e0%80%ae',
  '%u002e%u002e',
  '....//',
  '.../',
  '%00',
  '%00.html',
  'index.html%00.js',
  '%',
  '%zz',
  '%e0%a4',
  '%ff%fe',
  '/',
  '//',
  '.',
  'secret.txt',
  '.env',
  '../site-secret.html',
  'site-secret.html',
  '%2e%2e%2fsecret.txt',
  '..%5csecret.txt',
  '..%2f..%2f..%2fetc%2fpasswd',
);

export const method = fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'PROPFIND', 'get', 'FOO');

/** Headers any port may meet; a suite adds its own. */
export const commonHeaders = [
  'range: bytes=0-10',
  'range: bytes=abc',
  'if-none-match: *',
  'if-modified-since: not a date',
  'accept-encoding: gzip, br',
  'accept-encoding: ,,;q=x',
  'content-length: 5',
  'transfer-encoding: chunked',
  `x-big: ${'a'.repeat(20_000)}`,
  'host: \u0000',
  'expect: 100-continue',
];

/**
 * A request of the port: a path of its own segments and traversal, an optional query, up to three headers, and now
 * and then an oversized URL, a NUL byte in the target, or a stall.
 * @param plain the port's own path segments  @param headers the headers to pick from  @param query query strings (with `?`)
 */
export function hostileRequest({ plain, headers, query = fc.constant('') }: { plain: string[]; headers: string[]; query?: fc.Arbitrary<string> }) {
  const segment = fc.oneof(
    { weight: 3, arbitrary: traversal },
    { weight: 2, arbitrary: fc.constantFrom(...plain) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const path = fc.array(segment, { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join('/')}`.replace(/[\r\n ]/g, '%20'));
  return fc.record({
    method,
    path,
    query: query.map((q) => q.replace(/[\r\n ]/g, '%20')),
    headers: fc.array(fc.constantFrom(...headers), { maxLength: 3 }),
    oversizedUrl: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    nul: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    stall: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  });
}

export type HostileRequest = ReturnType<typeof hostileRequest> extends fc.Arbitrary<infer T> ? T : never;

/** The request's bytes; a declared body is sent (a client that declares one and stalls is the `stall` case). */
export function rawOf(r: HostileRequest): Buffer {
  let target = `${r.path}${r.query}`;
  if (r.oversizedUrl) target = `${target}${r.query ? '&' : '?'}${'x'.repeat(70_000)}`;
  if (r.nul) target = `${target}\u0000`;
  const lines = [`${r.method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close', ...r.headers];
  const body = r.headers.includes('transfer-encoding: chunked') ? '0\r\n\r\n' : r.headers.includes('content-length: 5') ? 'hello' : '';
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}

/** What is wrong with one answer to a hostile request: no answer in time, or a 5xx (a client's error is a 4xx). */
export function answerProblems(r: HostileRequest, answer: Exchange): string[] {
  const what = `${r.method} ${`${r.path}${r.query}`.slice(0, 120)}`;
  if ('hung' in answer) return [`${what}: no answer in 10 s`];
  if ('text' in answer && /^HTTP\/1\.1 5\d\d/.test(answer.head)) {
    const headers = r.headers.map((h) => h.slice(0, 60)).join(' | ');
    return [`${what} [${headers}]: ${answer.head} ${answer.text.split('\r\n\r\n')[1]?.slice(0, 300) ?? ''}`];
  }
  return [];
}
