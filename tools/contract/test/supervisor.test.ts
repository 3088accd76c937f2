// The supervised Prism: when the child dies the front restarts it, answers 503 with Retry-After while it is down
// (health included), never lets a request hang, logs why the child died, and answers correctly again within seconds.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { deathReason, supervisePrism } from '../src/prism.mjs';
import { sendAndCheck } from './fuzz-requests.mjs';
import type { FuzzRequest } from './fuzz-requests.mjs';

const RECOVERY_MS = 25_000; // without a spare: Prism takes 3–10 s to load the bundle on a busy 2-core machine
const SPARE_RECOVERY_MS = 3_000; // with a warm spare: a few seconds at most
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let mock: any;
const deaths: any[] = [];
beforeAll(async () => {
  mock = await startMock({ port: 0, spare: true, onDeath: (d: unknown) => deaths.push(d) });
  const since = Date.now();
  while (!mock.prism.standbyReady && Date.now() - since < 60_000) await sleep(100);
}, 120_000);
afterAll(async () => mock?.stop());

/** Waits until health answers 200 again; returns how long it took. */
async function recovery(since: number, limit = RECOVERY_MS) {
  for (;;) {
    const status = await fetch(`${mock.url}/api/v1/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now() - since;
    if (Date.now() - since > limit) throw new Error(`the mock did not recover within ${limit} ms`);
    await sleep(100);
  }
}

describe('a supervised Prism', () => {
  it('kill the child mid-traffic: every request answers (503 with Retry-After, or the documented answer), none hangs, and the spare answers within seconds', async () => {
    const requests: FuzzRequest[] = [
      { operationId: 'getHealth', method: 'GET', target: '/api/v1/health', headers: {} },
      {
        operationId: 'getOptionsOhlcvt',
        method: 'GET',
        target: '/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h',
        headers: { apiKey: 'k' },
      },
      { operationId: 'getLegacyFutures', method: 'GET', target: '/analytics/derivs/futures/DERIBIT/BTC/26MAR27', headers: { apiKey: 'k' } },
    ];
    let stop = false;
    let unique = 0;
    const outcomes: { status: number; problem?: string | undefined }[] = [];
    const client = async () => {
      while (!stop) {
        const base = requests[unique % requests.length];
        if (!base) throw new Error('no request to send');
        // half of the requests are new (a cache miss reaches Prism), half repeat (may come from the cache)
        const request = unique++ % 2 ? { ...base, target: `${base.target}${base.target.includes('?') ? '&' : '?'}n=${unique}` } : base;
        const started = Date.now();
        const response = await fetch(mock.url + request.target, { headers: request.headers, signal: AbortSignal.timeout(15_000) }).then(
          async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }),
          (e) => ({ status: 0, retryAfter: null, body: String(e) }),
        );
        if (response.status === 503) {
          const ok =
            Number(response.retryAfter) >= 1 && response.body.statusCode === 503 && /mock upstream is (restarting|not answering)/.test(response.body.message);
          outcomes.push({ status: 503, problem: ok ? undefined : `503 without Retry-After or reason: ${JSON.stringify(response)}` });
          await sleep(50); // a client backs off on 503 (a real one waits Retry-After)
        } else if (response.status === 0) {
          outcomes.push({ status: 0, problem: `no answer after ${Date.now() - started} ms: ${response.body}` });
        } else {
          const problem = await sendAndCheck(mock.url, request); // the same request again, checked against the spec
          outcomes.push({ status: response.status, problem: problem && !problem.includes(' 503') ? problem : undefined });
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await sleep(1500);
    const pid = mock.prism.pid;
    const killedAt = Date.now();
    process.kill(pid, 'SIGKILL');
    const recoveredMs = await recovery(killedAt, SPARE_RECOVERY_MS);
    await sleep(1000);
    stop = true;
    await Promise.all(clients);

    console.log(`recovered ${recoveredMs} ms after SIGKILL; ${outcomes.length} requests: ${outcomes.filter((o) => o.status === 503).length} × 503`);
    expect(outcomes.filter((o) => o.problem).map((o) => o.problem)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(10);
    expect(mock.prism.pid).not.toBe(pid);
    expect(deaths).toMatchObject([{ signal: 'SIGKILL', reason: 'killed by SIGKILL', next: 'the standby child took over' }]);
    // after recovery, a cache miss reaches the new child and is answered correctly
    const third = requests[2];
    if (!third) throw new Error('the list has three requests');
    expect(await sendAndCheck(mock.url, { ...third, target: `${third.target}?after=1` })).toBeUndefined();
  }, 90_000);

  it('a child killed by a request logs the error that killed it to stderr (never silent) and is restarted', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const quiet = await startMock({ port: 0 }); // the default logger: stderr
    try {
      // Straight to Prism, bypassing the guard: the request that used to kill the mock.
      const prismUrl = quiet.prism.url;
      await fetch(`${prismUrl}/analytics/derivs/futures/%E0%A4%A/BTC/26MAR27`).catch(() => undefined);
      const since = Date.now();
      while (quiet.prism.deaths.length === 0 && Date.now() - since < 10_000) await sleep(50);
      expect(quiet.prism.deaths[0]).toMatchObject({ code: expect.any(Number), reason: 'URIError: URI malformed' });
      // Down, without a spare: health and every request that needs Prism (here a forced documented error, which only
      // Prism answers) say so with 503 and Retry-After, at once (no hang).
      const OHLCVT = '/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h';
      for (const [path, prefer] of [
        ['/api/v1/health', undefined],
        [`${OHLCVT}&fresh=1`, 'code=429'],
      ]) {
        const headers: Record<string, string> = { apiKey: 'k', ...(prefer ? { prefer } : {}) };
        const down = await fetch(`${quiet.url}${path}`, { headers, signal: AbortSignal.timeout(2000) });
        expect(down.status).toBe(503);
        expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect((await down.json()).message).toMatch(/^mock upstream is restarting \(Prism exited at .*: URIError: URI malformed\); retry after \d+ s$/);
      }
      // Data the front synthesises itself does not need Prism: it is still served while the child restarts.
      expect((await fetch(`${quiet.url}${OHLCVT}&fresh=2`, { headers: { apiKey: 'k' }, signal: AbortSignal.timeout(2000) })).status).toBe(200);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/\[mock\] Prism exited \(code \d+\) at .*: URIError: URI malformed; restarting/);
      expect(await quiet.prism.whenUp(RECOVERY_MS)).toBe(true);
      expect((await fetch(`${quiet.url}/api/v1/health`)).status).toBe(200);
    } finally {
      stderr.mockRestore();
      await quiet.stop();
    }
  }, 90_000);
});

describe('deathReason', () => {
  it('names the uncaught error, else the signal, else the exit code', () => {
    expect(deathReason('[9:15 AM] › info Request received\nURIError: URI malformed\n    at decodeURIComponent (<anonymous>)\n', 1, null)).toBe(
      'URIError: URI malformed',
    );
    expect(deathReason('[9:15 AM] › [VALIDATOR] ✖  error     Violation: request Invalid security scheme used\n', null, 'SIGKILL')).toBe('killed by SIGKILL');
    expect(deathReason('', 7, null)).toBe('exit code 7');
  });
});

describe('a Prism booting in the background (the main job opens the port first)', () => {
  it('is `starting` at once; a first start that fails is logged and retried like a death, 503s meanwhile, then up', async () => {
    const deaths: { reason: string; next: string }[] = [];
    let attempts = 0;
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    // Fake children: no real Prism is needed to see what the supervisor does with a failed first start.
    const startChild = async () => {
      attempts++;
      if (attempts === 1) throw new Error('Prism mock exited (1) before listening:\nthe spec could not be read');
      await second;
      return { url: 'http://127.0.0.1:9', log: () => '', stop: async () => ({ code: 0, signal: null }), pid: 1, exited: new Promise(() => {}) };
    };
    const prism = await supervisePrism({
      args: [],
      background: true,
      backoff: { initialMs: 10 },
      onDeath: (death) => deaths.push(death),
      startChild: startChild as never,
    });
    expect(prism.state).toBe('starting');
    const since = Date.now();
    while (deaths.length === 0 && Date.now() - since < 5_000) await sleep(10);
    expect(deaths).toMatchObject([{ reason: 'restart failed: Prism mock exited (1) before listening:', next: 'retrying' }]);
    expect(prism.state).toBe('down'); // requests that need Prism get the 503 with Retry-After, not a wait
    release();
    expect(await prism.whenUp(5_000)).toBe(true);
    expect(prism.url).toBe('http://127.0.0.1:9');
    expect(attempts).toBe(2);
    await prism.stop();
  });
});
