// Plan before you pay, against the stateful mock (tools/contract) behind a counting proxy on a free port: the plan of
// a 30-day paid scan is what the scan then sends and pays (requests counted at the proxy, payments in the mock's charge
// log), and a budget below the plan refuses before any request.
import { describe, expect, it } from 'vitest';
import { ScanBudgetError, createClient, createPayments, type ScanPlan } from '../src/index.js';
// @ts-expect-error plain ESM module of the contract tools
import { startMock } from '@laevitas-api/contract/mock';
import { mockPerFile } from '@laevitas-api/test-support';
import { countingProxyTo } from './counting-proxy.js';
import { testWallet } from './x402-wallet.js';

type Charge = { kind: string; subject: string; amount: string };
const { mock }: { mock: { url: string; state: { charges: Charge[] } } } = mockPerFile(startMock, { start: Date.parse('2026-11-20T15:00:00.000Z') });

const fast = { retry: { initialDelayMs: 1, maxDelayMs: 2 }, rateLimit: false } as const;
/** Thirty days of hourly candles of one option, walked in 7-day windows, 100 rows a page, paid per call. */
const SEPTEMBER = {
  query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h', start: '2026-09-01T00:00:00Z', end: '2026-09-30T23:59:59Z', limit: 100 },
} as const;
const WEEKS = { windows: { days: 7 } } as const;

async function payingClient() {
  const proxy = await countingProxyTo(mock.url);
  const wallet = testWallet();
  const client = createClient({ v2BaseUrl: proxy.url, ...fast, payments: createPayments({ payer: wallet.payer }) });
  return { proxy, wallet, client };
}

describe('client.planScan', () => {
  it('the plan of a 30-day paid scan is what the scan sends and pays, counted at the mock', async () => {
    const { proxy, wallet, client } = await payingClient();
    try {
      const plan: ScanPlan = client.planScan('getOptionsOhlcvt', SEPTEMBER, WEEKS);
      // Four weeks and two days: 168 hourly rows (2 pages of 100) in each week, 48 (1 page) in the rest.
      expect(plan.windows.map((w) => [w.start, w.end, w.maxPages])).toEqual([
        ['2026-09-01T00:00:00Z', '2026-09-07T23:59:59.999Z', 2],
        ['2026-09-08T00:00:00.000Z', '2026-09-14T23:59:59.999Z', 2],
        ['2026-09-15T00:00:00.000Z', '2026-09-21T23:59:59.999Z', 2],
        ['2026-09-22T00:00:00.000Z', '2026-09-28T23:59:59.999Z', 2],
        ['2026-09-29T00:00:00.000Z', '2026-09-30T23:59:59Z', 1],
      ]);
      expect(plan).toMatchObject({ pageSize: 100, requests: { min: 5, max: 9 }, rows: { max: 720 }, boundBy: 'rows-per-bucket' });
      expect(plan.cost.x402).toEqual({ perCall: '0.001', asset: 'USDC', min: '0.005', max: '0.009', httpRequests: { min: 10, max: 18 } });
      expect(plan.cost.credits).toEqual({ min: 5, max: 9 });
      expect(proxy.received).toHaveLength(0); // planning sent nothing

      const rows = await client.paginate('getOptionsOhlcvt', SEPTEMBER, { ...WEEKS, budget: { usdc: plan.cost.x402!.max! } }).toArray();
      expect(rows).toHaveLength(plan.rows.max!);
      // Every page is a 402 quote, then the paid request: both reach the mock; each page is paid once.
      expect(proxy.received).toHaveLength(plan.cost.x402!.httpRequests.max!);
      expect(proxy.paid.count).toBe(plan.requests.max);
      expect(wallet.signed()).toBe(plan.requests.max);
      const charged = mock.state.charges.filter((c) => c.subject === 'getOptionsOhlcvt');
      expect(charged).toHaveLength(plan.requests.max!);
      expect(charged.reduce((sum, c) => sum + BigInt(c.amount), 0n)).toBe(9_000n); // 0.009 USDC in atomic units
      // The windows the scan asked for are the plan's.
      const asked = [...new Map(proxy.received.map((u) => [`${u.searchParams.get('start')}|${u.searchParams.get('end')}`, 0])).keys()];
      expect(asked).toEqual(plan.windows.map((w) => `${w.start}|${w.end}`));
    } finally {
      await proxy.close();
    }
  });

  it('a budget below the plan refuses before any request, naming the budget and the plan', async () => {
    const { proxy, wallet, client } = await payingClient();
    try {
      for (const budget of [{ usdc: '0.0089' }, { credits: 8 }, { requests: 8 }]) {
        let error: unknown;
        try {
          client.paginate('getOptionsOhlcvt', SEPTEMBER, { ...WEEKS, budget });
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(ScanBudgetError);
        const limit = Object.keys(budget)[0];
        expect(error).toMatchObject({ limit, budget, plan: { requests: { max: 9 } } });
        expect((error as Error).message).toContain(`budget ${limit} ${Object.values(budget)[0]}`);
        expect((error as Error).message).toMatch(/plan up to (0\.009 USDC at 0\.001 a call|9 credits|9 requests) \(9 requests over 5 windows, page size 100\)/);
      }
      expect(proxy.received).toHaveLength(0);
      expect(wallet.signed()).toBe(0);
      expect(mock.state.charges).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('where the contract bounds no row count (trades), a budget needs maxPages, which then bounds the scan', async () => {
    const { proxy, client } = await payingClient();
    try {
      const trades = { query: { currency: 'BTC', start: '2026-09-01T00:00:00Z', end: '2026-09-30T23:59:59Z', limit: 100 } } as const;
      const open = client.planScan('getOptionsTrades', trades);
      expect(open).toMatchObject({ requests: { min: 5, max: null }, boundBy: null, cost: { x402: { min: '0.005', max: null } } });
      expect(() => client.paginate('getOptionsTrades', trades, { budget: { usdc: '1' } })).toThrow(
        /no upper bound .*pass maxPages \(at most 1000 at 0\.001 USDC a call\)/,
      );
      expect(proxy.received).toHaveLength(0);

      const capped = client.planScan('getOptionsTrades', trades, { maxPages: 3 });
      expect(capped).toMatchObject({ requests: { min: 3, max: 3 }, boundBy: 'max-pages', cost: { x402: { max: '0.003' } } });
      const pages: unknown[] = [];
      for await (const page of client.paginate('getOptionsTrades', trades, { maxPages: 3, budget: { usdc: '0.003' } }).pages()) pages.push(page);
      expect(pages).toHaveLength(3);
      expect(proxy.paid.count).toBe(3);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a bad budget or maxPages, naming the field', () => {
    const client = createClient({ apiKey: 'k', ...fast });
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: { usdc: '1e3' } })).toThrow(/options\.budget\.usdc must be a decimal amount/);
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: { dollars: 1 } as never })).toThrow(/options\.budget\.dollars is not a budget/);
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { maxPages: 0 })).toThrow(/options\.maxPages must be a whole number > 0/);
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: null as never })).toThrow(/options\.budget must be an object/);
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: 5 as never })).toThrow(/options\.budget must be an object/);
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: { credits: 1.5 } })).toThrow(
      /options\.budget\.credits must be a whole number >= 0, got 1\.5/,
    );
    expect(() => client.paginate('getOptionsOhlcvt', SEPTEMBER, { budget: { requests: -1 } })).toThrow(
      /options\.budget\.requests must be a whole number >= 0, got -1/,
    );
  });
});
