// The stream contract run: green against the faithful mock gateway, and each kind of drift fails it where it
// happened. The drift servers are the mock gateway with one fault applied to every frame it sends: a renamed field,
// a field of the wrong type, a wrong channel name, an undocumented reply shape, an early close.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { defaultPatterns, formatStreamSummary, runStreamContract, streamJUnit } from '../src/stream/run.mjs';
import { runContract } from '../src/run.mjs';
import { watchStream } from '../src/stream/watch.mjs';
import { startGateway } from './stream-client.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
async function gateway(mutate?: (frame: any) => any) {
  const g = await startGateway({ eventsPerSecond: 25, mutate });
  stops.push(g.stop);
  return g.url;
}
const onTrades = (change: (frame: any) => void) => (frame: any) => {
  if (typeof frame.channel === 'string' && frame.channel.startsWith('trades.')) change(frame);
  return frame;
};
const run = (url: string, extra: Record<string, unknown> = {}) => runStreamContract({ url, apiKey: 'k', seconds: 0.6, requireEvents: true, ...extra });
const byFamily = (report: any) => Object.fromEntries([...report.families, report.other].map((r: any) => [r.family, r]));

describe('stream contract run', () => {
  it('subscribes one pattern per family', () => {
    expect(defaultPatterns()).toEqual([
      'book.*',
      'funding-rate.*',
      'liquidations.*',
      'ohlc.ticker.*.*.*.1m',
      'ohlc.vt.*.*.*.1m',
      'open-interest.*',
      'trades.*',
    ]);
  });

  it('passes against the faithful mock gateway: events of every family, none invalid; summary and JUnit per family', async () => {
    const report = await run(await gateway());
    expect(report.ok).toBe(true);
    for (const r of report.families) {
      expect(r.events, r.family).toBeGreaterThan(3);
      expect(r.invalid).toBe(0);
    }
    // The key went in the apikey header: nothing secret in the URL or the report.
    expect(report.url).not.toMatch(/apiKey|k$/);
    expect(report.families.every((r) => typeof (r as { subscriptionId?: unknown }).subscriptionId === 'string')).toBe(true);
    const summary = formatStreamSummary(report);
    expect(summary[0]).toMatch(/^stream: 8 passed, 0 failed, 0 skipped \(7 patterns/);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(streamJUnit(report));
    expect(junit.testsuite['@_tests']).toBe('8');
    expect(junit.testsuite['@_failures']).toBe('0');
  });

  it('a renamed field fails the family and names the field', async () => {
    const report = await run(await gateway(onTrades((f) => ((f.data.px = f.data.price), delete f.data.price))));
    const r = byFamily(report);
    expect(report.ok).toBe(false);
    expect(r.trades.outcome).toBe('failed');
    expect(r.trades.invalid).toBe(r.trades.events);
    expect(r.trades.firstViolation.message).toBe('data.price is required');
    expect(r.book.outcome).toBe('passed');
    expect(formatStreamSummary(report).join('\n')).toMatch(/STREAM FAILED  trades .*first: data\.price is required \(channel trades\./);
  });

  it('a field of the wrong type fails the family and names the field and rule', async () => {
    const report = await run(await gateway(onTrades((f) => (f.data.price = String(f.data.price)))));
    expect(byFamily(report).trades.firstViolation.message).toBe('data.price must be number');
    expect(report.ok).toBe(false);
  });

  it('a wrong channel name fails the run: the events belong to no family, and the family sees none', async () => {
    const report = await run(await gateway(onTrades((f) => (f.channel = f.channel.replace(/^trades\./, 'trade.')))));
    const r = byFamily(report);
    expect(r['(connection)'].outcome).toBe('failed');
    expect(r['(connection)'].firstViolation.message).toMatch(/"trade\.[^"]+" names no channel family/);
    expect(r.trades.outcome).toBe('failed');
    expect(r.trades.firstViolation.message).toMatch(/no event/);
    const junit = streamJUnit(report);
    expect(junit).toMatch(/<testcase classname="stream connection" name="\(connection\)"><failure type="stream" message="channel &quot;trade\./);
  });

  it('an event on a channel another family owns, or not subscribed, is a violation', async () => {
    const report = await run(await gateway(onTrades((f) => (f.channel = 'trades.spot.kraken.XBTUSD'))), { patterns: ['trades.futures.*', 'book.*'] });
    expect(byFamily(report)['(connection)'].firstViolation.message).toBe('channel trades.spot.kraken.XBTUSD was not subscribed');
  });

  it('an undocumented reply and an early close fail the connection case', async () => {
    const bad = await run(await gateway((f) => ('result' in f ? { id: String(f.id), result: f.result } : f)));
    expect(byFamily(bad)['(connection)'].firstViolation.message).toBe('SubscribeReply: id must be integer');
    const { url } = await startGateway({ eventsPerSecond: 25 }).then((g) => (stops.push(g.stop), g));
    const closed = await runStreamContract({ url: `${url}?mock_close=4005`, apiKey: 'k', seconds: 0.5 });
    // Without a key every subscribe is refused with {code: 401}, the gateway's answer since API v1.18.0.
    const keyless = await runStreamContract({ url, seconds: 0.3 });
    expect(keyless.ok).toBe(false);
    for (const family of keyless.families)
      expect(family.firstViolation!.message).toMatch(/subscription refused: \{"code":401,"message":"Authentication required/);
    expect(closed.ok).toBe(false);
    expect(closed.other.firstViolation!.message).toMatch(/closed the connection early: 4005 \(Too many concurrent connections/);
  });

  it('refuses a gateway URL that still carries the removed ?apiKey= before connecting, saying where the key goes', async () => {
    const { url } = await startGateway({ eventsPerSecond: 25 }).then((g) => (stops.push(g.stop), g));
    await expect(runStreamContract({ url: `${url}?apiKey=k`, seconds: 0.2 })).rejects.toThrow(/removed in API v1\.18\.0.*apikey header/);
    const lines: string[] = [];
    expect(await watchStream({ url: `${url}?apiKey=k`, patterns: ['trades.*'], seconds: 0.2, out: () => {}, err: (l) => lines.push(l) })).toBe(2);
    expect(lines.join('\n')).toMatch(/removed in API v1\.18\.0/);
  });

  it('refuses a pattern the grammar refuses before connecting', async () => {
    await expect(runStreamContract({ url: 'ws://127.0.0.1:1/ws', patterns: ['ohlc.ticker.*'] })).rejects.toThrow(/incomplete/);
  });
});

describe('laevitas-contract watch (the README example)', () => {
  it('prints the events of its patterns, warns and exits 1 on a broken event, exits 2 on a bad pattern', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) };
    expect(
      await watchStream({ url: await gateway(), apiKey: 'any', patterns: ['trades.futures.binance.BTCUSDT', 'ohlc.vt.*.*.*.1m'], seconds: 0.4, ...io }),
    ).toBe(0);
    expect(lines.length).toBeGreaterThan(4);
    expect(new Set(lines.map((l) => JSON.parse(l).channel.split('.')[0]))).toEqual(new Set(['trades', 'ohlc']));
    expect(errors).toEqual([]);
    expect(await watchStream({ url: await gateway(onTrades((f) => (f.data.price = 'x'))), apiKey: 'any', patterns: ['trades.*'], seconds: 0.3, ...io })).toBe(
      1,
    );
    expect(errors[0]).toMatch(/contract: data\.price must be number/);
    expect(await watchStream({ url: 'ws://127.0.0.1:1/ws', patterns: ['ohlc.vt.*'], ...io })).toBe(2);
  });
});

describe('pnpm contract with the stream', () => {
  it('checks the mock gateway by default, a LAEVITAS_WS_URL gateway when given, and fails on drift (stream.junit.xml)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stream-run-'));
    const quiet = { dredd: false, conformance: false, reportsDir: dir, log: () => {}, streamSeconds: 1 };
    const good = await runContract(quiet);
    expect(good.exitCode).toBe(0);
    expect(good.stream!.ok).toBe(true);
    expect(readFileSync(join(dir, 'contract-summary.txt'), 'utf8')).toMatch(/^stream: 8 passed, 0 failed/m);
    expect(existsSync(join(dir, 'stream.junit.xml'))).toBe(true);
    const drift = await runContract({ ...quiet, apiKey: 'k', streamUrl: await gateway(onTrades((f) => (f.data.price = 'x'))) });
    expect(drift.exitCode).toBe(1);
    expect(readFileSync(join(dir, 'stream.junit.xml'), 'utf8')).toContain('message="data.price must be number"');
    const off = await runContract({ ...quiet, stream: false });
    expect(off.summary).toContain('stream: not run');
    expect(existsSync(join(dir, 'stream.junit.xml'))).toBe(false);
  }, 120_000);
});
