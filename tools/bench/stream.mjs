// Stream client throughput and reconnect time (issue 12), against a replay gateway in its own process
// (stream-server.mjs): events parsed, routed and delivered through `for await` per second, without and with
// validation, next to a bare `ws` + JSON.parse loop over the same frames in the same run; then the time from a
// dropped connection to resubscribed and receiving again. `node tools/bench/stream.mjs` runs it alone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createStream } from '@laevitas-api/client/stream';
import * as validators from '@laevitas-api/validators/stream';
import { median } from './median.mjs';
import { streamEvents } from './stream-events.mjs';
import { runWhenMain } from './standalone.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** @type {import('@laevitas-api/client/stream').ChannelPattern[]} */
const PATTERNS = ['trades.futures.binance.*', 'book.perpetuals.binance.*'];
const N = Number(process.env.BENCH_STREAM_EVENTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);

async function startServer() {
  const child = spawn(process.execPath, [join(here, 'stream-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(child.stdout, 'data');
  return { url: `ws://127.0.0.1:${String(line).trim()}/ws`, stop: () => child.kill() };
}

/** @typedef {{perSecond: number, perCpuSecond: number, sink: number}} Throughput */

/**
 * The floor: `ws` and JSON.parse, nothing else; events counted from the first to the n-th.
 * @param {string} url
 * @param {number} n
 * @returns {Promise<Throughput>}
 */
async function bare(url, n) {
  const ws = new WebSocket(`${url}?n=${n}`);
  let count = 0;
  let first = 0;
  /** @type {NodeJS.CpuUsage | undefined} */
  let cpu;
  let sink = 0;
  const done = /** @type {Promise<number>} */ (
    new Promise((resolve) => {
      ws.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.channel === undefined) return; // the subscribe reply
        sink += message.data.price ?? 0;
        if (count++ === 0) ((first = performance.now()), (cpu = process.cpuUsage()));
        if (count === n) resolve(performance.now() - first);
      });
    })
  );
  ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'subscribe', params: { channels: PATTERNS } })));
  const ms = await done;
  const used = process.cpuUsage(cpu);
  ws.terminate();
  return { perSecond: (n - 1) / (ms / 1000), perCpuSecond: (n - 1) / ((used.user + used.system) / 1e6), sink };
}

/**
 * The client: one subscription on both patterns, consumed with `for await`.
 * @param {string} url
 * @param {number} n
 * @param {Exclude<import('@laevitas-api/client/stream').StreamOptions['validate'], undefined>} validate
 * @returns {Promise<Throughput>}
 */
async function client(url, n, validate) {
  const stream = createStream({ url: `${url}?n=${n}`, validate, validators, bufferSize: n, heartbeat: false });
  let count = 0;
  let first = 0;
  /** @type {NodeJS.CpuUsage | undefined} */
  let cpu;
  /** @type {NodeJS.CpuUsage | undefined} */
  let used;
  let sink = 0;
  let ms = 0;
  for await (const event of stream.subscribe(PATTERNS)) {
    // Trades carry a price, books do not: summed only so the loop's work is not optimised away.
    sink += /** @type {{price?: number}} */ (event.data).price ?? 0;
    if (count++ === 0) ((first = performance.now()), (cpu = process.cpuUsage()));
    if (count === n) {
      ms = performance.now() - first;
      used = process.cpuUsage(cpu);
      break;
    }
  }
  stream.close();
  if (stream.stats.dropped || stream.stats.invalid) throw new Error(`bench stream lost events: ${JSON.stringify(stream.stats)}`);
  if (!used) throw new Error(`bench stream ended after ${count} of ${n} events`);
  return { perSecond: (n - 1) / (ms / 1000), perCpuSecond: (n - 1) / ((used.user + used.system) / 1e6), sink };
}

/** Drop to first event after the resubscribe, with the reconnect delay set to 0 (the mechanics) and as shipped (1 s +-20%). */
/**
 * @param {string} url
 * @param {number | undefined} initialDelayMs
 */
async function reconnect(url, initialDelayMs) {
  // No initialDelayMs: the shipped default.
  const stream = createStream({ url: `${url}?mode=reconnect`, heartbeat: false, reconnect: initialDelayMs === undefined ? {} : { initialDelayMs } });
  let droppedAt = 0;
  let gapMs = 0;
  stream.on('disconnected', () => (droppedAt = performance.now()));
  stream.on('reconnected', (e) => (gapMs = e.gapMs));
  let seen = 0;
  let ms = 0;
  for await (const _ of stream.subscribe(PATTERNS)) {
    if (++seen === 2) {
      ms = performance.now() - droppedAt;
      break;
    }
  }
  stream.close();
  return { ms, gapMs };
}

const rate = (/** @type {number} */ v) => `${Math.round(v).toLocaleString('en-US')} events/s`;

/** @param {import('./report.js').Report} report */
export async function streamBench(report) {
  const events = streamEvents(2);
  for (const e of events) if (!validators.validateStreamEvent(JSON.parse(e)).ok) throw new Error(`bench event breaks the contract: ${e.slice(0, 120)}`);
  const server = await startServer();
  try {
    // Per CPU-second of this process (the client's one core) and per wall-clock second: on a shared machine the
    // wall clock also counts time the process was not scheduled, so the targets are checked on CPU time.
    /** @type {Record<'bare' | 'off' | 'on' | 'wallBare' | 'wallOff' | 'wallOn', number[]>} */
    const samples = { bare: [], off: [], on: [], wallBare: [], wallOff: [], wallOn: [] };
    await client(server.url, 20_000, 'off'); // warm-up of both paths
    await bare(server.url, 20_000);
    for (let round = 0; round < ROUNDS; round++) {
      /** @type {[cpu: 'bare' | 'off' | 'on', wall: 'wallBare' | 'wallOff' | 'wallOn', run: () => Promise<Throughput>][]} */
      const runs = [
        ['bare', 'wallBare', () => bare(server.url, N)],
        ['off', 'wallOff', () => client(server.url, N, 'off')],
        ['on', 'wallOn', () => client(server.url, N, 'throw')],
      ];
      for (const [cpu, wall, run] of runs) {
        const result = await run();
        samples[cpu].push(result.perCpuSecond);
        samples[wall].push(result.perSecond);
      }
    }
    const [b, off, on] = [median(samples.bare), median(samples.off), median(samples.on)];
    const bytes = events.reduce((s, e) => s + e.length, 0) / events.length;
    console.log(
      `stream: ${N.toLocaleString('en-US')} events per run (trade and book as published alternating, ${Math.round(bytes)} B mean), medians of ${ROUNDS} interleaved runs; server in its own process`,
    );
    const wall = (/** @type {keyof typeof samples} */ k) => `; wall clock ${rate(median(samples[k]))}`;
    report('stream: bare ws + JSON.parse loop (per CPU-second)', `${rate(b)}${wall('wallBare')}`);
    report('stream: client, for await, validate off (per CPU-second)', `${rate(off)}${wall('wallOff')}`, '>= 200,000/s', off >= 200_000);
    report('stream: client, for await, validate throw (per CPU-second)', `${rate(on)}${wall('wallOn')}`, '>= 100,000/s', on >= 100_000);
    report(
      'stream: client (validate off) / bare ws loop',
      `${(off / b).toFixed(2)}x (wall clock ${(median(samples.wallOff) / median(samples.wallBare)).toFixed(2)}x)`,
      '>= 0.8x',
      off / b >= 0.8,
    );
    /** @type {number[]} */
    const fast = [];
    for (let i = 0; i < 5; i++) fast.push((await reconnect(server.url, 0)).ms);
    report('stream: reconnect, drop -> receiving again (delay 0)', `${median(fast).toFixed(1)} ms`);
    const shipped = await reconnect(server.url, undefined);
    report('stream: reconnect, drop -> receiving again (default 1 s +-20%)', `${shipped.ms.toFixed(0)} ms (gap reported ${shipped.gapMs.toFixed(0)} ms)`);
  } finally {
    server.stop();
  }
}

await runWhenMain(import.meta.url, streamBench);
