// Issue 11 item 5 against the stateful mock (tools/contract: Prism behind the front, state in src/mock/*.mjs) on a
// free port: a keyless call paid once through the x402 library, a checkout that answers 202 and is polled to its
// receipt without a second charge, the credit-token challenge and redemption, credits spent until `no_credits`, and
// the agent endpoint (its required Accept, its credit cost against the caps). The mock's charge log is the proof.
import { describe, expect, it } from 'vitest';
import { NoCreditsError, SpendCapError, createPayments, createClient, redeemCreditToken, type ClientOptions } from '../src/index.js';
// @ts-expect-error plain ESM module of the contract tool
import { startMock } from '@laevitas-api/contract/mock';
import { mockPerFile } from '@laevitas-api/test-support';
import { testWallet, type TestWallet } from './x402-wallet.js';

type Charge = { kind: string; subject: string; amount: string; payer: string };
type Mock = { mock: { url: string; state: { charges: Charge[] } }; clock: { now: number } };
const { mock, clock }: Mock = mockPerFile(startMock, { start: Date.parse('2026-11-20T15:00:00.000Z') });

const INSTRUMENT = { query: { instrument_name: 'BTC-26MAR27-100000-C' } };
const client = (options: Partial<ClientOptions> = {}) => createClient({ v2BaseUrl: mock.url, rateLimit: false, ...options });
/** A credit wallet whose challenge is signed by the test's viem account (the mock checks the format, not the crypto). */
const creditWallet = (wallet: TestWallet) => ({
  chainId: 'eip155:8453',
  address: wallet.address,
  sign: async (info: Record<string, unknown>) => ({ signature: await wallet.account.signMessage({ message: JSON.stringify(info) }), type: 'eip191' }),
});

describe('pay per call against the mock', () => {
  it('a keyless call is paid once with the library-signed payment and answered 200', async () => {
    const wallet = testWallet();
    const result = await client({ payments: createPayments({ payer: wallet.payer }) }).callWithResponse('getOptionsOhlcvt', INSTRUMENT as never);
    expect(result.status).toBe(200);
    expect(result.billing.payment?.amount).toBe('0.001');
    expect(mock.state.charges).toEqual([expect.objectContaining({ kind: 'call', subject: 'getOptionsOhlcvt', amount: '1000', payer: wallet.address })]);
    expect(wallet.signed()).toBe(1);
  });

  it('a caps refusal reaches the mock once (the 402) and charges nothing', async () => {
    const wallet = testWallet();
    const error = await client({ payments: createPayments({ payer: wallet.payer, caps: { perCall: '0.0001' } }) })
      .getOptionsOhlcvt(INSTRUMENT as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpendCapError);
    expect((error as SpendCapError).cap).toBe('perCall');
    expect(mock.state.charges).toEqual([]);
    expect(wallet.signed()).toBe(0);
  });
});

describe('a checkout answering 202 (x-idempotent-payment)', () => {
  it('is paid once and polled on its status route until completed, with the receipt', async () => {
    const wallet = testWallet({ maxUsdPerPayment: '$1000' });
    const polls: string[] = [];
    const c = client({
      payments: createPayments({ payer: wallet.payer, checkoutPoll: { intervalMs: 10 } }),
      // Each status poll moves the mock's clock 4 s: the pending checkout completes 10 s after payment.
      onRequest: (event) => {
        if (event.operationId === 'getX402SubscriptionsCheckoutsById') {
          polls.push(event.url);
          clock.now += 4_000;
        }
      },
    });
    const result = await c.callWithResponse(
      'postX402SubscriptionsCheckoutsByIdPay',
      { path: { id: 'chk-202' }, header: { 'x-checkout-token': 'tok-a' } } as never,
      { headers: { 'x-mock-checkout': 'pending' } },
    );
    expect(result.billing.checkout).toEqual({ pending: { state: 'pending' }, polls: 3 });
    expect(result.data).toMatchObject({ state: 'completed', receipt: { success: true, payer: wallet.address } });
    expect(polls).toHaveLength(3);
    expect(mock.state.charges).toHaveLength(1);
    expect(mock.state.charges[0]).toMatchObject({ kind: 'checkout', amount: '500000000' });
    expect(wallet.signed()).toBe(1);
  });
});

describe('credit tokens against the mock', () => {
  it('challenge and redeem cache the token; each call spends a credit and shows the balance; then no_credits', async () => {
    const wallet = testWallet();
    const c = client({ defaultHeaders: { 'x-mock-credits': '2' } });
    const redeemed = await redeemCreditToken(c, creditWallet(wallet));
    expect(redeemed).toEqual({ remaining: 2, cached: true });
    expect(c.billing.credits.token).toMatch(/\S/);
    const first = await c.callWithResponse('getOptionsOhlcvt', INSTRUMENT as never);
    expect(first.billing.credits.remaining).toBe(1);
    const second = await c.callWithResponse('getOptionsOhlcvt', INSTRUMENT as never);
    expect(second.billing.credits.remaining).toBe(0);
    const error = await c.getOptionsOhlcvt(INSTRUMENT as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoCreditsError);
    expect(c.billing.credits.token).toBeUndefined();
    expect(mock.state.charges).toEqual([]);
  });

  it("redeeming for an empty wallet is a NoCreditsError (the route's 402 `code: no_credits`), and no token is cached", async () => {
    const c = client({ defaultHeaders: { 'x-mock-credits': '0' } });
    const error = await redeemCreditToken(c, creditWallet(testWallet())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoCreditsError);
    expect((error as NoCreditsError).status).toBe(402);
    expect(c.billing.credits.token).toBeUndefined();
  });

  it('the agent endpoint: required Accept sent (the mock answers 406 without it), tools/list free, tools/call costs a credit and counts against the caps', async () => {
    const wallet = testWallet();
    const c = client({ defaultHeaders: { 'x-mock-credits': '5' }, payments: createPayments({ caps: { perClient: '0.001' } }) });
    await redeemCreditToken(c, creditWallet(wallet));
    const rpc = (method: string, id: number) =>
      c.callWithResponse('postMcp', {
        body: { jsonrpc: '2.0', id, method, ...(method === 'tools/call' ? { params: { name: 'x', arguments: {} } } : {}) },
      } as never);
    const list = await rpc('tools/list', 1);
    expect(list.status).toBe(200);
    expect(list.billing.credits.remaining).toBe(5);
    const call = await rpc('tools/call', 2);
    expect(call.billing.credits.remaining).toBe(4);
    // The caps allow one credit (0.001 USDC at info.x-x402.pricePerCall): the second tools/call is refused before it is sent.
    const refused = await rpc('tools/call', 3).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'SpendCapError', cap: 'perClient' });
    expect(c.billing.credits.remaining).toBe(4);
    expect(c.billing.spent).toBe('0.001');
  });
});
