// The spend caps under generated input (fast-check, seeded): whatever sequence of payments is asked for, at whatever
// times, what the ledger lets through never breaks a cap, each refusal names a cap that really would have been broken,
// and amounts are exact (no floating point). Bad cap settings fail at construction, naming the field and the rule.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SpendCapError, createPayments } from '../src/index.js';
import { SpendLedger } from '../src/internal/payments/caps.js';
import { fromAtomic, toAtomic } from '../src/internal/payments/amount.js';

const SEED = 20261123;

describe('SpendLedger', () => {
  it('never lets payments through past perCall, perClient or any perWindow window; refusals name a cap that would break', () => {
    fc.assert(
      fc.property(
        fc.record({
          perCall: fc.integer({ min: 1, max: 5000 }),
          perClient: fc.integer({ min: 1, max: 20_000 }),
          window: fc.integer({ min: 1, max: 8000 }),
          seconds: fc.integer({ min: 1, max: 120 }),
        }),
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 6000 }), waitMs: fc.integer({ min: 0, max: 30_000 }) }), { maxLength: 40 }),
        (caps, asks) => {
          let now = 1_000_000;
          const realNow = Date.now;
          Date.now = () => now;
          try {
            const ledger = new SpendLedger({
              perCall: fromAtomic(BigInt(caps.perCall)),
              perClient: fromAtomic(BigInt(caps.perClient)),
              perWindow: { amount: fromAtomic(BigInt(caps.window)), seconds: caps.seconds },
            });
            const paid: { amount: number; at: number }[] = [];
            for (const ask of asks) {
              now += ask.waitMs;
              const inWindow = paid.filter((p) => p.at > now - caps.seconds * 1000).reduce((s, p) => s + p.amount, 0);
              const total = paid.reduce((s, p) => s + p.amount, 0);
              const wouldBreak = {
                perCall: ask.amount > caps.perCall,
                perClient: total + ask.amount > caps.perClient,
                perWindow: inWindow + ask.amount > caps.window,
              };
              try {
                ledger.reserve(BigInt(ask.amount), 'op');
                expect(Object.values(wouldBreak).some(Boolean)).toBe(false);
                paid.push({ amount: ask.amount, at: now });
              } catch (error) {
                expect(error).toBeInstanceOf(SpendCapError);
                expect(wouldBreak[(error as SpendCapError).cap as keyof typeof wouldBreak]).toBe(true);
              }
            }
            expect(ledger.spent).toBe(BigInt(paid.reduce((s, p) => s + p.amount, 0)));
          } finally {
            Date.now = realNow;
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('decimal amounts are exact: three payments of 0.1 fit a cap of 0.3', () => {
    const ledger = new SpendLedger({ perClient: '0.3' });
    for (let i = 0; i < 3; i++) ledger.reserve(toAtomic('0.1', 'x'), 'op');
    expect(fromAtomic(ledger.spent)).toBe('0.3');
    expect(() => ledger.reserve(1n, 'op')).toThrow(SpendCapError);
  });

  it('toAtomic and fromAtomic are inverse on every amount with at most 6 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (atomic) => toAtomic(fromAtomic(atomic), 'x') === atomic),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('bad cap settings fail at construction, naming the field', () => {
  it.each([
    [{ perCall: '-1' }, 'payments.caps.perCall'],
    [{ perCall: '0.0000001' }, 'payments.caps.perCall'],
    [{ perClient: '1e3' }, 'payments.caps.perClient'],
    [{ perWindow: { amount: '1', seconds: 0 } }, 'payments.caps.perWindow.seconds'],
    [{ perWindow: { amount: 'ten', seconds: 60 } }, 'payments.caps.perWindow.amount'],
  ])('%j', (caps, field) => {
    expect(() => createPayments({ caps: caps as never })).toThrow(new RegExp(field.replaceAll('.', '\\.')));
  });

  it('any string that is not a plain decimal is refused (generated)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*\d+(\.\d{1,6})?\s*$/.test(s)),
        (text) => {
          expect(() => createPayments({ caps: { perCall: text } })).toThrow(/payments\.caps\.perCall must be a decimal amount of USDC/);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
