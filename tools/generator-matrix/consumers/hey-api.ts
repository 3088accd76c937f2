// A consumer of the hey-api client generated from dist/openapi.json: three operations of each family, and the two
// mistakes every generator must reject. Compiled by test/matrix.test.ts; each @ts-expect-error must be needed.
import { getFuturesSnapshot, getLegacyFutures, getLegacyPerpetuals, getLegacySummary, getOptionsCatalog, getOptionsOhlcvt } from './hey-api/combined/index.js';
import type { OhlcvtRow } from './hey-api/combined/index.js';

export async function uses(): Promise<number> {
  const legacy = await getLegacyFutures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } });
  await getLegacyPerpetuals({ path: { market: 'DERIBIT', currency: 'BTC' } });
  await getLegacySummary();
  const ohlcvt = await getOptionsOhlcvt({ query: { instrument_name: 'BTC-27MAR26-100000-C', resolution: '1h' } });
  await getFuturesSnapshot({ query: { currency: 'BTC' } });
  await getOptionsCatalog();
  const row: OhlcvtRow | undefined = ohlcvt.data?.data[0];
  // @ts-expect-error instrument_name is a string
  await getOptionsOhlcvt({ query: { instrument_name: 123 } });
  // @ts-expect-error `clsoe` is a misspelling of `close`, not a field of OhlcvtRow
  void row?.clsoe;
  return (row?.close ?? 0) + (legacy.data ? 1 : 0);
}
