// Per-request overhead of the client against raw fetch on loopback: the same GET of the same OHLCVT page from a
// bare node:http server, by `fetch` + `response.json()` and by the client (limiter off, default retries and
// timeout), measured interleaved (raw, client, core, raw, …) so all three see the same machine state. Reports the
// ratio of the medians, and the per-request time the client adds.
//
// BENCH_CLIENT=<path to a built client's index.js> measures another build (a before/after comparison).
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { median } from './median.mjs';
import { ohlcvtPage } from './ohlcvt-page.mjs';
import { runWhenMain } from './standalone.mjs';

const ROWS = 20;
const ITERATIONS = Number(process.env.BENCH_OVERHEAD_ITERATIONS ?? 3000);
const WARMUP = 500;

/** @param {import('./report.js').Report} report */
export async function clientOverhead(report) {
  const client = process.env.BENCH_CLIENT ? await import(pathToFileURL(process.env.BENCH_CLIENT).href) : await import('@laevitas-api/client');
  const single = process.env.BENCH_CLIENT ? undefined : await import('@laevitas-api/client/operations');
  const body = Buffer.from(JSON.stringify(ohlcvtPage(ROWS)));
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  try {
    const options = { apiKey: 'bench', v2BaseUrl: origin, rateLimit: false };
    const full = client.createClient(options);
    const core = single && client.createCore(options);
    const query = { instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h' };
    const url = `${origin}/api/v1/options/ohlcvt?resolution=1h&instrument_name=BTC-26DEC25-100000-C`;
    /** @type {Record<string, () => Promise<{data: unknown[]}>>} */
    const runs = {
      raw: async () => (await fetch(url, { headers: { accept: 'application/json', 'X-API-Key': 'bench' } })).json(),
      client: () => full.getOptionsOhlcvt({ query }),
      ...(core ? { core: () => core.request(single.getOptionsOhlcvt, { query }) } : {}),
    };
    for (let i = 0; i < WARMUP; i++) for (const run of Object.values(runs)) await run();
    /** @type {Record<'raw' | 'client' | 'core', number[]>} */
    const samples = { raw: [], client: [], core: [] };
    for (let i = 0; i < ITERATIONS; i++) {
      for (const [name, run] of /** @type {[keyof typeof samples, () => Promise<{data: unknown[]}>][]} */ (Object.entries(runs))) {
        const started = process.hrtime.bigint();
        const data = await run();
        samples[name].push(Number(process.hrtime.bigint() - started));
        if (data.data.length !== ROWS) throw new Error(`${name}: expected ${ROWS} rows`);
      }
    }
    const m = { raw: median(samples.raw), client: median(samples.client), core: samples.core.length ? median(samples.core) : undefined };
    const us = (/** @type {number} */ ns) => `${(ns / 1e3).toFixed(0)} µs`;
    console.log(
      `GET of a ${ROWS}-row OHLCVT page on loopback, medians of ${ITERATIONS} interleaved requests: raw fetch ${us(m.raw)}, client ${us(m.client)}${m.core ? `, core ${us(m.core)}` : ''}`,
    );
    report(
      'client per-request time / raw fetch (limiter off)',
      `${(m.client / m.raw).toFixed(2)}x (+${us(m.client - m.raw)})`,
      '<= 1.1x',
      m.client / m.raw <= 1.1,
    );
    if (m.core) report('core (one operation) per-request time / raw fetch', `${(m.core / m.raw).toFixed(2)}x`, '<= 1.1x', m.core / m.raw <= 1.1);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

// `node tools/bench/client-overhead.mjs` runs this measurement alone.
await runWhenMain(import.meta.url, clientOverhead);
