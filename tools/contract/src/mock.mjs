// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented) behind a front that does what the service does and Prism cannot. The front is a pipeline of
// stages (./mock/*.mjs, contract in ./mock/answers.mjs), listed in order in `frontStages` below: discovery routes,
// route matching (404 for unknown paths, a warning for unknown query parameters), forced outcomes (`Prefer: code=N`),
// request validation with our own validators (the real reasons in the documented 400), then data synthesised from
// the examples (identity echoed, buckets following the request, real pagination); Prism answers the rest. Before all
// of it the front upper-cases the parameters the spec marks `x-case-insensitive`, so
// `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`. Hostile input is refused first (guard),
// payment and credit state and the optional rate limit sit between validation and synthesis, and Prism is a
// supervised child (restarted when it dies, 503 while it is down) whose deterministic answers are cached. The same
// port serves the streaming gateway at /ws (./stream/mock.mjs), sharing the payment state for WebSocket passes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { deref, operationsOf } from './spec-model.mjs';
import { SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';
import { supervisePrism } from './prism.mjs';
import { problem } from './mock/answers.mjs';
import { runStages } from './mock/pipeline.mjs';
import { LIMITS, createGuard, onClientError, readBody } from './mock/guard.mjs';
import { createUpstream } from './mock/upstream.mjs';
import { createStatefulMock } from './mock/state.mjs';
import { discoveryStage } from './mock/discovery.mjs';
import { createOAuthStage } from './mock/oauth.mjs';
import { dataStages } from './mock/core.mjs';
import { caseRules, normaliseCase } from './mock/case.mjs';
import { createCors } from './mock/cors.mjs';
import { attachStreamMock } from './stream/mock.mjs';

const require = createRequire(import.meta.url);

/** @typedef {import('./spec-model.mjs').OpenApiDocument} OpenApiDocument */

// Case rules live with the runtime-neutral stages (the MSW handlers normalise the same way); re-exported for callers of this module.
export { caseRules, normaliseCase };

export async function freePort() {
  const server = createServer();
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The front's stages, in order (the stage contract is in ./mock/answers.mjs). Each line is one stage.
 * @param {{document: OpenApiDocument, bundleText: string, guard: ReturnType<typeof createGuard>,
 *   stateful: ReturnType<typeof createStatefulMock>, upstream: ReturnType<typeof createUpstream>,
 *   prism: import('./prism.mjs').SupervisedPrism, cache?: boolean, now?: () => number, cors?: ReturnType<typeof createCors>}} parts
 *   `now`: the clock of the time-series stages
 * @returns {import('./mock/answers.mjs').Stage[]}
 */
export function frontStages({ document, bundleText, guard, stateful, upstream, prism, cache = true, now = Date.now, cors = createCors(document) }) {
  const operations = operationsOf(document);
  // route → prefer → request validation, and credentials → synthesis: the runtime-neutral stages shared with the
  // MSW handlers of @laevitas-api/testing (./mock/core.mjs)
  const data = dataStages({ document, operations, validators: require('@laevitas-api/validators'), deref, cache, now });
  return [
    cors.stage, // a browser's CORS preflight → 204, on any path, before routing (./mock/cors.mjs)
    // before the guard, whose bodies are JSON only: the token endpoint takes the form body OAuth prescribes (RFC 6749)
    createOAuthStage({ now }).stage, // the agent endpoint's OAuth 2.1 sign-in: discovery documents, authorize (PKCE S256), token
    guard.stage, // hostile input (malformed escapes, over-long URLs and headers, big bodies, odd methods) → 4xx
    healthStage(prism, upstream), // health tells the truth about the Prism child
    discoveryStage(document, operations, bundleText),
    ...data.before, // route (404 for unknown paths), Prefer: code=N, request validation (the documented 400), x-max-window, the corrections control route
    ...stateful.stages, // POST /__mock/reset, MOCK_RATE_LIMIT, 402-for-keyless, x402, checkouts, passes, credits, agent
    ...data.after, // credentials (after state: keyless v1 data requests get 402 first), the corrections feed, synthesised series pages (kept by request when `cache`) with meta.completeness to match
    upstream.stage, // a supervised Prism with a cache; 503 with Retry-After while it is down
  ];
}

/**
 * `/api/v1/health` goes to the upstream stage while the Prism child is not up, which answers 503 with Retry-After and
 * why it died: the discovery stage would otherwise answer the documented body and a dead child would be silent.
 * @param {import('./prism.mjs').SupervisedPrism} prism  @param {ReturnType<typeof createUpstream>} upstream
 * @returns {import('./mock/answers.mjs').Stage}
 */
function healthStage(prism, upstream) {
  return function health(ctx) {
    return ctx.url.pathname === '/api/v1/health' && prism.state !== 'up' ? upstream.stage(ctx) : undefined;
  };
}

/**
 * @param {{port?: number | undefined, host?: string | undefined, spec?: string | undefined, dynamic?: boolean | undefined, quiet?: boolean | undefined, now?: (() => number) | undefined,
 *   rateLimit?: boolean | undefined, spare?: boolean | undefined, cache?: boolean | undefined, onDeath?: ((death: import('./prism.mjs').Death) => void) | undefined,
 *   stream?: Parameters<typeof attachStreamMock>[1] | undefined}} options
 *   `now` is the clock of the stateful stages (tests move it); `rateLimit` defaults to `MOCK_RATE_LIMIT=on`; `spare`
 *   keeps a warm second Prism that takes over at once when the first dies (`MOCK_SPARE_PRISM=on`).
 *   `stream` configures the gateway at /ws (events per second, heartbeat, seed; see ./stream/mock.mjs).
 * @returns {Promise<{url: string, streamUrl: string, log: () => string, stop: () => Promise<void>, state: import('./mock/store.mjs').Store,
 *   prism: import('./prism.mjs').SupervisedPrism, upstream: ReturnType<typeof createUpstream>}>}
 */
export async function startMock({
  port = 4010,
  host = '127.0.0.1',
  spec = SPEC_BUNDLE,
  dynamic = false,
  quiet = true,
  now = Date.now,
  rateLimit = process.env.MOCK_RATE_LIMIT === 'on',
  onDeath = undefined,
  spare = process.env.MOCK_SPARE_PRISM === 'on',
  cache = !dynamic, // --dynamic answers are random: never cached
  stream: streamOptions = {},
} = {}) {
  // Quiet: Prism logs warnings and errors only (its per-request info lines cost ~20% of its throughput); a fatal
  // error's stack is printed either way, so the supervisor still says why a child died.
  const args = ['mock', spec, ...(dynamic ? ['--dynamic'] : []), '--verboseLevel', quiet ? 'warn' : 'info'];
  const prism = await supervisePrism({ args, quiet, onDeath, spare });
  const bundleText = readFileSync(SPEC_JSON, 'utf8');
  const document = JSON.parse(bundleText);
  const rules = caseRules(operationsOf(document));
  const guard = createGuard(operationsOf(document));
  const upstream = createUpstream({ prism, cache: cache && !dynamic ? {} : false });
  const stateful = createStatefulMock({ document, now, rateLimit });
  const cors = createCors(document); // its marker puts the CORS headers on every answer the front sends
  const stages = frontStages({ document, bundleText, guard, stateful, upstream, prism, cache: cache && !dynamic, now, cors });
  const front = createServer({ maxHeaderSize: LIMITS.headerSectionBytes, requestTimeout: 30_000, headersTimeout: 15_000 }, async (req, res) => {
    try {
      const body = await readBody(req);
      const method = String(req.method ?? 'GET');
      if (!Buffer.isBuffer(body)) return send(res, cors.mark(body, method, req.headers)); // over the body limit: readBody's 413
      /** @type {import('./mock/answers.mjs').Context} */
      const ctx = {
        method: String(req.method ?? 'GET').toUpperCase(),
        rawTarget: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        url: normaliseCase(new URL(req.url ?? '/', 'http://mock.invalid'), rules),
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v ?? '')])),
        body: body.length ? body : undefined,
        remoteAddress: req.socket.remoteAddress,
        extraHeaders: {},
      };
      send(res, cors.mark(await runStages(stages, ctx), method, req.headers));
    } catch (error) {
      process.stderr.write(`[mock] front failed on ${req.method} ${req.url}: ${/** @type {Error} */ (error).stack}\n`);
      send(res, cors.mark(problem(400, 'Bad Request', `mock front: ${/** @type {Error} */ (error).message}`), String(req.method ?? 'GET'), req.headers));
    }
  });
  front.on('clientError', onClientError);
  const stream = attachStreamMock(front, { store: stateful.store, ...streamOptions });
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => front.once('error', reject).listen(port, host, resolve)));
  const url = `http://${host}:${/** @type {import('node:net').AddressInfo} */ (front.address()).port}`;
  return {
    url,
    streamUrl: stream.urlOf(url),
    log: prism.log,
    state: stateful.store,
    prism,
    upstream,
    stop: async () => {
      await stream.close();
      front.closeAllConnections?.();
      await new Promise((resolve) => front.close(resolve));
      upstream.close();
      await prism.stop();
    },
  };
}

/**
 * Writes an Answer without mutating it (cached answers are shared between requests).
 * @param {import('node:http').ServerResponse} res  @param {import('./mock/answers.mjs').Answer} answer
 */
function send(res, { status, headers = {}, body }) {
  if (res.headersSent || res.destroyed) return;
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  res.writeHead(status, { ...headers, 'content-length': String(payload.length) });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}
