// `maxPages`, the scan's own page cap, is checked by one function (plan/budgeted-scan.ts › scanOptionsOf) for both
// `paginate` and `planScan`: over seeded generated values (fast-check), both accept exactly the whole numbers from 1
// to Number.MAX_SAFE_INTEGER and refuse every other value with the same message, naming the option and the rule.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createClient } from '../src/index.js';

const client = createClient({ apiKey: 'k', rateLimit: false });
const SEPTEMBER = {
  query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', start: '2026-09-01T00:00:00Z', end: '2026-09-30T23:59:59Z', limit: 100 },
} as const;
const RULE = 'options.maxPages must be a whole number > 0 and at most Number.MAX_SAFE_INTEGER';

/** The outcome of a call: 'accepted', or the message it was refused with. Neither call sends a request. */
function outcome(call: () => unknown): string {
  try {
    call();
    return 'accepted';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}
const paginateWith = (maxPages: unknown) => outcome(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { maxPages: maxPages as number }));
const planWith = (maxPages: unknown) => outcome(() => client.planScan('getOptionsOhlcvt', SEPTEMBER, { maxPages: maxPages as number }));

/** Values a caller might pass, the edges of the rule among them. */
const candidates = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, NaN, Infinity, -Infinity, '3', 2 ** 53, 2 ** 53 - 1, 1e300, null, true, [], {}),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  fc.maxSafeInteger(),
  fc.string({ maxLength: 4 }),
  fc.bigInt({ min: -10n, max: 10n }),
);

describe('maxPages: one check for paginate and planScan', () => {
  it('both refuse and accept the same values, with the same message naming the option and the rule (fast-check, seeded)', () => {
    fc.assert(
      fc.property(candidates, (maxPages) => {
        const viaPaginate = paginateWith(maxPages);
        expect(planWith(maxPages)).toBe(viaPaginate);
        const whole = typeof maxPages === 'number' && Number.isSafeInteger(maxPages) && maxPages > 0;
        if (whole) expect(viaPaginate).toBe('accepted');
        else expect(viaPaginate).toMatch(new RegExp(`^TypeError: ${RULE.replaceAll('.', '\\.')}, got `));
      }),
      { seed: 20261202, numRuns: 1500 },
    );
  });

  it('shows the value refused as written, with its type where it is no number', () => {
    for (const [value, shown] of [
      [0, '0'],
      [-1, '-1'],
      [1.5, '1.5'],
      [NaN, 'NaN'],
      [Infinity, 'Infinity'],
      [2 ** 53, '9007199254740992'],
      ['3', '"3" (string)'],
      [3n, 'a value (bigint)'],
    ] as const)
      expect(planWith(value)).toBe(`TypeError: ${RULE}, got ${shown}`);
    // A cap the plan reads is the one the scan keeps: 2^53 - 1 pages is accepted by both, and bounds the plan.
    expect(
      client.planScan(
        'getOptionsTrades',
        { query: { currency: 'BTC', start: '2026-09-01T00:00:00Z', end: '2026-09-02T00:00:00Z' } },
        { maxPages: 2 ** 53 - 1 },
      ),
    ).toMatchObject({ requests: { max: 2 ** 53 - 1 }, boundBy: 'max-pages' });
  });
});
