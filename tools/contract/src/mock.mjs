// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented) behind a front that does what the service does and Prism cannot. The front runs the mock's
// one declared pipeline (@laevitas-api/mock-core, pipeline.mjs: every stage in order, with why it sits there) and
// fills its transport slots with what only a server does: the CORS preflight and marks (./mock/cors.mjs), the
// hostile-input guard (./mock/guard.mjs), health, the discovery routes serving the real bundle, and a supervised Prism
// with a cache (./mock/upstream.mjs) for what no earlier stage answers. The same port serves the streaming gateway at
// /ws (./stream/mock.mjs), sharing the payment state for WebSocket passes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { operationsOf } from '@laevitas-api/spec-model';
import { MOCK_DEFECT, caseRules, createPipeline, normaliseCase, problem } from '@laevitas-api/mock-core';
import { discoveryStage } from '@laevitas-api/mock-core/answers/discovery';
import { SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';
import { supervisePrism } from './prism.mjs';
import { LIMITS, createGuard, onClientError, readBody } from './mock/guard.mjs';
import { createUpstream } from './mock/upstream.mjs';
import { createCors } from './mock/cors.mjs';
import { createOAuthStage } from './mock/oauth.mjs';
import { bytesOf } from './mock/encoded-bodies.mjs';
import { attachStreamMock } from './stream/mock.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {import('./spec-model.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('@laevitas-api/mock-core/stage').Stage} Stage
 * @typedef {import('@laevitas-api/mock-core/stage').Answer} Answer
 * @typedef {import('@laevitas-api/mock-core/stage').Context} Context
 */

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
 * The front's pipeline: the declared stages of @laevitas-api/mock-core with the server's transport in its slots.
 * @param {{document: OpenApiDocument, bundleText: string, guard: ReturnType<typeof createGuard>, upstream: ReturnType<typeof createUpstream>,
 *   prism: import('./prism.mjs').SupervisedPrism, cache?: boolean, now?: () => number, rateLimit?: boolean, cors?: ReturnType<typeof createCors>,
 *   operations?: import('./spec-model.mjs').OperationModel[]}} parts
 *   `now`: the clock of the stateful and time-series stages
 */
export function frontStages({
  document,
  bundleText,
  guard,
  upstream,
  prism,
  cache = true,
  now = Date.now,
  rateLimit = false,
  cors = createCors(document),
  operations = operationsOf(document),
}) {
  return createPipeline({
    document,
    operations,
    validators: require('@laevitas-api/validators'),
    cache,
    now,
    rateLimit,
    transport: {
      preflight: cors.stage,
      signIn: createOAuthStage({ now }).stage,
      guard: guard.stage,
      health: healthStage(prism, upstream),
      discovery: discoveryStage(document, operations, bundleText),
      upstream: upstream.stage,
    },
  });
}

/**
 * `/api/v1/health` goes to the upstream stage while the Prism child is down, which answers 503 with Retry-After and
 * why it died: the discovery stage would otherwise answer the documented body and a dead child would be silent. A
 * Prism still booting is no failure (the front answers meanwhile): health answers 200 then.
 * @param {import('./prism.mjs').SupervisedPrism} prism  @param {ReturnType<typeof createUpstream>} upstream
 * @returns {Stage}
 */
function healthStage(prism, upstream) {
  return function health(ctx) {
    return ctx.url.pathname === '/api/v1/health' && prism.state === 'down' ? upstream.stage(ctx) : undefined;
  };
}

/**
 * @param {{port?: number | undefined, host?: string | undefined, spec?: string | undefined, dynamic?: boolean | undefined, quiet?: boolean | undefined, now?: (() => number) | undefined,
 *   rateLimit?: boolean | undefined, spare?: boolean | undefined, cache?: boolean | undefined, onDeath?: ((death: import('./prism.mjs').Death) => void) | undefined,
 *   stream?: Parameters<typeof attachStreamMock>[1] | undefined, awaitPrism?: boolean | undefined,
 *   startPrism?: typeof import('./prism.mjs').startPrism | undefined}} options
 *   `now` is the clock of the stateful stages (tests move it); `rateLimit` defaults to `MOCK_RATE_LIMIT=on`; `spare`
 *   keeps a warm second Prism that takes over at once when the first dies (`MOCK_SPARE_PRISM=on`).
 *   `stream` configures the gateway at /ws (events per second, heartbeat, seed; see ./stream/mock.mjs).
 *   `awaitPrism: false` listens at once and boots Prism behind the front (the main job: Prism's boot is most of its
 *   start): until Prism is up, the in-process stages answer as ever and what only Prism answers waits for it.
 *   `startPrism` replaces the Prism launcher (a test holds the boot with it).
 * @returns {Promise<{url: string, streamUrl: string, log: () => string, stop: () => Promise<void>, state: import('@laevitas-api/mock-core/state/store').Store,
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
  awaitPrism = true,
  startPrism = undefined,
} = {}) {
  // Quiet: Prism logs warnings and errors only (its per-request info lines cost ~20% of its throughput); a fatal
  // error's stack is printed either way, so the supervisor still says why a child died.
  const args = ['mock', spec, ...(dynamic ? ['--dynamic'] : []), '--verboseLevel', quiet ? 'warn' : 'info'];
  const prism = await supervisePrism({ args, quiet, onDeath, spare, background: !awaitPrism, startChild: startPrism });
  const bundleText = readFileSync(SPEC_JSON, 'utf8');
  const document = JSON.parse(bundleText);
  loadEveryValidator();
  const operations = operationsOf(document);
  const rules = caseRules(operations);
  const guard = createGuard(operations);
  const upstream = createUpstream({ prism, cache: cache && !dynamic ? {} : false });
  const cors = createCors(document); // its marker puts the CORS headers on every answer the front sends
  const pipeline = frontStages({ document, bundleText, guard, upstream, prism, cache: cache && !dynamic, now, rateLimit, cors, operations });
  const serverOptions = {
    maxHeaderSize: LIMITS.headerSectionBytes,
    requestTimeout: LIMITS.requestTimeoutMs,
    headersTimeout: LIMITS.headersTimeoutMs,
    connectionsCheckingInterval: LIMITS.timeoutCheckMs,
  };
  const front = createServer(serverOptions, async (req, res) => {
    try {
      // A request that announces no body has none to read: no await for it (most requests are GETs).
      const body = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? EMPTY : await readBody(req);
      const method = req.method ?? 'GET';
      if (!Buffer.isBuffer(body)) return send(res, cors.mark(body, method, req.headers)); // over the body limit: readBody's 413
      /** @type {Context} */
      const ctx = {
        method: method.toUpperCase(),
        rawTarget: req.url ?? '/',
        rawHeaders: req.rawHeaders,
        url: normaliseCase(urlOfTarget(req.url ?? '/'), rules),
        headers: oneValueEach(req.headers),
        body: body.length ? body : undefined,
        remoteAddress: req.socket.remoteAddress,
        extraHeaders: {},
      };
      send(res, cors.mark(await pipeline.run(ctx), method, req.headers));
    } catch (error) {
      // A client that hung up mid-body (or was dropped by the request timeout) left nobody to answer: not a failure.
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ECONNRESET' && req.destroyed) return;
      const answer = frontFailure(error);
      if (answer.status >= 500) process.stderr.write(`[mock] front failed on ${req.method} ${req.url}: ${/** @type {Error} */ (error).stack}\n`);
      send(res, cors.mark(answer, String(req.method ?? 'GET'), req.headers));
    }
  });
  front.on('clientError', onClientError);
  const stream = attachStreamMock(front, { store: pipeline.store, ...streamOptions });
  await /** @type {Promise<void>} */ (new Promise((resolve, reject) => front.once('error', reject).listen(port, host, resolve)));
  const url = `http://${host}:${/** @type {import('node:net').AddressInfo} */ (front.address()).port}`;
  return {
    url,
    streamUrl: stream.urlOf(url),
    log: prism.log,
    state: pipeline.store,
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
 * The URL of a request target. An origin-form target is a path however it starts: `new URL('//x/y', base)` would
 * read `//x` as a host (and `///` as no URL at all), so the path is appended to the base instead.
 * @param {string} target  @returns {URL}
 */
function urlOfTarget(target) {
  return target.startsWith('/') ? new URL(`http://mock.invalid${target}`) : new URL(target, 'http://mock.invalid');
}

/**
 * The answer to an error that escaped the pipeline. A request target no URL parser takes (an absolute form such as
 * `http://[`) or a malformed percent-escape is the request's fault: 400 naming it. Anything else is the mock's own.
 * @param {unknown} error  @returns {Answer}
 */
export function frontFailure(error) {
  const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
  if (code === 'ERR_INVALID_URL' || error instanceof URIError)
    return problem(400, 'Bad Request', `mock front: the request target is not a valid URL (${message})`);
  return problem(500, 'Internal Server Error', `mock front failed (${MOCK_DEFECT}): ${message}`);
}

/**
 * Loads every validator module now, not at its first use: the mock then reads nothing of the build after it starts,
 * and a build rewriting the generated validators under a running mock (the main job's background Nx check restores
 * them by deleting and copying back) cannot turn a request into a 500 "Cannot find module". The generated operation
 * modules load their shared schema modules lazily (a getter per validator), so each getter is read once here; the
 * registry is the one the package's own entry loads (same file, same module instance). About 0.3 s and 10 MB, once.
 */
function loadEveryValidator() {
  const registry = require(join(dirname(require.resolve('@laevitas-api/validators/package.json')), 'generated/registry.cjs'));
  for (const load of Object.values(registry)) {
    const { validators } = load();
    for (const name in validators) void validators[name];
  }
}

/**
 * node's headers (lower-case names already) with one string value each, as the stages read them.
 * @param {import('node:http').IncomingHttpHeaders} headers  @returns {Record<string, string>}
 */
function oneValueEach(headers) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const name in headers) {
    const value = headers[name];
    out[name] = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : String(value ?? '');
  }
  return out;
}

/**
 * Writes an Answer without mutating it (cached answers are shared between requests).
 * @param {import('node:http').ServerResponse} res  @param {Answer} answer
 */
function send(res, { status, headers = {}, body }) {
  if (res.headersSent || res.destroyed) return;
  const payload = body === undefined ? EMPTY : typeof body === 'string' ? bytesOf(body) : body;
  res.writeHead(status, { ...headers, 'content-length': String(payload.length) });
  res.end(res.req.method === 'HEAD' ? undefined : payload);
}

const EMPTY = Buffer.alloc(0);
