// Starts the mock: Prism on the bundled spec (both families on one port, static examples first so responses are
// stable and documented, request validation on: a bad enum, a limit over its maximum or a missing required parameter
// get the documented 400 body; `Prefer: code=429` (or 402, 401, …) returns that documented response on purpose),
// behind a thin front that does what the service does and Prism cannot: it upper-cases the parameters the spec marks
// `x-case-insensitive`, so `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { operationsOf } from '../../codegen/src/spec-model.mjs';
import { forward, reply } from './forward.mjs';
import { PRISM_BIN, SPEC_BUNDLE, SPEC_JSON } from './paths.mjs';

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

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startPrism({ port, spec, dynamic, quiet }) {
  const args = [PRISM_BIN, 'mock', spec, '--port', String(port), '--host', '127.0.0.1'];
  if (dynamic) args.push('--dynamic');
  const child = spawn(process.execPath, args, { env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const collect = (chunk) => {
    log = (log + chunk).slice(-20_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}) before listening:\n${log}`);
    try {
      await fetch(`${url}/api/v1/health`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`Prism did not listen on ${url} within 60 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { url, log: () => log, stop: async () => (child.exitCode === null && child.kill('SIGTERM'), exited) };
}

/**
 * @param {{port?: number, host?: string, spec?: string, dynamic?: boolean, quiet?: boolean}} options
 * @returns {Promise<{url: string, log: () => string, stop: () => Promise<void>}>}
 */
export async function startMock({ port = 4010, host = '127.0.0.1', spec = SPEC_BUNDLE, dynamic = false, quiet = true } = {}) {
  const prism = await startPrism({ port: await freePort(), spec, dynamic, quiet });
  const rules = caseRules(JSON.parse(readFileSync(SPEC_JSON, 'utf8')));
  const front = createServer(async (req, res) => {
    try {
      reply(res, await forward(req, normaliseCase(new URL(req.url, prism.url), rules)));
    } catch (error) {
      reply(res, { status: 502, headers: { 'content-type': 'text/plain' }, body: `mock front: ${error.message}` });
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
