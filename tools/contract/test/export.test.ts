// `laevitas-contract export` as a user runs it: a child process against the stateful mock (port 0) behind a proxy that
// slows each answer a little, so a run can be killed midway. A run killed with SIGKILL (no handler runs) and started
// again, as many times as it takes, writes exactly the bytes of an uninterrupted export; the plan is printed first and
// a budget below it refuses before sending; a run that would pay asks first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockPerFile } from '@laevitas-api/test-support';
import { startMock } from '../src/mock.mjs';

const { mock }: { mock: { url: string } } = mockPerFile(startMock);
const cli = join(import.meta.dirname, '../src/cli.mjs');
const dir = mkdtempSync(join(tmpdir(), 'laevitas-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A proxy on a free port that holds each answer `delayMs` before passing it on, and counts the requests. */
let slow: { url: string; received: number; close: () => Promise<void> };
beforeAll(async () => {
  const target = new URL(mock.url);
  const state = { received: 0 };
  const server = createServer((req, res) => {
    state.received++;
    const upstream = forwardRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) =>
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, 40),
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  slow = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get received() {
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => slow?.close());

/** Ten days of BTC option trades, 20 rows a page: two windows (7 + 3 days, the x-max-window split), some 20 pages. */
const TRADES = [
  'getOptionsTrades',
  '--query',
  'currency=BTC',
  '--query',
  'start=2026-09-01T00:00:00Z',
  '--query',
  'end=2026-09-10T23:59:59Z',
  '--query',
  'limit=20',
];

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [cli, 'export', ...args, '--v2-base-url', slow.url], {
    env: { ...process.env, LAEVITAS_API_KEY: 'test-key', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, exited };
}

const requestsDone = (out: string): number => {
  try {
    return JSON.parse(readFileSync(`${out}.checkpoint.json`, 'utf8')).requests;
  } catch {
    return -1; // not there yet, or being replaced this instant
  }
};

describe('laevitas-contract export', () => {
  it.each(['csv', 'json'])(
    'a %s export killed midway with SIGKILL, run again until it ends, has exactly the rows of an uninterrupted one',
    async (format) => {
      const whole = join(dir, `whole.${format}`);
      const first = await run([...TRADES, '--out', whole]).exited;
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/^Plan of getOptionsTrades: 2 windows/);
      const expected = readFileSync(whole, 'utf8');

      const out = join(dir, `killed.${format}`);
      let kills = 0;
      for (let attempt = 0; attempt < 30; attempt++) {
        const { child, exited } = run([...TRADES, '--out', out]);
        const before = requestsDone(out);
        // Kill once this run has checkpointed two more pages: mid-scan, at a moment the test does not choose exactly.
        const watcher = setInterval(() => {
          if (requestsDone(out) >= Math.max(before, 0) + 2 && child.exitCode === null) child.kill('SIGKILL');
        }, 5);
        const result = await exited;
        clearInterval(watcher);
        if (result.signal === 'SIGKILL') {
          kills++;
          expect(existsSync(out), 'the file appears only when complete').toBe(false);
          continue;
        }
        expect(result.code, result.stderr).toBe(0);
        if (kills) expect(result.stderr).toMatch(/Resuming from .*checkpoint\.json/);
        break;
      }
      expect(kills).toBeGreaterThanOrEqual(2);
      expect(readFileSync(out, 'utf8')).toBe(expected);
      expect(existsSync(`${out}.partial`) || existsSync(`${out}.checkpoint.json`)).toBe(false);
      if (format === 'json') expect((JSON.parse(expected) as unknown[]).length).toBeGreaterThan(200);
    },
    120_000,
  );

  it('prints the plan and refuses a budget below it before sending anything', async () => {
    const out = join(dir, 'budget.ndjson');
    const received = slow.received;
    const ohlcvt = ['getOptionsOhlcvt', '--query', 'instrument_name=BTC-26MAR27-100000-C', '--query', 'resolution=1h'];
    const month = ['--query', 'start=2026-09-01T00:00:00Z', '--query', 'end=2026-09-30T23:59:59Z', '--query', 'limit=100'];
    const result = await run([...ohlcvt, ...month, '--out', out, '--max-cost', '0.007']).exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('requests: at least 1, at most 8; rows: at most 720');
    expect(result.stderr).toContain('--max-cost: getOptionsOhlcvt: refused before sending: budget usdc 0.007, plan up to 0.008 USDC');
    expect(slow.received).toBe(received);
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
  }, 60_000);

  it('asks before paying with credits, and without a terminal to ask on needs --yes', async () => {
    const result = await run([...TRADES, '--out', join(dir, 'credits.csv')], { LAEVITAS_API_KEY: '', LAEVITAS_CREDIT_TOKEN: 'ct-1' }).exited;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('this run pays with: credits');
    expect(result.stderr).toContain('stdin is not a terminal to ask on: pass --yes');
  }, 60_000);
});
