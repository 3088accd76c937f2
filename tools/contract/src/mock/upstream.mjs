// The mock front's upstream: forwards what no earlier stage answered to the supervised Prism, and keeps Prism's
// answers to deterministic requests in a bounded cache.
//
// Why a cache: Prism spends 2–20 ms per request (routing, validation, negotiation, logging) and serves a few hundred
// requests per second on this machine, against tens of thousands for a bare node:http server; contract runs, client
// tests and consumers' CI send the same requests again and again. With static examples Prism's answer is a pure
// function of the normalised request, so a repeat costs a Map lookup. What is never cached: anything but GET and HEAD,
// the stateful routes (payments, credit tokens, the agent endpoint: `/api/v1/x402/…`, `/api/v1/mcp`, anything with
// `credit-token`), Prism's 5xx, and everything when Prism runs with `--dynamic` (its answers are random then).
//
// The cache key is the normalised request: method, path, the decoded query pairs sorted by name (repeated names keep
// their order), and the headers Prism's answer depends on: `Prefer` (chosen status or example), `Accept`, and the
// presence (not value) of each credential header, since Prism checks only that a security scheme is satisfied.
//
// While Prism is down (it died and the supervisor is restarting it) every request gets a 503 with Retry-After that
// says why; a request in flight when it died gets the same 503, never a hang (each forward also has a timeout).
// While Prism is still booting (the main job opens the port first: Prism's boot takes 3–20 s), a request that
// reaches this stage waits for it, at most the minute Prism is given to listen: the earlier stages answer nearly every GET
// in-process, so what waits is a forced documented error, a POST only Prism answers, and the like.
import { Agent, request } from 'node:http';
import { problem } from '@laevitas-api/mock-core/answer-shapes';

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding', 'accept-encoding']);
const CREDENTIAL_HEADERS = ['apikey', 'x-api-key', 'authorization', 'x-credit-token', 'payment-signature', 'x-checkout-token'];
const STATEFUL = /^\/api\/v1\/(x402\/|mcp(\/|$))|credit-token/;
/** The health check reports liveness: while Prism is down it says 503, even though its last answer is cached. */
const HEALTH = /^\/api\/v1\/health\/?$/;
/** How long a request waits for a Prism still booting: as long as Prism is given to listen (../prism.mjs). */
const BOOT_WAIT_MS = 60_000;

/**
 * @typedef {import('@laevitas-api/mock-core/stage').Context} Context
 * @typedef {import('@laevitas-api/mock-core/stage').Answer} Answer
 * @typedef {Answer & {headers: Record<string, string>, body: Buffer}} PrismAnswer an answer as Prism sent it
 */

/** Whether Prism's answer to this request may be reused for an identical one.  @param {Context} ctx */
export function isCacheable(ctx) {
  return (ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.body?.length && !STATEFUL.test(ctx.url.pathname);
}

/** The normalised request a cached answer is keyed by.  @param {Context} ctx */
export function cacheKey(ctx) {
  const query = [...ctx.url.searchParams]
    .map(([k, v], i) => /** @type {[string, string, number]} */ ([k, v, i]))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[2] - b[2]))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const credentials = CREDENTIAL_HEADERS.map((h) => (ctx.headers[h] ? '1' : '0')).join('');
  return `${ctx.method} ${ctx.url.pathname}?${query}\n${ctx.headers.prefer ?? ''}\n${ctx.headers.accept ?? ''}\n${credentials}`;
}

/** A least-recently-used map bounded by entries and by body bytes. */
class AnswerCache {
  /** @param {{maxEntries: number, maxBytes: number}} limits */
  constructor({ maxEntries, maxBytes }) {
    /** @type {Map<string, PrismAnswer>} */
    this.map = new Map();
    this.bytes = 0;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }
  /** @param {string} key */
  get(key) {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  /** @param {string} key  @param {PrismAnswer} answer */
  set(key, answer) {
    const size = answer.body.length;
    if (size > this.maxBytes / 8) return; // one huge answer must not flush the rest
    this.map.set(key, answer);
    this.bytes += size;
    for (const [oldest, old] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(oldest);
      this.bytes -= old.body.length;
    }
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}

/**
 * @param {{prism: Pick<import('../prism.mjs').SupervisedPrism, 'state' | 'url' | 'deaths' | 'retryAfterSeconds' | 'whenUp'>, cache?: false | {maxEntries?: number, maxBytes?: number},
 *   timeoutMs?: number}} options
 */
export function createUpstream({ prism, cache = {}, timeoutMs = 20_000 }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answers = cache ? new AnswerCache({ maxEntries: cache.maxEntries ?? 5000, maxBytes: cache.maxBytes ?? 64 * 1024 * 1024 }) : undefined;
  /** @type {Map<string, Promise<Answer>>} */
  const inFlight = new Map(); // identical cacheable misses share one Prism request
  const stats = { hits: 0, misses: 0, forwarded: 0, unavailable: 0, waitedForStart: 0 };

  /** @param {string} why */
  function unavailable(why) {
    stats.unavailable++;
    const last = prism.deaths.at(-1);
    const cause = last ? ` (Prism exited at ${last.at}: ${last.reason})` : '';
    const seconds = prism.retryAfterSeconds();
    return problem(503, 'Service Unavailable', `mock upstream is ${why}${cause}; retry after ${seconds} s`, { 'retry-after': String(seconds) });
  }

  /**
   * One request to Prism; resolves an Answer, or undefined when the connection failed (Prism died under it).
   * @param {Context} ctx  @param {string} base  @returns {Promise<PrismAnswer | undefined>}
   */
  function send(ctx, base) {
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [k, v] of Object.entries(ctx.headers)) if (!HOP.has(k)) headers[k] = v;
    // Every answer is JSON whatever the Accept header says, as from the front's own stages: Prism would fail an Accept
    // it cannot satisfy with a 500 (NOT_ACCEPTABLE). Only an operation that requires its own Accept keeps the client's.
    if (!ctx.op?.extensions['x-required-accept']) headers.accept = 'application/json';
    if (ctx.body?.length) headers['content-length'] = String(ctx.body.length);
    const target = new URL(`${ctx.url.pathname}${ctx.url.search}`, base);
    return new Promise((resolve) => {
      const req = request(target, { method: ctx.method, headers, agent, timeout: timeoutMs }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          /** @type {Record<string, string>} */
          const out = {};
          for (const [k, v] of Object.entries(res.headers)) if (!HOP.has(k) && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 502, headers: out, body: Buffer.concat(chunks) });
        });
        res.on('error', () => resolve(undefined));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve(undefined));
      req.end(ctx.body?.length ? ctx.body : undefined);
    });
  }

  /** @param {Context} ctx  @returns {Promise<Answer>} */
  async function forward(ctx) {
    if (prism.state === 'starting') {
      stats.waitedForStart++;
      await prism.whenUp(BOOT_WAIT_MS);
    }
    const base = prism.url;
    if (!base) return unavailable(prism.state === 'starting' ? 'still starting' : 'restarting');
    stats.forwarded++;
    const answer = await send(ctx, base);
    if (answer) return answer;
    // The connection failed: Prism died under this request, or it hung past the timeout.
    return unavailable(prism.state === 'up' ? 'not answering' : 'restarting');
  }

  /** The stage: `(ctx) => Promise<Answer>`; it always answers.  @param {Context} ctx  @returns {Promise<Answer>} */
  async function stage(ctx) {
    if (prism.state === 'down' && HEALTH.test(ctx.url.pathname)) return unavailable('restarting');
    if (!answers || !isCacheable(ctx)) return forward(ctx);
    const key = cacheKey(ctx);
    const hit = answers.get(key);
    if (hit) {
      stats.hits++;
      return hit;
    }
    stats.misses++;
    let shared = inFlight.get(key);
    if (!shared) {
      shared = forward(ctx).then((answer) => {
        inFlight.delete(key);
        // Prism's own answers (503s of this stage are never cached): their body is the Buffer send() read.
        if (answer.status < 500) answers.set(key, /** @type {PrismAnswer} */ (answer));
        return answer;
      });
      inFlight.set(key, shared);
    }
    return shared;
  }

  return {
    stage,
    stats: () => ({ ...stats, entries: answers?.map.size ?? 0, bytes: answers?.bytes ?? 0 }),
    clear: () => answers?.clear(),
    close: () => agent.destroy(),
  };
}
