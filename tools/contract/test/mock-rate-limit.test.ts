// MOCK_RATE_LIMIT=on: the mock enforces the spec's info.x-rate-limits (240 per 60 s and 20 per 5 s rolling per
// client; the credit-token group 10 per 60 s) with the documented 429 and a Retry-After of the seconds until a slot
// frees. End to end against the real mock with the mock's clock in the test's hands, plus the limiter's windows
// directly where a run through Prism would only be slower.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateResponse } from '@laevitas-api/validators';
import { mockPerFile } from '@laevitas-api/test-support';
import { startMock } from '../src/mock.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { createRateLimiter } from '@laevitas-api/mock-core/state/rate-limit';
import { createStatefulMock, runStateful } from './stateful-runner.mjs';

const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const START = Date.parse('2026-11-20T15:00:00.000Z');
const { mock, clock } = mockPerFile(startMock, { start: START, rateLimit: true });

const OHLCVT = '/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C';
const get = (path: string, key = 'key-a') => fetch(mock.url + path, { headers: { 'x-api-key': key } });
const challenge = (address = '0x857b06519E91e3A54538791bDbb0E22373e36b66') =>
  fetch(`${mock.url}/api/v1/x402/credit-token/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'key-a' },
    body: JSON.stringify({ chain_id: 'eip155:8453', address }),
  });

describe('MOCK_RATE_LIMIT=on, against the mock', () => {
  it('a burst of 30 requests in 1 s gets exactly 10 × 429 with Retry-After', async () => {
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      clock.now = START + Math.floor((i * 1000) / 30);
      const response = await get(OHLCVT);
      statuses.push(response.status);
      if (response.status === 429) {
        const body = await response.json();
        const headers = Object.fromEntries(response.headers);
        const result = validateResponse('getOptionsOhlcvt' as any, 429 as any, body, headers);
        expect(result.ok ? 'valid' : JSON.stringify(result)).toBe('valid');
        retryAfter.push(Number(headers['retry-after']));
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    // The first request (at +0 ms) leaves the 5 s window at +5000 ms; the refused ones come at +666…+966 ms.
    expect(retryAfter.every((s) => Number.isInteger(s) && s >= 4 && s <= 5)).toBe(true);

    clock.now = START + 5_000 + 1; // the oldest slots have freed
    expect((await get(OHLCVT)).status).toBe(200);
  });

  it('windows are per client: another API key is not throttled by the first', async () => {
    for (let i = 0; i < 20; i += 1) expect((await get(OHLCVT, 'key-a')).status).toBe(200);
    expect((await get(OHLCVT, 'key-a')).status).toBe(429);
    expect((await get(OHLCVT, 'key-b')).status).toBe(200);
  });

  it('the credit-token group allows 10 per 60 s, with Retry-After until the first slot frees', async () => {
    for (let i = 0; i < 10; i += 1) {
      clock.now = START + i * 1000;
      expect((await challenge()).status).toBe(200);
    }
    clock.now = START + 15_000;
    const refused = await challenge();
    expect(refused.status).toBe(429);
    const body = await refused.json();
    const result = validateResponse('postX402CreditTokenChallenge' as any, 429 as any, body, Object.fromEntries(refused.headers));
    expect(result.ok).toBe(true);
    expect(refused.headers.get('retry-after')).toBe('45');
    // The data routes count in their own group.
    expect((await get(OHLCVT)).status).toBe(200);
    clock.now = START + 60_000 + 1;
    expect((await challenge()).status).toBe(200);
  });

  it('legacy routes are not limited (the legacy document publishes no limits)', async () => {
    for (let i = 0; i < 25; i += 1) {
      const response = await fetch(`${mock.url}/analytics/futures/aggregated_future_summary/BTC`, { headers: { apiKey: 'key-a' } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('POST /__mock/reset empties the windows', async () => {
    for (let i = 0; i < 20; i += 1) await get(OHLCVT);
    expect((await get(OHLCVT)).status).toBe(429);
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    expect((await get(OHLCVT)).status).toBe(200);
  });
});

describe('the limiter, by itself', () => {
  const limits = document.info['x-rate-limits'];

  it('the 60 s window holds 240 even when no 5 s window is full, and frees its oldest slot first', () => {
    let now = 0;
    const limiter = createRateLimiter({ limits, now: () => now });
    for (let i = 0; i < 240; i += 1) {
      now = i * 250; // 20 per 5 s exactly: never over the short window
      expect(limiter.take('v1', 'k').ok, `request ${i}`).toBe(true);
    }
    now = 240 * 250; // 60 000 ms: the request at 0 ms has just left the window
    expect(limiter.take('v1', 'k').ok).toBe(true);
    now = 60_100;
    expect(limiter.take('v1', 'k')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('refuses a malformed info.x-rate-limits by naming it', () => {
    expect(() => createRateLimiter({ limits: { v1: [{ limit: 0, windowSeconds: 5 }] } })).toThrow(/info\.x-rate-limits\.v1/);
  });

  it('is off unless asked for: 30 requests in the same millisecond pass', async () => {
    const stateful = createStatefulMock({ document, now: () => START });
    for (let i = 0; i < 30; i += 1) {
      const { answer } = await runStateful(stateful, {
        method: 'GET',
        url: new URL(`http://mock${OHLCVT}`),
        headers: { 'x-api-key': 'k' },
        body: Buffer.alloc(0),
      });
      expect(answer).toBeUndefined();
    }
  });
});
