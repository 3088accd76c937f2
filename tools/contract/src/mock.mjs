// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented, request validation on: a bad enum, a limit over its maximum or a missing required parameter
// get the documented 400 body; `Prefer: code=429` (or 402, 401, …) returns that documented response on purpose),
// behind a thin front that does what the service does and Prism cannot: it upper-cases the parameters the spec marks
// `x-case-insensitive`, so `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { operationsOf } from '../../codegen/src/spec-model.mjs';
import { SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';
import { supervisePrism } from './prism.mjs';
import { problem } from './mock/answers.mjs';
import { LIMITS, createGuard, decodeSegmentOr, onClientError, readBody } from './mock/guard.mjs';
import { createUpstream } from './mock/upstream.mjs';

/** Path templates with the positions of their case-insensitive segments, and the case-insensitive query names. */
export function caseRules(document) {
  return operationsOf(document)
    .filter((op) => op.parameters.some((p) => p.caseInsensitive))
    .map((op) => {
      const upper = new Set(op.parameters.filter((p) => p.caseInsensitive && p.in === 'path').map((p) => `{${p.name}}`));
      const segments = op.path.split('/');
      return {
        pattern: new RegExp(`^${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`),
        upperAt: segments.flatMap((s, i) => (upper.has(s) ? [i] : [])),
        query: op.parameters.filter((p) => p.caseInsensitive && p.in === 'query').map((p) => p.name),
      };
    });
}

/** Upper-cases the case-insensitive parameters of the first rule whose template matches the URL. */
export function normaliseCase(url, rules) {
  const rule = rules.find((r) => r.pattern.test(url.pathname));
  if (!rule) return url;
  const segments = url.pathname.split('/');
  for (const i of rule.upperAt) segments[i] = encodeURIComponent(decodeSegmentOr(segments[i]).toUpperCase());
  url.pathname = segments.join('/');
  for (const name of rule.query) if (url.searchParams.has(name)) url.searchParams.set(name, url.searchParams.get(name).toUpperCase());
  return url;
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * @param {{port?: number, host?: string, spec?: string, dynamic?: boolean, quiet?: boolean, spare?: boolean, cache?: boolean,
 *   onDeath?: (death: import('./prism.mjs').Death) => void}} options
 * @returns {Promise<{url: string, log: () => string, stop: () => Promise<void>,
 *   prism: import('./prism.mjs').SupervisedPrism, upstream: ReturnType<typeof createUpstream>}>}
 */
export async function startMock({
  port = 4010,
  host = '127.0.0.1',
  spec = SPEC_BUNDLE,
  dynamic = false,
  quiet = true,
  onDeath = undefined,
  spare = process.env.MOCK_SPARE_PRISM === 'on', // a warm second Prism takes over at once when the first dies
  cache = !dynamic, // --dynamic answers are random: never cached
} = {}) {
  // Quiet: Prism logs warnings and errors only (its per-request info lines cost ~20% of its throughput); a fatal
  // error's stack is printed either way, so the supervisor still says why a child died.
  const args = ['mock', spec, ...(dynamic ? ['--dynamic'] : []), '--verboseLevel', quiet ? 'warn' : 'info'];
  const prism = await supervisePrism({ args, quiet, onDeath, spare });
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  const operations = operationsOf(document);
  const rules = caseRules(document);
  const guard = createGuard(operations);
  const upstream = createUpstream({ prism, cache: cache && !dynamic ? {} : false });
  const front = createServer({ maxHeaderSize: LIMITS.headerSectionBytes, requestTimeout: 30_000, headersTimeout: 15_000 }, async (req, res) => {
    try {
      const body = await readBody(req);
      if (!Buffer.isBuffer(body)) return send(res, body);
      const ctx = {
        method: req.method ?? 'GET',
        rawTarget: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        url: new URL(req.url ?? '/', 'http://mock'),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v ?? ''])),
        body,
        extraHeaders: {},
      };
      const refused = guard.stage(ctx);
      if (refused) return send(res, refused);
      ctx.url = normaliseCase(ctx.url, rules);
      send(res, await upstream.stage(ctx), ctx.extraHeaders);
    } catch (error) {
      process.stderr.write(`[mock] front failed on ${req.method} ${req.url}: ${error.stack}\n`);
      send(res, problem(500, 'Internal Server Error', `mock front: ${error.message}`));
    }
  });
  front.on('clientError', onClientError);
  await new Promise((resolve, reject) => front.once('error', reject).listen(port, host, resolve));
  return {
    url: `http://${host}:${front.address().port}`,
    log: prism.log,
    prism,
    upstream,
    stop: async () => {
      front.closeAllConnections?.();
      await new Promise((resolve) => front.close(resolve));
      upstream.close();
      await prism.stop();
    },
  };
}

/** Writes an Answer (plus the headers earlier stages asked for) without mutating it: cached answers are shared. */
function send(res, { status, headers = {}, body }, extraHeaders = {}) {
  if (res.headersSent || res.destroyed) return;
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  res.writeHead(status, { ...headers, ...extraHeaders, 'content-length': String(payload.length) });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}
