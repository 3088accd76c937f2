// How soon the main job's ports answer after `pnpm start` on a warm clone: from the spawn of `pnpm start` until the mock answers 200 to a documented request (not a
// placeholder: the same OHLCVT page it serves later) and the docs answer 200 on `/`, polled every 50 ms. Also when
// Prism (which answers only what the mock's own stages do not) finished booting behind the open port. Median of
// BENCH_START_ROUNDS runs, each on fresh ephemeral ports. Target: both ports within 5 s. With `--no-build`: on a warm
// clone the job starts its Nx check only once both ports answer, so the readiness measured is the same, and stopping
// the job never interrupts Nx writing the build the rest of the benchmarks read.
// Run alone: `node tools/bench/start.mjs`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../contract/src/mock.mjs';
import { median } from './median.mjs';
import { runWhenMain } from './standalone.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const TARGET_SECONDS = 5;
const MOCK_PROBE = '/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h';

/** @param {string} url @param {Record<string, string>} headers */
const answers200 = (url, headers = {}) =>
  fetch(url, { headers, signal: AbortSignal.timeout(2_000) }).then(
    async (response) => (await response.arrayBuffer(), response.status === 200),
    () => false,
  );

/** One `pnpm start`: seconds until each port answered, and until Prism was up. */
async function once() {
  const [mockPort, docsPort] = [await freePort(), await freePort()];
  const startedAt = Date.now();
  const job = spawn('pnpm', ['start', '--no-build'], {
    cwd: root,
    env: { ...process.env, MOCK_PORT: String(mockPort), DOCS_PORT: String(docsPort), NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stopped whole (pnpm, the supervisor, both servers, Prism, Nx)
  });
  /** @type {{mock?: number, docs?: number, prism?: number}} */
  const at = {};
  const seconds = () => (Date.now() - startedAt) / 1000;
  job.stderr.on('data', (chunk) => {
    if (at.prism === undefined && String(chunk).includes('[mock] Prism is up')) at.prism = seconds();
  });
  job.stdout.resume();
  try {
    while (at.mock === undefined || at.docs === undefined || at.prism === undefined) {
      if (seconds() > 90) throw new Error(`pnpm start: not every port answered in 90 s (${JSON.stringify(at)})`);
      if (job.exitCode !== null) throw new Error(`pnpm start exited (${job.exitCode})`);
      const [mock, docs] = await Promise.all([
        at.mock === undefined && answers200(`http://127.0.0.1:${mockPort}${MOCK_PROBE}`, { 'x-api-key': 'any' }),
        at.docs === undefined && answers200(`http://127.0.0.1:${docsPort}/`),
      ]);
      if (mock) at.mock = seconds();
      if (docs) at.docs = seconds();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return /** @type {Required<typeof at>} */ (at);
  } finally {
    const exited = new Promise((resolve) => job.once('exit', resolve));
    process.kill(-(/** @type {number} */ (job.pid)), 'SIGTERM');
    await exited;
  }
}

/** @param {import('./report.js').Report} report */
export async function startBench(report) {
  /** @type {{mock: number, docs: number, prism: number}[]} */
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await once());
  const of = (/** @type {'mock' | 'docs' | 'prism'} */ key) => median(runs.map((run) => run[key]));
  const line = (/** @type {'mock' | 'docs' | 'prism'} */ key) => runs.map((run) => run[key].toFixed(1)).join(', ');
  report(
    `pnpm start → mock port answers (median of ${ROUNDS}: ${line('mock')})`,
    `${of('mock').toFixed(1)} s`,
    `<= ${TARGET_SECONDS} s`,
    of('mock') <= TARGET_SECONDS,
  );
  report(
    `pnpm start → docs port answers (median of ${ROUNDS}: ${line('docs')})`,
    `${of('docs').toFixed(1)} s`,
    `<= ${TARGET_SECONDS} s`,
    of('docs') <= TARGET_SECONDS,
  );
  report(`pnpm start → Prism up behind the mock port (${line('prism')})`, `${of('prism').toFixed(1)} s`);
}

await runWhenMain(import.meta.url, startBench);
