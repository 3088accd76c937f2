// The same overrides spelt right compile (part of the package typecheck and of test/types.test.ts).
import { fixtures, http } from '../../src/index.js';

export const rateLimited = http.getOptionsOhlcvt(() => ({ status: 429, headers: { 'retry-after': '1' } }));
export const fromFixture = http.getOptionsOhlcvt(({ query }) => fixtures.getOptionsOhlcvt({ rows: Number(query.limit) }));
export const forced = http.getOptionsOhlcvt(() => ({ status: 200, body: fixtures.getOptionsOhlcvt({ rows: 1 }) }));
export const row = fixtures.OhlcvtRow({ close: 1 });
export const passThrough = http.getLegacyAggregatedFutureSummaryData(({ params }) => (params.currency === 'BTC' ? undefined : { status: 401 }));
