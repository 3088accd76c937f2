#!/usr/bin/env node
// A short latency run of the mock front: N sequential requests (default 1,000) over a fixed mix of routes (synthesised
// v1 series, a GEX page, a legacy page, a legacy live route, an invalid request, a forced 402 answered by Prism),
// printing the median and p99 per request. The full benchmark (connections, a bare-server baseline) is `pnpm bench`.
//   node tools/contract/scripts/mock-latency.mjs [requests]
import { credentialHeaders, familyOfPath } from '@laevitas-api/client/wire';
import { startMock } from '../src/mock.mjs';

const total = Number(process.argv[2] ?? 1000);
/** @type {[string, Record<string, string>][]} path and extra headers */
const ROUTES = [
  ['/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h', {}],
  ['/api/v1/perpetuals/ohlcvt?instrument_name=BTC-PERPETUAL&limit=50', {}],
  ['/api/v1/options/gex/strikes?currency=BTC&limit=20', {}],
  ['/historical/derivs/futures/DERIBIT/BTC-26MAR27?start=2026-11-20T00:00&end=2026-11-20T12:00&limit=50', {}],
  ['/analytics/derivs/futures/DERIBIT/BTC/26MAR27', {}],
  ['/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&limit=5000', {}],
  ['/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C', { Prefer: 'code=402' }],
];
const mock = await startMock({ port: 0 });
try {
  /** @type {number[]} */
  const times = [];
  /** @type {Map<string, number[]>} */
  const byRoute = new Map();
  for (let i = 0; i < total; i++) {
    const route = ROUTES[i % ROUTES.length];
    if (!route) throw new Error('no route to measure');
    const [path, extra] = route;
    const started = performance.now();
    const response = await fetch(mock.url + path, { headers: { ...credentialHeaders(familyOfPath(path), { apiKey: 'k' }), ...extra } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    times.push(ms);
    byRoute.set(path + (extra.Prefer ? ` (${extra.Prefer})` : ''), [...(byRoute.get(path + (extra.Prefer ? ` (${extra.Prefer})` : '')) ?? []), ms]);
  }
  /** @param {number[]} list  @param {number} p */
  const pct = (list, p) => {
    const value = [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
    if (value === undefined) throw new Error('percentile of no samples');
    return value;
  };
  console.log(`mock front, ${total} sequential requests: median ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms`);
  for (const [route, list] of byRoute)
    console.log(`  median ${pct(list, 50).toFixed(2).padStart(6)} ms  p99 ${pct(list, 99).toFixed(2).padStart(6)} ms  ${route}`);
} finally {
  await mock.stop();
}
