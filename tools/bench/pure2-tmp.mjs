import { createCore } from '@laevitas-api/client/core';
import { getOptionsOhlcvt } from '@laevitas-api/client/operations';
const text = '{"data":[],"meta":{"next_cursor":null}}';
const fakeFetch = async () => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
const c = createCore({ apiKey: 'k', v2BaseUrl: 'http://127.0.0.1:9', rateLimit: false, fetch: fakeFetch });
const q = { query: { instrument_name: 'BTC', resolution: '1h' } };
const mode = process.argv[2];
for (let j = 0; j < 3; j++) {
const t = process.hrtime.bigint();
for (let i = 0; i < 20000; i++) { if (mode === 'core') await c.request(getOptionsOhlcvt, q); else await (await fakeFetch('http://127.0.0.1:9/api/v1/options/ohlcvt?resolution=1h&instrument_name=BTC', { headers: { accept: 'application/json' } })).json(); }
console.log(mode, Number(process.hrtime.bigint() - t) / 20000 / 1e3, 'µs');
}
