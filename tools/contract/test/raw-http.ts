// Hostile HTTP/1.1 requests over raw TCP, shared by the fuzz suites of every port of the main job (docs-fuzz.test.ts,
// mock-raw-fuzz.test.ts): fetch would normalise the very URLs and headers under test. The generators make paths of
// traversal in every encoding (plain, percent-encoded, double-encoded, backslashes, overlong UTF-8), malformed escapes
// and NUL bytes mixed with the port's own path segments, odd methods, odd headers, URLs and header sections past the
// limits, and clients that send part of a request and stall. Each suite adds what only its port has (its paths,
// headers such as a key or a WebSocket upgrade).
import { createServer } from 'node:http';
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

/** What Node's own HTTP parser makes of a request's bytes: parsed whole, or refused with its error code. */
export type Verdict = { parsed: true } | { parsed: false; code: string };

/**
 * A bare Node HTTP server with the port's header limit, asked what its parser does with each input: a request it
 * parses whole (headers and declared body) is one our server must answer; one it refuses (a malformed request line
 * or header, a section over the limit) may end in a reset, since the refusal closes a socket the client may still be
 * writing to. Start it once per suite; `judge` sends the bytes as `exchange` does.
 */
export async function nodeParser(maxHeaderSize: number) {
  const refused = new Map<number, string>(); // by the client's port
  const parsed = new Set<number>();
  const server = createServer({ maxHeaderSize }, (req, res) => {
    req.resume();
    req.on('end', () => {
      parsed.add(req.socket.remotePort!);
      res.end();
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.remotePort !== undefined) refused.set(socket.remotePort, String(error.code));
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    judge: (raw: Buffer) =>
      new Promise<Verdict>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let local = 0;
        const done = () => {
          clearTimeout(timer);
          socket.destroy();
          // Neither parsed nor refused in 5 s: the request is incomplete (a declared body never sent), a stall.
          resolve(parsed.has(local) ? { parsed: true } : { parsed: false, code: refused.get(local) ?? 'incomplete' });
          parsed.delete(local);
          refused.delete(local);
        };
        const timer = setTimeout(done, 5_000);
        socket.on('connect', () => (local = socket.localPort!));
        socket.on('error', () => {});
        socket.on('close', done);
        socket.resume();
        socket.write(raw);
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The final status line of an answer: after any interim 1xx (a `100 Continue` to `expect: 100-continue`). */
export function finalStatus(text: string): string {
  const lines = text.match(/^HTTP\/1\.1 \d{3}[^\r\n]*/gm) ?? [];
  return lines.find((line) => !/^HTTP\/1\.1 1\d\d/.test(line)) ?? '';
}

/**
 * What is wrong with one answer to a hostile request: no answer in time, a 5xx (a client's error is a 4xx), or, for
 * a request Node's parser takes whole (`verdict`), no HTTP answer at all (a reset, or a close without a status line):
 * such a reset is our server's doing. A request the parser refuses may end in a reset; if it is answered, with a 4xx.
 */
export function answerProblems(r: HostileRequest, answer: Exchange, verdict: Verdict): string[] {
  const headers = r.headers.map((h) => h.slice(0, 60)).join(' | ');
  const what = `${r.method} ${`${r.path}${r.query}`.slice(0, 120)} [${headers}]${r.oversizedUrl ? ' (oversized URL)' : ''}${r.nul ? ' (NUL)' : ''}`;
  if ('hung' in answer) return [`${what}: no answer in 10 s`];
  const status = 'text' in answer ? finalStatus(answer.text) : '';
  if (/^HTTP\/1\.1 5\d\d/.test(status)) return [`${what}: ${status} ${'text' in answer ? answer.text.split('\r\n\r\n')[1]?.slice(0, 300) : ''}`];
  if (verdict.parsed && !status)
    return [`${what}: Node's parser takes it whole, yet no HTTP answer: ${'reset' in answer ? `reset (${answer.reset})` : 'closed without a status line'}`];
  if (!verdict.parsed && status && !/^HTTP\/1\.1 4\d\d/.test(status))
    return [`${what}: Node's parser refuses it (${verdict.code}), yet the answer is ${status}, not a 4xx`];
  return [];
}
