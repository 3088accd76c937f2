// Issue 11 item 5 against the fault server: pay-per-call through the x402 library, at most one payment per request,
// caps that refuse before anything is signed, a 202 pay answer polled to the end and never paid again, credit tokens
// cached, rotated and run out. The server's own log proves what reached it and how often.
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import {
  APIConnectionError,
  CheckoutPendingError,
  InternalServerError,
  NoCreditsError,
  createPayments,
  PaymentRequiredError,
  SpendCapError,
  createClient,
  type ClientOptions,
} from '../src/index.js';
import { drive } from './drive.js';
import { useFaultServers } from './fault-servers.js';
import { base64Json, decodeBase64Json, quote, testWallet } from './x402-wallet.js';
import type { Received } from './fault-server.js';

const env = useFaultServers();

const OHLCVT = '/api/v1/options/ohlcvt';
const STATUS = '/api/v1/x402/subscriptions/checkouts/chk_1';
const client = (options: Partial<ClientOptions> = {}) =>
  createClient({ v2BaseUrl: env.server.origin, rateLimit: false, retry: { maxRetries: 3, initialDelayMs: 10 }, ...options });
const signedArrivals = (path: string) => env.server.received.filter((r) => r.url.pathname === path && r.headers['payment-signature'] !== undefined);
const isSigned = (r: Received) => r.headers['payment-signature'] !== undefined;
const unsigned = (r: Received) => !isSigned(r);
const page = JSON.stringify({ data: [{ date: 'p0-r0', close: 1 }], meta: { next_cursor: null } });
const receipt = { success: true, transaction: '0xabc', network: 'eip155:8453', payer: '0xpayer' };
const pay = (c = client()) =>
  c.callWithResponse('postX402SubscriptionsCheckoutsByIdPay', { path: { id: 'chk_1' }, header: { 'x-checkout-token': 'tok' } } as never);

describe('pay per call (x402)', () => {
  it('pays once: the 402 quote is signed by the x402 library, sent once, and the PAYMENT-RESPONSE receipt is exposed', async () => {
    const wallet = testWallet();
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { match: unsigned });
    env.server.inject({ kind: 'status', status: 200, body: page, headers: { 'payment-response': base64Json(receipt) } }, { match: isSigned });
    const result = await drive(client({ payments: createPayments({ payer: wallet.payer }) }).callWithResponse('getOptionsOhlcvt'));
    expect(result.status).toBe(200);
    expect(result.billing.payment).toMatchObject({ amount: '0.001', option: { network: 'eip155:8453', amount: '1000' }, receipt });
    expect(wallet.signed()).toBe(1);
    const [paid] = signedArrivals(OHLCVT);
    const payload = decodeBase64Json(paid!.headers['payment-signature']);
    expect(payload).toMatchObject({
      x402Version: 2,
      accepted: { amount: '1000', network: 'eip155:8453' },
      payload: { authorization: { from: wallet.address, value: '1000' } },
    });
    expect(env.server.received).toHaveLength(2);
  });

  it('never pays twice: a second 402 after the signed request is thrown, not signed again', async () => {
    const wallet = testWallet();
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { times: 5 });
    const error = await drive(
      client({ payments: createPayments({ payer: wallet.payer }) })
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(wallet.signed()).toBe(1);
    expect(signedArrivals(OHLCVT)).toHaveLength(1);
    expect(env.server.received).toHaveLength(2);
  });

  it('a paid GET reset after it arrived is not sent again (the payment may have settled), though a GET is otherwise retried', async () => {
    const wallet = testWallet();
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { match: unsigned });
    env.server.inject({ kind: 'reset-before-headers' }, { match: isSigned, times: 3 });
    const error = await drive(
      client({ payments: createPayments({ payer: wallet.payer }) })
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(signedArrivals(OHLCVT)).toHaveLength(1);
    expect(wallet.signed()).toBe(1);
  });

  it('a POST pay reset after it arrived is never re-sent, and never re-signed', async () => {
    const wallet = testWallet();
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote({ amount: '5000' }) } }, { match: unsigned });
    env.server.inject({ kind: 'reset-before-headers' }, { match: isSigned, times: 3 });
    const error = await drive(pay(client({ payments: createPayments({ payer: wallet.payer }) })).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(env.server.received.filter((r) => r.method === 'POST' && isSigned(r))).toHaveLength(1);
    expect(env.server.received.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(wallet.signed()).toBe(1);
  });

  it('without a payer a 402 is thrown as PaymentRequiredError with the decoded quote (nothing is signed)', async () => {
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } });
    const error = await drive(
      client()
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect((error as PaymentRequiredError).requirements?.accepts[0]?.amount).toBe('1000');
    expect(env.server.received).toHaveLength(1);
  });
});

describe('a 202 pending pay answer (x-idempotent-payment)', () => {
  it('is never paid again: the client polls the checkout status operation until it is no longer pending', async () => {
    const wallet = testWallet();
    env.server.inject(
      { kind: 'status', status: 402, headers: { 'payment-required': quote({ amount: '5000' }) } },
      { match: (r) => r.method === 'POST' && unsigned(r) },
    );
    env.server.inject({ kind: 'accepted' }, { match: (r) => r.method === 'POST' && isSigned(r) });
    const statusGet = (r: Received) => r.method === 'GET' && r.url.pathname === STATUS;
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ state: 'pending' }) }, { match: statusGet, times: 2 });
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ state: 'completed', receipt }) }, { match: statusGet });
    const result = await drive(pay(client({ payments: createPayments({ payer: wallet.payer, checkoutPoll: { intervalMs: 3000 } }) })));
    expect(result.data).toEqual({ state: 'completed', receipt });
    expect(result.billing.checkout).toEqual({ pending: { status: 'pending', message: 'payment is settling' }, polls: 3 });
    expect(result.billing.payment?.amount).toBe('0.005');
    expect(wallet.signed()).toBe(1);
    const posts = env.server.received.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts.filter(isSigned)).toHaveLength(1);
    const polls = env.server.received.filter(statusGet);
    expect(polls).toHaveLength(3);
    // The status requests carry the checkout token, never the payment.
    expect(polls.every((r) => r.headers['x-checkout-token'] === 'tok' && !isSigned(r))).toBe(true);
    expect(polls[0]!.at - posts[1]!.at).toBeGreaterThanOrEqual(3000);
    expect(polls[2]!.at - polls[1]!.at).toBeGreaterThanOrEqual(3000);
  });
});

describe('a 202 pending pay answer that does not complete', () => {
  const pendingCheckout = () => {
    env.server.inject(
      { kind: 'status', status: 402, headers: { 'payment-required': quote({ amount: '5000' }) } },
      { match: (r) => r.method === 'POST' && unsigned(r) },
    );
    env.server.inject({ kind: 'accepted' }, { match: (r) => r.method === 'POST' && isSigned(r) });
  };
  const statusGet = (r: Received) => r.method === 'GET' && r.url.pathname === STATUS;

  it('still pending after checkoutPoll.timeoutMs: CheckoutPendingError (paid, do not pay again), one payment', async () => {
    const wallet = testWallet();
    pendingCheckout();
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ state: 'pending' }) }, { match: statusGet, times: 100 });
    const error = await drive(
      pay(client({ payments: createPayments({ payer: wallet.payer, checkoutPoll: { intervalMs: 3000, timeoutMs: 10_000 } }) })).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(CheckoutPendingError);
    expect(error).toMatchObject({ polls: 4, lastStatus: { state: 'pending' } });
    expect(env.server.received.filter(statusGet)).toHaveLength(4);
    expect(env.server.received.filter((r) => r.method === 'POST' && isSigned(r))).toHaveLength(1);
    expect(wallet.signed()).toBe(1);
  });

  it('a status poll that fails is a CheckoutPendingError with the failure as cause, never a new payment', async () => {
    const wallet = testWallet();
    pendingCheckout();
    env.server.inject({ kind: 'status', status: 500 }, { match: statusGet, times: 100 });
    const error = await drive(pay(client({ payments: createPayments({ payer: wallet.payer, checkoutPoll: { intervalMs: 3000 } }) })).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(CheckoutPendingError);
    expect((error as CheckoutPendingError).cause).toBeInstanceOf(InternalServerError);
    expect(env.server.received.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(wallet.signed()).toBe(1);
  });
});

describe('caps refuse before signing, with a typed error naming the cap', () => {
  const refuse = async (options: Partial<ClientOptions>, amount = '1000') => {
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote({ amount }) } }, { times: 10 });
    return drive(
      client(options)
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
  };

  it('perCall', async () => {
    const wallet = testWallet();
    const error = await refuse({ payments: createPayments({ payer: wallet.payer, caps: { perCall: '0.0005' } }) });
    expect(error).toBeInstanceOf(SpendCapError);
    expect(error).toMatchObject({ cap: 'perCall', amount: '0.001', limit: '0.0005' });
    expect(wallet.signed()).toBe(0);
    expect(signedArrivals(OHLCVT)).toHaveLength(0);
  });

  it('x-x402-price: a quote above the contract price of the operation is refused', async () => {
    const wallet = testWallet();
    const error = await refuse({ payments: createPayments({ payer: wallet.payer }) }, '2000');
    expect(error).toMatchObject({ name: 'SpendCapError', cap: 'x-x402-price', amount: '0.002', limit: '0.001' });
    expect(wallet.signed()).toBe(0);
  });

  it('perClient, shared by withOptions copies', async () => {
    const wallet = testWallet();
    const first = client({ payments: createPayments({ payer: wallet.payer, caps: { perClient: '0.0015' } }) });
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { match: unsigned, times: 2 });
    await drive(first.getOptionsOhlcvt());
    const error = await drive(
      first
        .withOptions({ timeout: 5000 })
        .getOptionsOhlcvt()
        .catch((e: unknown) => e),
    );
    expect(error).toMatchObject({ name: 'SpendCapError', cap: 'perClient', spent: '0.001' });
    expect(wallet.signed()).toBe(1);
    expect(first.billing.spent).toBe('0.001');
  });

  it('perWindow: refused inside the window, paid again once it has passed', async () => {
    const wallet = testWallet();
    const c = client({ payments: createPayments({ payer: wallet.payer, caps: { perWindow: { amount: '0.001', seconds: 60 } } }) });
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { match: unsigned, times: 3 });
    await drive(c.getOptionsOhlcvt());
    expect(await drive(c.getOptionsOhlcvt().catch((e: unknown) => e))).toMatchObject({ name: 'SpendCapError', cap: 'perWindow' });
    await drive(new Promise((resolve) => setTimeout(resolve, 61_000)));
    await drive(c.getOptionsOhlcvt());
    expect(wallet.signed()).toBe(2);
  });

  it('concurrent calls each reserve before signing: 3 at once under a cap for 2 pay exactly 2', async () => {
    const wallet = testWallet();
    const c = client({ payments: createPayments({ payer: wallet.payer, caps: { perClient: '0.002' } }) });
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote() } }, { match: unsigned, times: 3 });
    const results = await drive(Promise.allSettled([c.getOptionsOhlcvt(), c.getOptionsOhlcvt(), c.getOptionsOhlcvt()]));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.cap)).toEqual(['perClient']);
    expect(wallet.signed()).toBe(2);
    expect(signedArrivals(OHLCVT)).toHaveLength(2);
  });

  it("the agent endpoint's x-credit-cost is charged against the caps before sending, and it gets x-required-accept", async () => {
    const c = client({ creditToken: 'tok-1', payments: createPayments({ caps: { perCall: '0.0005' } }) });
    const call = (method: string) => c.callWithResponse('postMcp', { body: { jsonrpc: '2.0', id: 1, method } } as never);
    const error = await drive(call('tools/call').catch((e: unknown) => e));
    expect(error).toMatchObject({ name: 'SpendCapError', cap: 'perCall', amount: '0.001' });
    expect(env.server.received).toHaveLength(0);
    // tools/list costs nothing: it goes out, with the Accept the operation requires.
    env.server.inject({ kind: 'status', status: 200, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [] } }) });
    await drive(call('tools/list'));
    expect(env.server.received[0]!.headers.accept).toBe('application/json, text/event-stream');
  });
});

describe('credit tokens', () => {
  it('the cached token is replaced when a response rotates it, and the balance is on every response', async () => {
    const c = client({ creditToken: 'tok-1' });
    env.server.inject({ kind: 'status', status: 200, body: page, headers: { 'x-credit-token': 'tok-2', 'x-credits-remaining': '41' } });
    const first = await drive(c.callWithResponse('getOptionsOhlcvt'));
    expect(first.billing.credits).toEqual({ remaining: 41, rotated: true });
    env.server.inject({ kind: 'status', status: 200, body: page, headers: { 'x-credits-remaining': '40' } });
    const second = await drive(c.callWithResponse('getOptionsOhlcvt'));
    expect(second.billing.credits).toEqual({ remaining: 40, rotated: false });
    expect(env.server.received.map((r) => r.headers['x-credit-token'])).toEqual(['tok-1', 'tok-2']);
    // The token is a credential: JSON and inspect of the client and of its billing never show it.
    for (const shown of [JSON.stringify(c.billing), JSON.stringify(c), inspect(c), inspect(c.billing, { depth: 5 })]) expect(shown).not.toMatch(/tok-[12]/);
  });

  it('credits run out: NoCreditsError (a PaymentRequiredError), the token is forgotten, and no x402 payment is made instead', async () => {
    const wallet = testWallet();
    const c = client({ creditToken: 'tok-1', payments: createPayments({ payer: wallet.payer }) });
    env.server.inject({ kind: 'status', status: 402, headers: { 'payment-required': quote({ error: 'no_credits' }) } });
    const error = await drive(c.getOptionsOhlcvt().catch((e: unknown) => e));
    expect(error).toBeInstanceOf(NoCreditsError);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect((error as NoCreditsError).code).toBe('no_credits');
    expect(c.billing.credits.token).toBeUndefined();
    expect(wallet.signed()).toBe(0);
    expect(env.server.received).toHaveLength(1);
  });
});
