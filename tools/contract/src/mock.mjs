// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented, request validation on: a bad enum, a limit over its maximum or a missing required parameter
// get the documented 400 body; `Prefer: code=429` (or 402, 401, …) returns that documented response on purpose),
// behind a thin front that does what the service does and Prism cannot: it upper-cases the parameters the spec marks
// `x-case-insensitive`, so `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { operationsOf } from '../../codegen/src/spec-model.mjs';
import { forward, reply } from './forward.mjs';
import { SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';
import { startPrism } from './prism.mjs';
import { createStatefulMock, runStateful } from './mock/state.mjs';

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
  for (const i of rule.upperAt) segments[i] = encodeURIComponent(decodeURIComponent(segments[i]).toUpperCase());
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
 * @param {{port?: number, host?: string, spec?: string, dynamic?: boolean, quiet?: boolean, now?: () => number,
 *   rateLimit?: boolean}} options `now` is the clock of the stateful stages (tests move it); `rateLimit` defaults
 *   to `MOCK_RATE_LIMIT=on`.
 * @returns {Promise<{url: string, log: () => string, stop: () => Promise<void>, state: ReturnType<typeof createStatefulMock>['store']}>}
 */
export async function startMock({ port = 4010, host = '127.0.0.1', spec = SPEC_BUNDLE, dynamic = false, quiet = true, now = Date.now, rateLimit = process.env.MOCK_RATE_LIMIT === 'on' } = {}) {
  const prism = await startPrism({ args: ['mock', spec, ...(dynamic ? ['--dynamic'] : [])], port: await freePort(), quiet });
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  const rules = caseRules(document);
  const stateful = createStatefulMock({ document, now, rateLimit });
  const front = createServer(async (req, res) => {
    try {
      // Stateful stages (payments, credits, rate limit) first; what they pass on goes to Prism with their headers.
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, `http://${req.headers.host ?? host}`);
      const { answer, extraHeaders } = await runStateful(stateful, { method: req.method, url, headers: req.headers, body, remoteAddress: req.socket.remoteAddress });
      const replay = { method: req.method, headers: req.headers, async *[Symbol.asyncIterator]() { if (body.length) yield body; } };
      const final = answer ?? (await forward(replay, normaliseCase(new URL(req.url, prism.url), rules)));
      reply(res, { ...final, headers: { ...final.headers, ...extraHeaders } });
    } catch (error) {
      reply(res, { status: 502, headers: { 'content-type': 'text/plain' }, body: `mock front: ${error.message}` });
    }
  });
  await new Promise((resolve, reject) => front.once('error', reject).listen(port, host, resolve));
  return {
    url: `http://${host}:${front.address().port}`,
    log: prism.log,
    state: stateful.store,
    stop: async () => {
      await new Promise((resolve) => front.close(resolve));
      await prism.stop();
    },
  };
}
