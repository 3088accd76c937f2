// The mock's state where the API has state (section 3 of the v1 document), end to end against the real mock (Prism
// behind the front) on a free port, with the mock's clock in the test's hands: x402 pay-per-call on the data routes,
// checkouts that are never charged twice, WS passes that extend additively, single-use credit-token challenges that
// expire after 5 minutes, credits that run out, the agent endpoint's free and billed methods, and the reset route.
// Every answer is checked against the documented response with the generated validators.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResponse } from '@laevitas-api/validators';
import { mockPerFile } from '@laevitas-api/test-support';
import { startMock } from '../src/mock.mjs';
import { PENDING_MS } from '@laevitas-api/mock-core/state/checkout';
import { createStatefulMock, runStateful } from './stateful-runner.mjs';
import { isPaidDataOperation } from '@laevitas-api/mock-core/state/payments';
import { operationsOf } from '@laevitas-api/spec-model';
import { SPEC_JSON } from '../src/paths.mjs';
import { readFileSync } from 'node:fs';

const START = Date.parse('2026-11-20T15:00:00.000Z');
const { mock, clock } = mockPerFile(startMock, { start: START });

const WALLET = '0x857b06519E91e3A54538791bDbb0E22373e36b66';
const OTHER_WALLET = '0x1111111111111111111111111111111111111111';
const EVM_SIGNATURE = `0x${'ab'.repeat(65)}`;
const OHLCVT = '/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C';
const MCP_ACCEPT = 'application/json, text/event-stream';

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (text: string | undefined) => JSON.parse(Buffer.from(String(text), 'base64').toString('utf8'));
/** A well-formed x402 v2 PaymentPayload for the first requirement on `network` (the mock checks shape, not crypto). */
const payment = (network = 'eip155:8453', from = WALLET) =>
  base64({ x402Version: 2, accepted: { scheme: 'exact', network }, payload: { signature: EVM_SIGNATURE, authorization: { from } } });

type Answer = { status: number; headers: Record<string, string>; body: any };
/** A header the answer must carry (a missing one fails here, not as the text "undefined" in the next request). */
function headerOf(answer: Answer, name: string): string {
  const value = answer.headers[name];
  if (value === undefined) throw new Error(`the answer (${answer.status}) has no ${name} header`);
  return value;
}
async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(mock.url + path, init);
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

function documented(operationId: string, answer: Answer) {
  const result = validateResponse(operationId as any, answer.status as any, answer.body, answer.headers);
  expect(result.ok ? 'valid' : JSON.stringify(result), `${operationId} ${answer.status}`).toBe('valid');
}

async function creditToken(address = WALLET, credits?: number) {
  const challenge = await post('/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address });
  documented('postX402CreditTokenChallenge', challenge);
  expect(challenge.status).toBe(200);
  const redeemed = await post(
    '/api/v1/x402/credit-token',
    { ...challenge.body.info, address, chainId: 'eip155:8453', type: 'eip191', signature: EVM_SIGNATURE },
    credits === undefined ? {} : { 'x-mock-credits': String(credits) },
  );
  return { challenge, redeemed };
}

describe('keyless data requests (x402 pay-per-call)', () => {
  it("keyless 402 then paid 200: the quote is the spec's x402 v2 requirements, the payment is charged once", async () => {
    const keyless = await call(OHLCVT);
    expect(keyless.status).toBe(402);
    documented('getOptionsOhlcvt', keyless);
    const quote = decode(keyless.headers['payment-required']);
    expect(quote.x402Version).toBe(2);
    expect(quote.resource.url).toMatch(/^https:\/\/[^/]+\/api\/v1\/options\/ohlcvt$/);
    expect(quote.accepts).toEqual([
      expect.objectContaining({ scheme: 'exact', network: 'eip155:8453', amount: '1000', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }),
    ]);
    expect(mock.state.charges).toHaveLength(0);

    const paid = await call(OHLCVT, { headers: { 'payment-signature': payment() } });
    expect(paid.status).toBe(200);
    documented('getOptionsOhlcvt', paid);
    expect(mock.state.charges).toEqual([expect.objectContaining({ kind: 'call', subject: 'getOptionsOhlcvt', payer: WALLET, amount: '1000' })]);
  });

  it('an API key is served without payment and without a charge', async () => {
    const keyed = await call(OHLCVT, { headers: { 'x-api-key': 'k' } });
    expect(keyed.status).toBe(200);
    expect(mock.state.charges).toHaveLength(0);
  });

  it('a malformed PAYMENT-SIGNATURE gets the documented 402 naming the header, and is never charged', async () => {
    const wrongShapes = [
      'not base64 at all!',
      base64([1, 2]),
      base64({ x402Version: 1, accepted: { scheme: 'exact', network: 'eip155:8453' }, payload: {} }),
      base64({ x402Version: 2, payload: {} }),
      base64({ x402Version: 2, accepted: { scheme: 'exact', network: 'eip155:1' }, payload: {} }),
      base64({ x402Version: 2, accepted: { scheme: 'upto', network: 'eip155:8453' }, payload: {} }),
      base64({ x402Version: 2, accepted: { scheme: 'exact', network: 'eip155:8453' } }),
    ];
    for (const signature of wrongShapes) {
      const answer = await call(OHLCVT, { headers: { 'payment-signature': signature } });
      expect(answer.status, signature).toBe(402);
      documented('getOptionsOhlcvt', answer);
      expect(decode(answer.headers['payment-required']).error).toMatch(/^PAYMENT-SIGNATURE /);
    }
    // Hostile header text (printable ASCII, as HTTP carries it): never a 2xx, never a 5xx, never a charge.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(...'abcXYZ019+/=_-{}":,. '.split('')), minLength: 1, maxLength: 60 }), async (text) => {
        const answer = await call(OHLCVT, { headers: { 'payment-signature': text.trim() || 'x' } });
        expect(answer.status).toBe(402);
      }),
      { seed: 104, numRuns: 25 },
    );
    expect(mock.state.charges).toHaveLength(0);
  });
});

describe('every paid data operation', () => {
  it('answers a keyless request with its documented 402 (quote at 0.001 USDC on the info.x-x402 networks)', async () => {
    const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
    const stateful = createStatefulMock({ document });
    const paid = operationsOf(document).filter(isPaidDataOperation);
    expect(paid.length).toBeGreaterThan(90);
    for (const op of paid) {
      const pathname = op.path.replace(/\{[^}]+\}/g, 'x');
      const { answer } = await runStateful(stateful, {
        method: op.method.toUpperCase(),
        url: new URL(`http://mock${pathname}`),
        headers: { host: 'mock' },
        body: Buffer.alloc(0),
      });
      expect(answer?.status, op.operationId).toBe(402);
      const headers = answer!.headers!;
      documented(op.operationId, { status: 402, headers, body: JSON.parse(String(answer!.body)) });
      expect(
        decode(headers['payment-required']).accepts.map((a: any) => [a.network, a.amount]),
        op.operationId,
      ).toEqual([['eip155:8453', '1000']]);
    }
  });
});

describe('checkouts (payable → pending/completed, never charged twice)', () => {
  const pay = (id: string, headers: Record<string, string>) => call(`/api/v1/x402/subscriptions/checkouts/${id}/pay`, { method: 'POST', headers });
  const status = (id: string, token = 'tok-1') => call(`/api/v1/x402/subscriptions/checkouts/${id}`, { headers: { 'x-checkout-token': token } });

  it('pay without a signature answers the 402 quote on Base and Solana', async () => {
    const quote = await pay('c-1', { 'x-checkout-token': 'tok-1' });
    expect(quote.status).toBe(402);
    documented('postX402SubscriptionsCheckoutsByIdPay', quote);
    expect(decode(quote.headers['payment-required']).accepts.map((a: any) => a.network)).toEqual(['eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']);
    const before = await status('c-1');
    documented('getX402SubscriptionsCheckoutsById', before);
    expect(before.body).toEqual({ state: 'payable' });
  });

  it('202 then pay again: not charged twice', async () => {
    const pending = await pay('c-2', { 'x-checkout-token': 'tok-1', 'payment-signature': payment(), 'x-mock-checkout': 'pending' });
    expect(pending.status).toBe(202);
    documented('postX402SubscriptionsCheckoutsByIdPay', pending);
    expect(mock.state.charges).toHaveLength(1);

    const again = await pay('c-2', { 'x-checkout-token': 'tok-1', 'payment-signature': payment() });
    expect(again.status).toBe(202);
    expect(mock.state.charges).toHaveLength(1);
    expect((await status('c-2')).body).toEqual({ state: 'pending' });

    clock.now += PENDING_MS;
    const done = await status('c-2');
    documented('getX402SubscriptionsCheckoutsById', done);
    expect(done.body.state).toBe('completed');
    const afterCompletion = await pay('c-2', { 'x-checkout-token': 'tok-1', 'payment-signature': payment('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') });
    expect(afterCompletion.status).toBe(200);
    documented('postX402SubscriptionsCheckoutsByIdPay', afterCompletion);
    expect(afterCompletion.body.receipt).toEqual(done.body.receipt);
    expect(decode(afterCompletion.headers['payment-response'])).toEqual(done.body.receipt);
    expect(mock.state.charges).toHaveLength(1);
  });

  it('200 completed with a receipt; paying again returns the same receipt and charges nothing', async () => {
    const paid = await call('/api/v1/x402/tick-data/checkouts/t-1/pay', {
      method: 'POST',
      headers: { 'x-checkout-token': 'tok-9', 'payment-signature': payment() },
    });
    expect(paid.status).toBe(200);
    documented('postX402TickDataCheckoutsByIdPay', paid);
    expect(decode(paid.headers['payment-response'])).toEqual(expect.objectContaining({ success: true, network: 'eip155:8453', payer: WALLET }));
    const again = await call('/api/v1/x402/tick-data/checkouts/t-1/pay', { method: 'POST', headers: { 'x-checkout-token': 'tok-9' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    expect(mock.state.charges).toHaveLength(1);
  });

  it('x-checkout-token is required and bound to its checkout; x-mock-checkout takes only its two values', async () => {
    const missing = await pay('c-3', {});
    expect(missing.status).toBe(400);
    documented('postX402SubscriptionsCheckoutsByIdPay', missing);
    expect(missing.body.message).toEqual(['x-checkout-token should not be empty']);
    await status('c-3', 'tok-a');
    const stranger = await status('c-3', 'tok-b');
    expect(stranger.status).toBe(400);
    expect(stranger.body.message[0]).toMatch(/x-checkout-token/);
    const badOutcome = await pay('c-3', { 'x-checkout-token': 'tok-a', 'x-mock-checkout': 'later' });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.body.message[0]).toMatch(/^x-mock-checkout must be one of/);
  });
});

describe('WebSocket passes', () => {
  it('a purchase grants a credit token; a second purchase extends the pass additively', async () => {
    const quote = await post('/api/v1/x402/ws-pass/hour', undefined);
    expect(quote.status).toBe(402);
    documented('postX402WsPassHour', quote);

    const first = await post('/api/v1/x402/ws-pass/hour', undefined, { 'payment-signature': payment() });
    expect(first.status).toBe(200);
    documented('postX402WsPassHour', first);
    expect(first.headers['x-credit-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first.body.expires_at).toBe(new Date(START + 3_600_000).toISOString());

    clock.now += 600_000; // ten minutes later, still active: the new hour is added to the old expiry, not to now
    const second = await post('/api/v1/x402/ws-pass/hour', undefined, { 'payment-signature': payment() });
    expect(second.headers['x-credit-token']).toBe(first.headers['x-credit-token']);
    expect(second.body.expires_at).toBe(new Date(START + 2 * 3_600_000).toISOString());

    const day = await post('/api/v1/x402/ws-pass/day', undefined, {
      'payment-signature': payment('eip155:8453', OTHER_WALLET),
      'x-credit-token': headerOf(first, 'x-credit-token'),
    });
    documented('postX402WsPassDay', day);
    expect(day.body.expires_at).toBe(new Date(START + 2 * 3_600_000 + 86_400_000).toISOString());
    expect(mock.state.charges.map((c) => c.kind)).toEqual(['ws-pass', 'ws-pass', 'ws-pass']);
  });
});

describe('credit tokens and credits', () => {
  it('a redeemed challenge gives a credit token and the balance; the challenge is single use', async () => {
    const { challenge, redeemed } = await creditToken(WALLET);
    expect(redeemed.status).toBe(200);
    documented('postX402CreditToken', redeemed);
    expect(redeemed.headers['x-credits-remaining']).toBe('100');
    expect(Date.parse(challenge.body.info.expirationTime) - Date.parse(challenge.body.info.issuedAt)).toBe(300_000);

    const replay = await post('/api/v1/x402/credit-token', {
      ...challenge.body.info,
      address: WALLET,
      chainId: 'eip155:8453',
      type: 'eip191',
      signature: EVM_SIGNATURE,
    });
    expect(replay.status).toBe(401);
    documented('postX402CreditToken', replay);
    expect(replay.body).toEqual({ code: 'nonce_invalid' });
  });

  it('a challenge older than 5 minutes is expired (and a fresh one within 5 minutes is not)', async () => {
    const redeem = (info: any) =>
      post('/api/v1/x402/credit-token', { ...info, address: WALLET, chainId: 'eip155:8453', type: 'eip191', signature: EVM_SIGNATURE });
    const late = await post('/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address: WALLET });
    clock.now += 300_001;
    const expired = await redeem(late.body.info);
    expect(expired.status).toBe(401);
    documented('postX402CreditToken', expired);
    expect(expired.body).toEqual({ code: 'expired' });

    const timely = await post('/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address: WALLET });
    clock.now += 299_000;
    expect((await redeem(timely.body.info)).status).toBe(200);
  });

  it('credits run out: the balance decreases per call, then 402 no_credits', async () => {
    const { redeemed } = await creditToken(OTHER_WALLET, 2);
    const token = headerOf(redeemed, 'x-credit-token');
    expect(redeemed.headers['x-credits-remaining']).toBe('2');
    const first = await call(OHLCVT, { headers: { 'x-credit-token': token } });
    expect([first.status, first.headers['x-credits-remaining']]).toEqual([200, '1']);
    documented('getOptionsOhlcvt', first);
    const second = await call(OHLCVT, { headers: { 'x-credit-token': token } });
    expect([second.status, second.headers['x-credits-remaining']]).toEqual([200, '0']);

    const spent = await call(OHLCVT, { headers: { 'x-credit-token': token } });
    expect(spent.status).toBe(402);
    documented('getOptionsOhlcvt', spent);
    expect(decode(spent.headers['payment-required']).error).toBe('no_credits');

    const { redeemed: refused } = await creditToken(OTHER_WALLET);
    expect(refused.status).toBe(402);
    documented('postX402CreditToken', refused);
    expect(refused.body).toEqual({ code: 'no_credits' });
    expect(mock.state.charges).toHaveLength(0);
  });

  it('bad challenge and redemption input get the documented 400 and 401 answers naming the problem', async () => {
    const cases: [string, unknown, number, unknown][] = [
      ['/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:1', address: WALLET }, 400, ['unsupported chain_id']],
      ['/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address: 'nope' }, 400, ['invalid address']],
      ['/api/v1/x402/credit-token/challenge', { address: WALLET }, 400, ['chain_id should not be empty']],
      ['/api/v1/x402/credit-token', { address: WALLET, chainId: 'eip155:8453', type: 'eip191' }, 400, ['signature should not be empty']],
      ['/api/v1/x402/credit-token', { address: WALLET, chainId: 'eip155:8453', type: 'eip191', signature: EVM_SIGNATURE }, 401, { code: 'invalid_siwx' }],
    ];
    for (const [path, body, wanted, shown] of cases) {
      const answer = await post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(wanted);
      documented(path.endsWith('challenge') ? 'postX402CreditTokenChallenge' : 'postX402CreditToken', answer);
      expect(answer.status === 400 ? answer.body.message : answer.body).toEqual(shown);
    }
    const challenge = await post('/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address: WALLET });
    const badSignature = await post('/api/v1/x402/credit-token', {
      ...challenge.body.info,
      address: WALLET,
      chainId: 'eip155:8453',
      type: 'eip191',
      signature: '0xabc',
    });
    expect(badSignature.body).toEqual({ code: 'invalid_signature' });
    const malformed = await call('/api/v1/x402/credit-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"address":' });
    expect(malformed.status).toBe(400);
    documented('postX402CreditToken', malformed);
  });
});

describe('agent endpoint (MCP)', () => {
  // `id: null` here stands for "no id": the message is then a notification.
  const rpc = (method: string, headers: Record<string, string> = {}, id: number | null = 7) =>
    post('/api/v1/mcp', { jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params: {} }, { accept: MCP_ACCEPT, ...headers });

  it('initialize and tools/list are free; tools/call is billed 1 credit', async () => {
    for (const method of ['initialize', 'tools/list']) {
      const answer = await rpc(method);
      expect(answer.status, method).toBe(200);
      documented('postMcp', answer);
      expect(answer.body.id).toBe(7);
    }
    const unpaid = await rpc('tools/call');
    expect(unpaid.status).toBe(402);
    documented('postMcp', unpaid);
    expect(unpaid.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: 402, message: 'Payment required' } });
    expect(decode(unpaid.headers['payment-required']).resource.url).toMatch(/^https:\/\/[^/]+\/api\/v1\/mcp$/);

    const { redeemed } = await creditToken(WALLET, 5);
    const billed = await rpc('tools/call', { 'x-credit-token': headerOf(redeemed, 'x-credit-token') });
    expect(billed.status).toBe(200);
    documented('postMcp', billed);
    expect(billed.headers['x-credits-remaining']).toBe('4');
    const listed = await rpc('tools/list', { 'x-credit-token': headerOf(redeemed, 'x-credit-token') });
    expect(listed.headers['x-credits-remaining']).toBeUndefined();

    const keyed = await rpc('tools/call', { 'x-api-key': 'k' });
    expect(keyed.status).toBe(200);
    const paid = await rpc('tools/call', { 'payment-signature': payment() });
    expect(paid.status).toBe(200);
    expect(mock.state.charges).toEqual([expect.objectContaining({ subject: 'postMcp tools/call', amount: '1000' })]);
  });

  it('Accept must list both types; bad JSON-RPC gets 400; a notification gets 202', async () => {
    const narrow = await post('/api/v1/mcp', { jsonrpc: '2.0', id: 1, method: 'initialize' }, { accept: 'application/json' });
    expect(narrow.status).toBe(406);
    documented('postMcp', narrow);
    const garbled = await call('/api/v1/mcp', { method: 'POST', headers: { accept: MCP_ACCEPT, 'content-type': 'application/json' }, body: '{' });
    expect(garbled.status).toBe(400);
    documented('postMcp', garbled);
    expect(garbled.body.error.code).toBe(-32700);
    const notRpc = await post('/api/v1/mcp', { hello: 'world' }, { accept: MCP_ACCEPT });
    expect([notRpc.status, notRpc.body.error.code]).toEqual([400, -32600]);
    documented('postMcp', notRpc);
    expect((await rpc('notifications/initialized', {}, null)).status).toBe(202);
    const unknown = await rpc('resources/list');
    expect([unknown.status, unknown.body.error.code]).toEqual([200, -32601]);
  });
});

describe('POST /__mock/reset', () => {
  it('forgets tokens, balances and charges', async () => {
    const { redeemed } = await creditToken(WALLET, 3);
    await call(OHLCVT, { headers: { 'payment-signature': payment() } });
    expect(mock.state.charges).toHaveLength(1);
    expect((await post('/__mock/reset', undefined)).status).toBe(204);
    expect(mock.state.charges).toHaveLength(0);
    expect((await call(OHLCVT, { headers: { 'x-credit-token': headerOf(redeemed, 'x-credit-token') } })).status).toBe(402);
    expect((await call('/__mock/reset')).status).toBe(405);
  });

  it('steps aside for Prefer: code=… so the documented examples stay reachable', async () => {
    const forced = await call(OHLCVT, { headers: { prefer: 'code=200' } });
    expect(forced.status).not.toBe(402);
  });
});
