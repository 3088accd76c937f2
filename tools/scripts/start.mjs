#!/usr/bin/env node
// The main job: regenerate every package from the spec (through Nx, so an unchanged spec is served from the cache),
// build the docs, then serve the mock API of both families on :4010 (with the streaming gateway mock at /ws) and the
// docs on :8080 until Ctrl-C.
import { spawnSync } from 'node:child_process';

const nx = spawnSync('pnpm', ['exec', 'nx', 'run-many', '-t', 'generate', 'build', '--outputStyle=static'], {
  stdio: 'inherit',
  env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
});
if (nx.status !== 0) process.exit(nx.status ?? 1);

// Loaded only now: the mock imports the client's wire layer, whose dist/ the build above writes on a fresh clone.
const { startMock } = await import('../contract/src/mock.mjs');
const { serveDocs } = await import('../../packages/docs/scripts/serve.mjs');

const mock = await startMock({ port: Number(process.env.MOCK_PORT ?? 4010), host: process.env.HOST ?? '127.0.0.1' });
const docs = await serveDocs(Number(process.env.DOCS_PORT ?? 8080));
const docsPort = /** @type {import('node:net').AddressInfo} */ (docs.address()).port;
console.log(`
Mock API (both families, Prism): ${mock.url}
  try: curl -H 'apiKey: any' ${mock.url}/analytics/derivs/futures/DERIBIT/BTC/26MAR27
       curl -H 'X-API-Key: any' '${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h'
       curl -i -H 'X-API-Key: any' -H 'Prefer: code=402' ${mock.url}/api/v1/options/ohlcvt
Stream mock (WebSocket gateway): ${mock.streamUrl}  (the key goes in the apikey header of the upgrade, never the URL)
  try: node tools/contract/src/cli.mjs watch trades.futures.binance.BTCUSDT --seconds 5
       or any WebSocket client with the header apikey: any, then send
       {"id":1,"method":"subscribe","params":{"channels":["trades.futures.binance.BTCUSDT"]}}
API reference (Redoc):           http://localhost:${docsPort}/
Streaming reference (AsyncAPI):  http://localhost:${docsPort}/stream.html
Press Ctrl-C to stop.`);

const stop = async () => {
  docs.close();
  await mock.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
