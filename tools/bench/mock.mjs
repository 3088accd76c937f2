// The mock's speed beside a bare node:http server returning the same bodies, measured in the same run with
// autocannon at 1, 10 and 50 connections over a fixed set of routes (mock-routes.mjs). The servers run in a child
// process (mock-servers.mjs) so the load generator does not share their event loop. Also measures the mock without
// its answer cache at 10 connections: what every request cost before the cache. Run alone: `node tools/bench/mock.mjs`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ROUTES } from './mock-routes.mjs';
import { runWhenMain } from './standalone.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_MOCK_SECONDS ?? 3);

/**
 * @param {'cache' | 'no-cache'} mode
 * @returns {Promise<{mock: string, bare: string, bytes: number[], stop: () => Promise<unknown>}>}
 */
async function startServers(mode) {
  const child = spawn(process.execPath, [join(here, 'mock-servers.mjs'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await /** @type {Promise<string>} */ (
    new Promise((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench servers exited (${code}) before listening`)));
    })
  );
  return { ...JSON.parse(line), stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) };
}

/**
 * @param {string} url
 * @param {number} connections
 */
function load(url, connections) {
  return autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: ROUTES.map((r) => ({ method: 'GET', path: r.path, headers: r.headers })),
  });
}

/** @typedef {{rps: number, p50: number, p99: number, max: number, errors: number, total: number}} Summary */

/** @param {import('autocannon').Result} r @returns {Summary} */
const summary = (r) => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  errors: r.errors + r.timeouts + r.non2xx,
  total: r.requests.total,
});
const line = (/** @type {string} */ name, /** @type {Summary} */ s) =>
  `${name.padEnd(22)} ${s.rps.toFixed(0).padStart(7)} req/s   p50 ${String(s.p50).padStart(4)} ms   p99 ${String(s.p99).padStart(4)} ms   max ${String(s.max).padStart(5)} ms   errors ${s.errors} of ${s.total}`;

/** @param {(name: string, value: string, target?: string, ok?: boolean) => void} report */
export async function benchMock(report) {
  const servers = await startServers('cache');
  /** @type {Record<number, {bare: Summary, mock: Summary}>} by connection count */
  const results = {};
  try {
    // one warm-up pass so every route is in the cache and every JIT tier is reached, not measured
    await load(servers.mock, 10);
    await load(servers.bare, 10);
    for (const connections of [1, 10, 50]) {
      // interleaved per level: bare then mock, so both see the same machine state
      const bare = summary(await load(servers.bare, connections));
      const mock = summary(await load(servers.mock, connections));
      results[connections] = { bare, mock };
      console.log(line(`bare  ${connections} conn`, bare));
      console.log(line(`mock  ${connections} conn`, mock));
    }
  } finally {
    await servers.stop();
  }
  const uncached = await startServers('no-cache');
  /** @type {Summary} */
  let before;
  try {
    await load(uncached.mock, 10);
    before = summary(await load(uncached.mock, 10));
    console.log(line('mock, no cache, 10 conn', before));
  } finally {
    await uncached.stop();
  }
  const at10 = results[10];
  const at50 = results[50];
  if (!at10 || !at50) throw new Error('mock bench: a connection level was not measured');
  const ratio = at10.mock.rps / at10.bare.rps;
  report(
    'mock / bare node:http at 10 connections (req/s)',
    `${ratio.toFixed(2)}x (${at10.mock.rps.toFixed(0)} / ${at10.bare.rps.toFixed(0)})`,
    '>= 0.25x',
    ratio >= 0.25,
  );
  // The absolute p99 depends on how busy the machine is: the bare server's p99 in the same run says how much.
  report('mock p99 at 50 connections', `${at50.mock.p99} ms (bare server: ${at50.bare.p99} ms)`, '< 20 ms', at50.mock.p99 < 20);
  const errors = Object.values(results).reduce((n, r) => n + r.mock.errors + r.bare.errors, 0);
  report('mock and bare errors, timeouts and non-2xx answers', String(errors), '0', errors === 0);
  report(
    'mock with / without its answer cache at 10 connections',
    `${(at10.mock.rps / before.rps).toFixed(1)}x (${before.rps.toFixed(0)} req/s, p99 ${before.p99} ms without)`,
  );
  return results;
}

await runWhenMain(import.meta.url, benchMock);
