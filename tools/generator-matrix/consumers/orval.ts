// A consumer of the orval client generated (validation on) from dist/openapi-3.0.yaml: three operations of each
// family, and the two mistakes every generator must reject. Compiled by test/matrix.test.ts.
import { getFuturesSnapshot, getLegacyFutures, getLegacyPerpetuals, getLegacySummary, getOptionsCatalog, getOptionsOhlcvt } from './orval/from-3.0/client.js';
import type { OhlcvtRow } from './orval/from-3.0/client.js';

export async function uses(): Promise<number> {
  const legacy = await getLegacyFutures('DERIBIT', 'BTC', '26MAR27');
  await getLegacyPerpetuals('DERIBIT', 'BTC');
  await getLegacySummary();
  const ohlcvt = await getOptionsOhlcvt({ instrument_name: 'BTC-27MAR26-100000-C', resolution: '1h' });
  await getFuturesSnapshot({ currency: 'BTC' });
  await getOptionsCatalog();
  const row: OhlcvtRow | undefined = ohlcvt.status === 200 ? ohlcvt.data.data[0] : undefined;
  // @ts-expect-error instrument_name is a string
  await getOptionsOhlcvt({ instrument_name: 123 });
  // @ts-expect-error `clsoe` is a misspelling of `close`, not a field of OhlcvtRow
  void row?.clsoe;
  return (row?.close ?? 0) + legacy.status;
}
