// The client's rate limiter against a local server that enforces the service's windows (`info.x-rate-limits.v1`:
// 20 per 5 s and 240 per 60 s, counted on arrival, 429 beyond them like the service). Three measurements:
// a 65 s cursor scan with the limiter (accepted requests against the ceiling the windows allow in 65 s), the same
// scan by a naive loop (no limiter, no retry, carrying on after each 429), and a 45-way concurrent burst.
//
// Simulated time: every window and the scan duration are divided by SCALE (10), so the 65 s scan runs in 6.5 s of
// wall time over real loopback HTTP; the client gets the same scaled windows and a scaled safety margin. Ratios are
// what matter and scaling keeps them (the loopback latency is ~1 ms, small against a 0.5 s window).
import { createServer } from 'node:http';
import { createClient, RATE_LIMITS } from '@laevitas-api/client';

const SCALE = 10;
const SCAN_SECONDS = 65;
const WINDOWS = RATE_LIMITS.v1.map((w) => ({ limit: w.limit, windowMs: (w.windowSeconds * 1000) / SCALE }));

/** The most requests any sender can get accepted in `durationMs` under rolling windows (bursts at each window start). */
const ceiling = (durationMs) => Math.min(...WINDOWS.map((w) => w.limit * Math.ceil(durationMs / w.windowMs)));

async function enforcingServer() {
  const accepted = [];
  let throttled = 0;
  let page = 0;
  const server = createServer((req, res) => {
    const now = performance.now();
    if (WINDOWS.some((w) => accepted.filter((t) => now - t < w.windowMs).length >= w.limit)) {
      throttled++;
      res.writeHead(429, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ statusCode: 429, message: 'ThrottlerException: Too Many Requests', error: 'Too Many Requests' }));
    }
    accepted.push(now);
    page++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: [{ date: `row-${page}` }], meta: { next_cursor: `c${page}` } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    reset() {
      accepted.length = 0;
      throttled = 0;
    },
    counts: (from, to) => ({ accepted: accepted.filter((t) => t >= from && t < to).length, throttled }),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** Runs a cursor scan for `ms` of wall time; returns when the time is up. */
async function scanFor(client, ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    for (;;) {
      try {
        for await (const _row of client.paginate('getOptionsOhlcvt', { signal: controller.signal })) void _row;
      } catch (error) {
        if (controller.signal.aborted) return;
        // The naive loop carries on after a 429 (ScanInterruptedError around a RateLimitError).
        if (error?.cause?.status !== 429) throw error;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

export async function clientRate(report) {
  const server = await enforcingServer();
  const scaled = { windows: RATE_LIMITS.v1.map((w) => ({ limit: w.limit, windowSeconds: w.windowSeconds / SCALE })), safetyMarginMs: 10, shared: false };
  const durationMs = (SCAN_SECONDS * 1000) / SCALE;
  const max = ceiling(durationMs);
  try {
    const limited = createClient({ apiKey: 'bench', v2BaseUrl: server.origin, rateLimit: scaled, retry: false });
    server.reset();
    let start = performance.now();
    await scanFor(limited, durationMs);
    const withLimiter = server.counts(start, start + durationMs);

    const naive = createClient({ apiKey: 'bench', v2BaseUrl: server.origin, rateLimit: false, retry: false });
    await new Promise((resolve) => setTimeout(resolve, WINDOWS.at(-1).windowMs)); // let the windows empty
    server.reset();
    start = performance.now();
    await scanFor(naive, durationMs);
    const withoutLimiter = server.counts(start, start + durationMs);

    await new Promise((resolve) => setTimeout(resolve, WINDOWS.at(-1).windowMs));
    server.reset();
    const burstClient = createClient({ apiKey: 'bench', v2BaseUrl: server.origin, rateLimit: scaled, retry: false });
    const burst = await Promise.allSettled(Array.from({ length: 45 }, () => burstClient.getOptionsOhlcvt()));
    const burst429 = server.counts(0, Infinity).throttled;

    console.log(
      `client rate limiter (time scaled 1:${SCALE}: windows 20/${5 / SCALE} s and 240/${60 / SCALE} s, a ${SCAN_SECONDS} s scan in ${durationMs / 1000} s):\n` +
        `  ceiling ${max} requests in ${SCAN_SECONDS} s | limiter: ${withLimiter.accepted} accepted, ${withLimiter.throttled} x 429 | naive loop: ${withoutLimiter.accepted} accepted, ${withoutLimiter.throttled} x 429`,
    );
    report('client scan: accepted / ceiling (65 s, limiter on)', `${((withLimiter.accepted / max) * 100).toFixed(1)}% (${withLimiter.accepted}/${max})`, '>= 95%', withLimiter.accepted / max >= 0.95);
    report('client scan: 429s (limiter on)', String(withLimiter.throttled), '0', withLimiter.throttled === 0);
    report('client scan: 429s (naive loop, for comparison)', String(withoutLimiter.throttled));
    report('client 45-way burst: 429s (limiter on)', `${burst429} (${burst.filter((r) => r.status === 'fulfilled').length}/45 ok)`, '0', burst429 === 0);
  } finally {
    await server.close();
  }
}

// `node tools/bench/client-rate.mjs` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const report = (name, value, target, ok) => console.log(`${ok === undefined ? '    ' : ok ? 'PASS' : 'FAIL'} ${name.padEnd(58)} ${value}${target ? `   (target ${target})` : ''}`);
  await clientRate(report);
}
