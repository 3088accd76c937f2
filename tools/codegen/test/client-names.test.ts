// The client's namespaces and method names come from the spec (tags, routes, catalog names), not from a list: these
// tests pin the rules on small documents, show the names survive the legacy operationId renames (issue 18), and
// that a collision fails the generation instead of being renamed silently.
import { describe, expect, it } from 'vitest';
import { clientNamesOf, wordsOf } from '../src/client-names.mjs';
import { loadBundle, operations } from './load.js';

interface Name {
  family: string;
  namespace: string;
  method: string;
  operationId: string;
}
const op = (o: { operationId: string; method?: string; path: string; family?: 'legacy' | 'v1'; tags: string[]; extensions?: Record<string, unknown> }) => ({
  method: 'get',
  family: 'v1' as const,
  extensions: {},
  ...o,
});
const names = (ops: ReturnType<typeof op>[]): Name[] => clientNamesOf(ops);
const at = (list: Name[], id: string) => list.find((n) => n.operationId === id)!;
const dotted = (n: Name) => `${n.family}.${n.namespace}.${n.method}`;

describe('client names', () => {
  it('split identifiers, tags and routes into words', () => {
    expect(wordsOf('getFuturesOIWeightedFunding')).toEqual(['get', 'futures', 'oi', 'weighted', 'funding']);
    expect(wordsOf('summary_c')).toEqual(['summary', 'c']);
    expect(wordsOf('Legacy historical futures')).toEqual(['legacy', 'historical', 'futures']);
    expect(wordsOf('l2-orderbook-raw')).toEqual(['l2', 'orderbook', 'raw']);
  });

  it('versioned: namespace from the tag, method from the route below the tag’s shared directory', () => {
    const list = names([
      op({ operationId: 'getOptionsOhlcvt', path: '/api/v1/options/ohlcvt', tags: ['Options'] }),
      op({ operationId: 'getOptionsTradesSummary', path: '/api/v1/options/trades/summary', tags: ['Options'] }),
      op({ operationId: 'getOptionsGexLatest', path: '/api/v1/options/gex/latest', tags: ['Dealer GEX'] }),
      op({ operationId: 'getOptionsGexTermStructure', path: '/api/v1/options/gex/term-structure', tags: ['Dealer GEX'] }),
      op({ operationId: 'getX402TickDataCheckoutsById', path: '/api/v1/x402/tick-data/checkouts/{id}', tags: ['Payments'] }),
      op({ operationId: 'postX402TickDataCheckoutsByIdPay', method: 'post', path: '/api/v1/x402/tick-data/checkouts/{id}/pay', tags: ['Payments'] }),
      op({ operationId: 'getX402SubscriptionsProducts', path: '/api/v1/x402/subscriptions/products', tags: ['Payments'] }),
    ]);
    expect(list.map(dotted)).toEqual(
      expect.arrayContaining([
        'v1.options.ohlcvt',
        'v1.options.tradesSummary',
        'v1.dealerGex.latest',
        'v1.dealerGex.termStructure',
        'v1.payments.tickDataCheckoutsById',
        'v1.payments.tickDataCheckoutsByIdPay',
      ]),
    );
  });

  it('drop the namespace’s own words, and name a method left without a name by its verb', () => {
    const list = names([
      op({ operationId: 'getInstruments', path: '/api/v1/instruments', tags: ['Instruments'] }),
      op({ operationId: 'getInstrumentsDetail', path: '/api/v1/instruments/detail', tags: ['Instruments'] }),
      op({ operationId: 'getHealth', path: '/api/v1/health', tags: ['Health'] }),
      op({ operationId: 'headHealth', method: 'head', path: '/api/v1/health', tags: ['Health'] }),
    ]);
    expect(list.map(dotted).sort()).toEqual(['v1.health.get', 'v1.health.head', 'v1.instruments.detail', 'v1.instruments.get']);
  });

  it('legacy: the "Legacy" tag prefix dropped, methods from the catalog name, the same before and after the operationId renames', () => {
    const before = names([
      op({ operationId: 'futures', family: 'legacy', path: '/analytics/derivs/futures/{market}/{currency}/{maturity}', tags: ['Legacy derivs'] }),
      op({ operationId: 'getFuturesDataByMarket', family: 'legacy', path: '/analytics/derivs/futures/{market}', tags: ['Legacy derivs'] }),
      op({ operationId: 'summary_c', family: 'legacy', path: '/analytics/derivs/summary/{currency}', tags: ['Legacy derivs'] }),
      op({
        operationId: 'getFuturesSnapshot',
        family: 'legacy',
        path: '/historical/futures/snapshot/{market}/{currency}',
        tags: ['Legacy historical futures'],
      }),
    ]);
    // issue 18: `getLegacy` + the catalog name, the catalog name kept in x-catalog-method-name.
    const after = names([
      op({
        operationId: 'getLegacyFutures',
        family: 'legacy',
        path: '/analytics/derivs/futures/{market}/{currency}/{maturity}',
        tags: ['Legacy derivs'],
        extensions: { 'x-catalog-method-name': 'futures' },
      }),
      op({
        operationId: 'getLegacyFuturesDataByMarket',
        family: 'legacy',
        path: '/analytics/derivs/futures/{market}',
        tags: ['Legacy derivs'],
        extensions: { 'x-catalog-method-name': 'getFuturesDataByMarket' },
      }),
      op({
        operationId: 'getLegacySummaryC',
        family: 'legacy',
        path: '/analytics/derivs/summary/{currency}',
        tags: ['Legacy derivs'],
        extensions: { 'x-catalog-method-name': 'summary_c' },
      }),
      // Renamed but without the extension: the rename is undone by dropping `getLegacy`.
      op({
        operationId: 'getLegacyFuturesSnapshot',
        family: 'legacy',
        path: '/historical/futures/snapshot/{market}/{currency}',
        tags: ['Legacy historical futures'],
      }),
    ]);
    const shape = (list: Name[]) => list.map(dotted).sort();
    expect(shape(before)).toEqual([
      'legacy.derivs.futures',
      'legacy.derivs.futuresDataByMarket',
      'legacy.derivs.summaryC',
      'legacy.historicalFutures.futuresSnapshot',
    ]);
    expect(shape(after)).toEqual(shape(before));
    expect(dotted(at(after, 'getLegacySummaryC'))).toBe('legacy.derivs.summaryC');
  });

  it('a collision fails the generation, naming both operations', () => {
    expect(() =>
      names([
        op({ operationId: 'getOptionsOhlcvt', path: '/api/v1/options/ohlcvt', tags: ['Options'] }),
        op({ operationId: 'getOptionsOhlcvtAgain', path: '/api/v1/options/ohlcvt', tags: ['Options'] }),
      ]),
    ).toThrow(/client.v1.options.ohlcvt would name both getOptionsOhlcvt and getOptionsOhlcvtAgain/);
    expect(() => names([op({ operationId: 'untagged', path: '/api/v1/x', tags: [] })])).toThrow(/untagged has no tag/);
  });

  it('name every operation of the spec once, each family keeping its operations', () => {
    const ops = operations(loadBundle());
    const list = names(ops as never);
    expect(list.map((n) => n.operationId).sort()).toEqual(ops.map((o) => o.operationId).sort());
    for (const n of list) expect(n.family).toBe(ops.find((o) => o.operationId === n.operationId)!.family);
    expect(list.map(dotted)).toEqual(expect.arrayContaining(['v1.options.ohlcvt', 'legacy.derivs.futures']));
  });
});
