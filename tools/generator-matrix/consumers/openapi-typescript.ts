// A consumer of the types openapi-typescript generates from dist/openapi.json, used the way openapi-fetch uses them:
// request and response types of three operations of each family, and the two mistakes every generator must reject.
import type { components, operations } from './openapi-typescript/schema.js';

type Query<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;
type PathParams<Id extends keyof operations> = operations[Id]['parameters']['path'];
type Ok<Id extends keyof operations> = operations[Id]['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;

export function uses(legacy: Ok<'getLegacyFutures'>, ohlcvt: Ok<'getOptionsOhlcvt'>): number {
  const futures: PathParams<'getLegacyFutures'> = { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' };
  const perpetuals: PathParams<'getLegacyPerpetuals'> = { market: 'DERIBIT', currency: 'BTC' };
  const summary: operations['getLegacySummary']['parameters']['path'] = undefined;
  const query: Query<'getOptionsOhlcvt'> = { instrument_name: 'BTC-27MAR26-100000-C', resolution: '1h' };
  const snapshot: Query<'getFuturesSnapshot'> = { currency: 'BTC' };
  const catalog: Query<'getOptionsCatalog'> = {};
  const row: components['schemas']['OhlcvtRow'] | undefined = ohlcvt.data[0];
  // @ts-expect-error instrument_name is a string
  const wrong: Query<'getOptionsOhlcvt'> = { instrument_name: 123 };
  // @ts-expect-error `clsoe` is a misspelling of `close`, not a field of OhlcvtRow
  void row?.clsoe;
  void [futures, perpetuals, summary, query, snapshot, catalog, wrong, legacy];
  return row?.close ?? 0;
}
