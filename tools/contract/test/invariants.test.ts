// Each invariant stays quiet on a body that keeps its rule and names the violation on one that breaks it, so a
// green conformance run means the rules were checked, not skipped.
import { describe, expect, it } from 'vitest';
import { INVARIANTS, checkCompletenessMonotonic, checkScan, legacyDateUnit } from '@laevitas-api/mock-core/answers/invariants';
import type { ResponseContext } from '@laevitas-api/mock-core/answers/invariants';

const row = {
  date: '2026-11-20 14:00:00',
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 3,
  buy_volume: 1,
  sell_volume: 2,
  bid_iv: 48,
  ask_iv: 50,
  iv_spread: 2,
};
const v1 = (data: object[], meta: object = {}) => ({ data, meta: { next_cursor: null, empty_reason: null, ...meta } });
const ctx = (body: unknown, extra: object = {}): ResponseContext => ({
  operationId: 'getOptionsOhlcvt',
  family: 'v1',
  path: '/x',
  query: {},
  status: 200,
  body,
  paramsDeclared: { sort_dir: 'ASC' },
  ...extra,
});
const gexRow = (expiry: string, aggregate: boolean, weighted: number) => ({
  date: '2026-11-20T15:09:00.000Z',
  currency: 'BTC',
  total_gex: 100,
  is_aggregate: aggregate,
  expiry,
  weighted_contribution: weighted,
});

const cases: [name: string, good: ResponseContext, bad: ResponseContext, message: RegExp][] = [
  ['ohlcvt-volume-is-buy-plus-sell', ctx(v1([row])), ctx(v1([{ ...row, volume: 4 }])), /volume 4 != buy_volume 1 \+ sell_volume 2/],
  ['ohlc-high-low-bound', ctx(v1([row])), ctx(v1([{ ...row, high: 1.2 }])), /high 1.2 is below/],
  [
    'bucket-date-is-interval-start',
    ctx(v1([row]), { query: { resolution: '1h' } }),
    ctx(v1([{ ...row, date: '2026-11-20 14:05:00' }]), { query: { resolution: '1h' } }),
    /not the start of a 1h bucket/,
  ],
  ['iv-spread-is-ask-minus-bid', ctx(v1([row])), ctx(v1([{ ...row, iv_spread: 3 }])), /iv_spread 3 != ask_iv 50 - bid_iv 48/],
  [
    'gex-weighted-contributions-reconcile',
    ctx(v1([gexRow('all_expiries', true, 100), gexRow('26MAR27', false, 60), gexRow('25DEC26', false, 40)]), { operationId: 'getOptionsGexStrikes' }),
    ctx(v1([gexRow('26MAR27', false, 60), gexRow('25DEC26', false, 30)]), { operationId: 'getOptionsGexStrikes' }),
    /sum to 90, total_gex is 100/,
  ],
  [
    'flow-most-active-strikes-top-10',
    ctx({ summary: { most_active_strikes: new Array(10).fill({}) } }),
    ctx({ summary: { most_active_strikes: new Array(11).fill({}) } }),
    /11 items/,
  ],
  ['limit-honoured', ctx(v1([row]), { query: { limit: 1 } }), ctx(v1([row, row]), { query: { limit: 1 } }), /2 rows returned for limit=1/],
  ['sort-dir-order', ctx(v1([row, { ...row, date: '2026-11-20 14:01:00' }])), ctx(v1([row, { ...row, date: '2026-11-20 13:59:00' }])), /breaks ASC order/],
  ['empty-reason-consistent', ctx(v1([], { empty_reason: 'no_matching_data' })), ctx(v1([])), /empty_reason is null although data is empty/],
  [
    'completeness-bounds',
    ctx(v1([row], { completeness: { status: 'available', complete_from: '2026-11-20 14:00:00', complete_through: '2026-11-20T15:00:00.000Z' } })),
    ctx(v1([row], { completeness: { status: 'available', complete_from: '2026-11-20 16:00:00', complete_through: '2026-11-20 15:00:00' } })),
    /complete_from .* is after complete_through/,
  ],
  [
    'legacy-historical-page-consistent',
    ctx({ meta: { total: 2, page: 1, items: 1, total_pages: 2 }, items: [{ date: 1 }] }, { family: 'legacy' }),
    ctx({ meta: { total: 2, page: 3, items: 2, total_pages: 2 }, items: [{ date: 1 }] }, { family: 'legacy' }),
    /meta.items 2 != items.length 1/,
  ],
];

describe.each(cases)('%s', (name, good, bad, message) => {
  const invariant = INVARIANTS.find((i: { name: string }) => i.name === name)!; // 'is registered' says when it is not
  it('is registered', () => expect(invariant).toBeDefined());
  it('accepts a body that keeps the rule', () => expect(invariant.check(good)).toEqual([]));
  it('names the violation', () => expect(invariant.check(bad).join('\n')).toMatch(message));
});

describe('cross-response rules', () => {
  it('every registered invariant has a case above', () => {
    expect(INVARIANTS.map((i: { name: string }) => i.name).sort()).toEqual(cases.map(([name]) => name).sort());
  });
  it('a scan never repeats a row, and next_cursor promises a non-empty page', () => {
    expect(checkScan([v1([row], { next_cursor: 'c' }), v1([{ ...row, date: '2026-11-20 14:01:00' }])])).toEqual([]);
    expect(checkScan([v1([row], { next_cursor: 'c' }), v1([row])]).join()).toMatch(/repeats page 1/);
    expect(checkScan([v1([row], { next_cursor: 'c' }), v1([])]).join()).toMatch(/next page is empty/);
  });
  it('complete_through never moves back', () => {
    const at = (t: string) => v1([row], { completeness: { status: 'available', complete_through: t } });
    expect(checkCompletenessMonotonic(at('2026-11-20 15:00:00'), at('2026-11-20 15:01:00'))).toEqual([]);
    expect(checkCompletenessMonotonic(at('2026-11-20 15:00:00'), at('2026-11-20 14:59:00')).join()).toMatch(/moved back/);
  });
  it('tells the unit of a legacy date by its magnitude', () => {
    expect(legacyDateUnit({ date: 1795186800000 })).toBe('milliseconds');
    expect(legacyDateUnit({ date: 1795186800 })).toBe('seconds');
  });
});
