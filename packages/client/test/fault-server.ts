// A real HTTP server (node:http on a free port) that serves a 20-page cursor scan and a 20-page legacy page scan,
// two POST operations, and injects one fault at a time into the requests a test picks: statuses, resets before the
// headers and in the middle of the body, slow headers and bodies, bodies that are not the documented JSON,
// redirects, 202 pending. It can also enforce the service's rate windows. Every request it receives is recorded,
// body included, so a test can prove what reached the server and how often.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PAGES = 20;
export const ROWS_PER_PAGE = 5;

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** The socket is destroyed once the request (body included) has arrived, before any byte of a response. */
  | { kind: 'reset-before-headers' }
  /** Headers and half of the body are sent, then the socket is destroyed. */
  | { kind: 'reset-mid-body' }
  | { kind: 'slow-headers'; ms: number }
  /** Headers and half of the body at once, the rest after `ms`. */
  | { kind: 'slow-body'; ms: number }
  /** 200 application/json whose body stops half-way (the length header matches what is sent: valid HTTP, broken JSON). */
  | { kind: 'truncated-json' }
  | { kind: 'html' }
  | { kind: 'empty' }
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }
  | { kind: 'accepted' };

export interface Received {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** Date.now() when it arrived (the fake clock under fake timers). */
  readonly at: number;
}

interface Plan {
  readonly match: (req: Received) => boolean;
  readonly fault: Fault;
  remaining: number;
}

export interface RateWindowMs {
  readonly limit: number;
  readonly windowMs: number;
}

export interface FaultServer {
  readonly origin: string;
  readonly received: Received[];
  /** Requests answered 429 by the enforced windows (not injected ones). */
  readonly throttled: number;
  /** Injects `fault` into the next `times` requests that `match` (default: every request). */
  inject(fault: Fault, options?: { match?: (req: Received) => boolean; times?: number }): void;
  /** Enforce rolling windows over accepted requests, answering 429 beyond them (like the service). */
  enforce(windows: readonly RateWindowMs[]): void;
  /** Forgets the log, the pending faults and the windows: a clean server for the next test. */
  reset(): void;
  close(): Promise<void>;
}

const ohlcvtRow = (page: number, i: number) => ({ date: `p${page}-r${i}`, close: page * 100 + i });
const legacyRow = (page: number, i: number) => ({ date: 1_795_132_800_000 + page * 1000 + i, funding: page + i / 10 });

/** Every row of the cursor scan, in order: what a fault-free scan must yield. */
export const CURSOR_ROWS = Array.from({ length: PAGES }, (_, p) => Array.from({ length: ROWS_PER_PAGE }, (_, i) => ohlcvtRow(p, i))).flat();
export const LEGACY_ROWS = Array.from({ length: PAGES }, (_, p) => Array.from({ length: ROWS_PER_PAGE }, (_, i) => legacyRow(p + 1, i))).flat();

function route(req: Received): { status: number; body: unknown } {
  const path = req.url.pathname;
  if (req.method === 'GET' && path === '/api/v1/options/ohlcvt') {
    const cursor = req.url.searchParams.get('cursor');
    const page = cursor === null ? 0 : Number(cursor.slice(1));
    if (!(page >= 0 && page < PAGES)) return { status: 400, body: { statusCode: 400, message: ['cursor is invalid'], error: 'Bad Request' } };
    const data = Array.from({ length: ROWS_PER_PAGE }, (_, i) => ohlcvtRow(page, i));
    return { status: 200, body: { data, meta: { next_cursor: page + 1 < PAGES ? `c${page + 1}` : null } } };
  }
  if (req.method === 'GET' && path.startsWith('/historical/derivs/perpetuals/')) {
    const page = Number(req.url.searchParams.get('page') ?? 1);
    const items = page >= 1 && page <= PAGES ? Array.from({ length: ROWS_PER_PAGE }, (_, i) => legacyRow(page, i)) : [];
    return { status: 200, body: { meta: { total: PAGES * ROWS_PER_PAGE, page, items: items.length, total_pages: PAGES }, items } };
  }
  if (req.method === 'POST' && path === '/api/v1/vol-surface/risk/ladder') return { status: 200, body: { ladder: [], received: req.body.length } };
  if (req.method === 'POST' && /^\/api\/v1\/x402\/subscriptions\/checkouts\/[^/]+\/pay$/.test(path)) return { status: 200, body: { status: 'completed' } };
  if (req.method === 'POST' && path === '/api/v1/x402/credit-token/challenge') return { status: 200, body: { nonce: 'n' } };
  return { status: 404, body: { statusCode: 404, message: `no route ${req.method} ${path}`, error: 'Not Found' } };
}

export async function startFaultServer(): Promise<FaultServer> {
  const received: Received[] = [];
  const plans: Plan[] = [];
  let windows: readonly RateWindowMs[] = [];
  const accepted: number[] = [];
  let throttled = 0;

  const overLimit = (now: number) => windows.some((w) => accepted.filter((t) => now - t < w.windowMs).length >= w.limit);

  const answer = (res: ServerResponse, status: number, body: string, type = 'application/json', headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };

  const apply = (res: ServerResponse, fault: Fault, normal: { status: number; body: string }) => {
    const half = normal.body.slice(0, Math.floor(normal.body.length / 2));
    switch (fault.kind) {
      case 'status':
        return answer(
          res,
          fault.status,
          fault.body ?? JSON.stringify({ statusCode: fault.status, message: 'injected', error: 'Injected' }),
          'application/json',
          fault.headers,
        );
      case 'reset-before-headers':
        return res.socket?.destroy();
      case 'reset-mid-body':
        res.writeHead(normal.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(normal.body) });
        res.write(half);
        // Let the half reach the client before the reset, so the failure is a body read failure, not a missing response.
        return setImmediate(() => setImmediate(() => res.socket?.destroy()));
      case 'slow-headers':
        return void setTimeout(() => answer(res, normal.status, normal.body), fault.ms);
      case 'slow-body':
        res.writeHead(normal.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(normal.body) });
        res.write(half);
        return void setTimeout(() => res.end(normal.body.slice(half.length)), fault.ms);
      case 'truncated-json':
        return answer(res, 200, half);
      case 'html':
        return answer(res, 200, '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html; charset=utf-8');
      case 'empty':
        return answer(res, 200, '');
      case 'redirect':
        return answer(res, fault.status, '', 'text/plain', { location: fault.location });
      case 'accepted':
        return answer(res, 202, JSON.stringify({ status: 'pending', message: 'payment is settling' }));
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record: Received = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fault.local'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(record);
      const plan = plans.find((p) => p.remaining > 0 && p.match(record));
      if (plan) {
        plan.remaining--;
        const normal = route(record);
        return apply(res, plan.fault, { status: normal.status, body: JSON.stringify(normal.body) });
      }
      if (windows.length) {
        if (overLimit(record.at)) {
          throttled++;
          return answer(
            res,
            429,
            JSON.stringify({ statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' }),
            'application/json',
            { 'retry-after': '5' },
          );
        }
        accepted.push(record.at);
      }
      const normal = route(record);
      answer(res, normal.status, JSON.stringify(normal.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    get throttled() {
      return throttled;
    },
    inject(fault, { match = () => true, times = 1 } = {}) {
      plans.push({ match, fault, remaining: times });
    },
    enforce(next) {
      windows = next;
    },
    reset() {
      received.length = 0;
      plans.length = 0;
      accepted.length = 0;
      windows = [];
      throttled = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a connection to it is refused before anything is sent. */
export async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
