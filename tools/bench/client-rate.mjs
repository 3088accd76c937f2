// The client's rate limiter against a local server that enforces the service's windows (`info.x-rate-limits.v1`:
// 20 per 5 s and 240 per 60 s, counted on arrival, 429 beyond them like the service). Three measurements:
// a 65 s cursor scan with the limiter (accepted requests against the ceiling the windows allow in 65 s), the same
// scan by a naive loop (no limiter, carrying on 0.5 s after each 429), and a 45-way concurrent burst.
//
// Simulated time: every window and the scan duration are divided by SCALE (5), so the 65 s scan runs in 13 s of
// wall time over real loopback HTTP; the client gets the same scaled windows and a scaled safety margin (20 ms for
// 100 ms). Ratios are what matter and scaling keeps them, except that the request latency (a few ms on loopback,
// more on a loaded machine) weighs SCALE times more against the windows than it would at full scale. Each phase
// gets a fresh server, so no phase inherits another's windows.
import { createServer } from 'node:http';
import { createClient, RATE_LIMITS } from '@laevitas-api/client';
import { runWhenMain } from './standalone.mjs';

const SCALE = 5;
const SCAN_SECONDS = 65;
const WINDOWS = RATE_LIMITS.v1.map((w) => ({ limit: w.limit, windowMs: (w.windowSeconds * 1000) / SCALE }));

/** The most requests any sender can get accepted in `durationMs` under rolling windows (bursts at each window start). */
const ceiling = (/** @type {number} */ durationMs) => Math.min(...WINDOWS.map((w) => w.limit * Math.ceil(durationMs / w.windowMs)));

async function enforcingServer() {
  /** @type {number[]} arrival times (performance.now()) of the accepted requests */
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
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    counts: (/** @type {number} */ from, /** @type {number} */ to) => ({ accepted: accepted.filter((t) => t >= from && t < to).length, throttled }),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/**
 * Runs a cursor scan for `ms` of wall time; returns when the time is up.
 * @param {import('@laevitas-api/client').LaevitasClient} client
 * @param {number} ms
 */
async function scanFor(client, ms) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    for (;;) {
      try {
        for await (const _row of client.paginate('getOptionsOhlcvt', {}, { signal: controller.signal })) void _row;
      } catch (caught) {
        if (controller.signal.aborted) return;
        const error = /** @type {{cause?: {status?: number}} | undefined} */ (caught);
        // The naive loop carries on after a 429 (ScanInterruptedError around a RateLimitError) after a short fixed
        // backoff (0.5 s at full scale), as the client did before it read the spec's wait.
        if (error?.cause?.status !== 429) throw caught;
        await new Promise((resolve) => setTimeout(resolve, 500 / SCALE));
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

/** @param {import('./report.js').Report} report */
export async function clientRate(report) {
  const scaled = {
    windows: RATE_LIMITS.v1.map((w) => ({ limit: w.limit, windowSeconds: w.windowSeconds / SCALE })),
    safetyMarginMs: 100 / SCALE,
    shared: false,
  };
  const durationMs = (SCAN_SECONDS * 1000) / SCALE;
  const max = ceiling(durationMs);
  /** Runs `phase` against a fresh enforcing server and returns what the server counted. */
  /** @param {(origin: string) => Promise<void>} phase */
  const onFreshServer = async (phase) => {
    const server = await enforcingServer();
    try {
      const start = performance.now();
      await phase(server.origin);
      return server.counts(start, start + durationMs);
    } finally {
      await server.close();
    }
  };
  const withLimiter = await onFreshServer((origin) =>
    scanFor(createClient({ apiKey: 'bench', v2BaseUrl: origin, rateLimit: scaled, retry: false }), durationMs),
  );
  const withoutLimiter = await onFreshServer((origin) =>
    scanFor(createClient({ apiKey: 'bench', v2BaseUrl: origin, rateLimit: false, retry: false }), durationMs),
  );
  let ok = 0;
  const burst = await onFreshServer(async (origin) => {
    const client = createClient({ apiKey: 'bench', v2BaseUrl: origin, rateLimit: scaled, retry: false });
    const results = await Promise.allSettled(Array.from({ length: 45 }, () => client.getOptionsOhlcvt()));
    ok = results.filter((r) => r.status === 'fulfilled').length;
  });

  console.log(
    `client rate limiter (time scaled 1:${SCALE}: windows 20/${5 / SCALE} s and 240/${60 / SCALE} s, a ${SCAN_SECONDS} s scan in ${durationMs / 1000} s):\n` +
      `  ceiling ${max} requests in ${SCAN_SECONDS} s | limiter: ${withLimiter.accepted} accepted, ${withLimiter.throttled} x 429 | naive loop: ${withoutLimiter.accepted} accepted, ${withoutLimiter.throttled} x 429`,
  );
  report(
    'client scan: accepted / ceiling (65 s, limiter on)',
    `${((withLimiter.accepted / max) * 100).toFixed(1)}% (${withLimiter.accepted}/${max})`,
    '>= 95%',
    withLimiter.accepted / max >= 0.95,
  );
  report('client scan: 429s (limiter on)', String(withLimiter.throttled), '0', withLimiter.throttled === 0);
  report('client scan: 429s (naive loop, for comparison)', String(withoutLimiter.throttled));
  report('client 45-way burst: 429s (limiter on)', `${burst.throttled} (${ok}/45 ok)`, '0', burst.throttled === 0);
}

// `node tools/bench/client-rate.mjs` runs this part alone.
await runWhenMain(import.meta.url, clientRate);
