// No key leaves a drift run: a hostile service reflects the caller's API key in a new body field and a new header;
// the CLI's `run --observe` and `propose` (as the drift watch runs them) must still propose the field and the header,
// with the key redacted, and no report, patch, pull-request body or console line may hold the key, raw or
// URL-encoded.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { startDriftServer } from './drift-server.mjs';

const PACKAGE = resolve(import.meta.dirname, '..');
const ROOT = resolve(PACKAGE, '../..');
const CLI = join(PACKAGE, 'src/cli.mjs');
const KEY = 'drift-canary+Key/7Qx=9f3b2a';
const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GITHUB_|LAEVITAS_|VITEST)/.test(k))), LAEVITAS_API_KEY: KEY };

let mock: { url: string; stop: () => Promise<void> };
let reports: string;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
  reports = mkdtempSync(join(tmpdir(), 'drift-secrets-'));
}, 90_000);
afterAll(async () => {
  await mock?.stop();
  rmSync(reports, { recursive: true, force: true });
}, 60_000);

function cli(args: string[]) {
  return new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => done({ code, out }));
  });
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

describe('a service that reflects the key', () => {
  it('gets its new field and header proposed with the key redacted, and the key is in no report, patch, body or log', async () => {
    const drift = await startDriftServer({ upstream: mock.url, fault: 'reflected-credentials' });
    try {
      const run = await cli([
        'run',
        '--base-url',
        drift.url,
        '--v2-base-url',
        drift.url,
        '--only',
        'getOptionsOhlcvt',
        '--observe',
        '--rate-share',
        '0.25',
        '--no-dredd',
        '--no-stream',
        '--reports',
        reports,
      ]);
      expect(run.code, run.out).toBe(0);
      expect(drift.altered()).toEqual(['getOptionsOhlcvt']);
      const propose = await cli([
        'propose',
        '--reports',
        reports,
        '--spec',
        'spec',
        '--out',
        join(reports, 'spec.patch'),
        '--body',
        join(reports, 'pull-request.md'),
      ]);
      expect(propose.code, propose.out).toBe(0);

      const patch = readFileSync(join(reports, 'spec.patch'), 'utf8');
      expect(patch).toMatch(/^\+ {2}echo_api_key:\n(\+ .*\n)*\+ {6}- '\[redacted\]'$/m);
      expect(patch).toMatch(/^\+ {8}x-echo-api-key:\n(\+ .*\n)*\+ {10}example: '\[redacted\]'$/m);
      const written = filesUnder(reports);
      expect(written.map((f) => f.slice(reports.length + 1)).sort()).toEqual(
        expect.arrayContaining([
          'budget.json',
          'contract-summary.json',
          'contract-summary.txt',
          'drift-findings.json',
          'drift-observations.json',
          'pull-request.md',
          'spec.patch',
        ]),
      );
      for (const text of [...written.map((f) => readFileSync(f, 'utf8')), run.out, propose.out]) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(encodeURIComponent(KEY));
      }
    } finally {
      await drift.stop();
    }
  }, 120_000);
});
