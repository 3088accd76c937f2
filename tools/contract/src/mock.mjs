// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented) behind a front that does what the service does and Prism cannot. The front is a pipeline of
// stages (./mock/*.mjs, contract in ./mock/answers.mjs), listed in order in `frontStages` below: discovery routes,
// route matching (404 for unknown paths, a warning for unknown query parameters), forced outcomes (`Prefer: code=N`),
// request validation with our own validators (the real reasons in the documented 400), then data synthesised from
// the examples (identity echoed, buckets following the request, real pagination); Prism answers the rest. Before all
// of it the front upper-cases the parameters the spec marks `x-case-insensitive`, so
// `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { operationsOf } from '../../codegen/src/spec-model.mjs';
import { SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';
import { startPrism } from './prism.mjs';
import { problem } from './mock/answers.mjs';
import { contextOf, prismFallback, runStages, send } from './mock/pipeline.mjs';
import { discoveryStage } from './mock/discovery.mjs';
import { routeStage } from './mock/route.mjs';
import { preferStage } from './mock/prefer.mjs';
import { requestValidationStage } from './mock/request-validation.mjs';
import { synthStage } from './mock/synth.mjs';
import { credentialsStage } from './mock/credentials.mjs';

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
  for (const i of rule.upperAt) {
    // A malformed escape stays as sent: route matching answers it with a 400 naming the parameter.
    try {
      segments[i] = encodeURIComponent(decodeURIComponent(segments[i]).toUpperCase());
    } catch {
      /* left for the route stage */
    }
  }
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
 * The front's stages, in order (the stage contract is in ./mock/answers.mjs). Each line is one stage; the stages other
 * helpers add go where the comments say.
 */
export function frontStages({ document, bundleText, prismUrl }) {
  const operations = operationsOf(document);
  return [
    // guard (./mock/guard.mjs): hostile input (malformed escapes, over-long URLs, …) → 4xx, before anything decodes it
    discoveryStage(document, operations, bundleText),
    routeStage(operations),
    preferStage(),
    requestValidationStage(),
    // rate limit (./mock/rate-limit.mjs): MOCK_RATE_LIMIT=on → documented 429 with Retry-After
    // payment and credit state (./mock/state.mjs): 402-for-keyless, x402, checkouts, credit tokens, POST /__mock/reset
    credentialsStage(document), // after state: the state stage answers keyless v1 data requests with 402 first
    synthStage(document),
    // upstream (./mock/upstream.mjs) replaces this line: a supervised Prism with a cache, 503 while it is down
    prismFallback(prismUrl),
  ];
}

/**
 * @param {{port?: number, host?: string, spec?: string, dynamic?: boolean, quiet?: boolean}} options
 * @returns {Promise<{url: string, log: () => string, stop: () => Promise<void>}>}
 */
export async function startMock({ port = 4010, host = '127.0.0.1', spec = SPEC_BUNDLE, dynamic = false, quiet = true } = {}) {
  const prism = await startPrism({ args: ['mock', spec, ...(dynamic ? ['--dynamic'] : [])], port: await freePort(), quiet });
  const bundleText = readFileSync(SPEC_JSON, 'utf8');
  const document = JSON.parse(bundleText);
  const rules = caseRules(document);
  const stages = frontStages({ document, bundleText, prismUrl: prism.url });
  const front = createServer(async (req, res) => {
    try {
      const ctx = await contextOf(req, (url) => normaliseCase(url, rules));
      send(res, await runStages(stages, ctx), ctx.method);
    } catch (error) {
      const { status, headers, body } = problem(400, 'Bad Request', `mock front: ${error.message}`);
      if (!res.headersSent) res.writeHead(status, headers);
      res.end(body);
    }
  });
  await new Promise((resolve, reject) => front.once('error', reject).listen(port, host, resolve));
  return {
    url: `http://${host}:${front.address().port}`,
    log: prism.log,
    stop: async () => {
      await new Promise((resolve) => front.close(resolve));
      await prism.stop();
    },
  };
}
