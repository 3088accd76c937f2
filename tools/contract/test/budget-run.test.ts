// What a paced run (`run --rate-share`, as the drift watch runs it) writes to budget.json: the requests it sent,
// counted at a pass-through in front of the mock, beside the plan the budget command counts from the spec (an upper
// bound: a second page is sent only where the first names one), and how many of them answered 429.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { forward, reply } from '../src/forward.mjs';
import { planOf } from '../src/budget.mjs';
import { SPEC_JSON } from '../src/paths.mjs';

const PACKAGE = resolve(import.meta.dirname, '..');
const ROOT = resolve(PACKAGE, '../..');
const CLI = join(PACKAGE, 'src/cli.mjs');
const spec = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GITHUB_|LAEVITAS_|VITEST)/.test(k)));
/** Three operations documenting 400, two of them cursor-paged, one legacy: eight requests planned. */
const ONLY = ['getOptionsOhlcvt', 'getOptionsCatalog', 'getLegacyFutures'];

let mock: { url: string; stop: () => Promise<void> };
let passThrough: Server;
let target: string;
const received: string[] = [];
let reports: string;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
  passThrough = createServer(async (req, res) => {
    received.push(req.url!);
    reply(res, await forward(req, new URL(req.url!, mock.url)));
  });
  await new Promise<void>((done) => passThrough.listen(0, '127.0.0.1', done));
  target = `http://127.0.0.1:${(passThrough.address() as { port: number }).port}`;
  reports = mkdtempSync(join(tmpdir(), 'budget-run-'));
}, 90_000);
afterAll(async () => {
  passThrough?.closeAllConnections();
  await new Promise((done) => passThrough?.close(done));
  await mock?.stop();
  rmSync(reports, { recursive: true, force: true });
}, 60_000);

function cli(args: string[]) {
  return new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...env, LAEVITAS_API_KEY: 'budget-test-key' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => done({ code, out }));
  });
}

describe('budget.json of a paced run', () => {
  it('says how many requests the run sent, as the target received them, beside the plan, and how many answered 429', async () => {
    const run = await cli([
      'run',
      '--base-url',
      target,
      '--v2-base-url',
      target,
      '--only',
      ONLY.join(','),
      '--rate-share',
      '0.25',
      '--no-dredd',
      '--no-stream',
      '--reports',
      reports,
    ]);
    expect(run.code, run.out).toBe(0);
    const budget = JSON.parse(readFileSync(join(reports, 'budget.json'), 'utf8'));
    const plan = planOf(spec, { only: (id: string) => ONLY.includes(id) });
    expect(budget).toMatchObject({ share: 0.25, total: plan.total, sent: received.length, rateLimited: 0 });
    // The plan is an upper bound: the catalog's first page names no next page here, so its second is never sent.
    expect(received.filter((url) => url.startsWith('/api/v1/options/catalog?cursor='))).toEqual([]);
    expect(received.filter((url) => url.startsWith('/api/v1/options/ohlcvt?cursor='))).toHaveLength(1);
    expect(budget.sent).toBe(plan.total - 1);
  }, 120_000);
});
