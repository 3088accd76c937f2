// From drift to a proposed change, proved without the network: the drift proxy plays the live service with one drift
// of each kind at a time; the observed run's reports go through `propose`; an inferable drift gives the expected
// patch of the YAML sources, and that patch, applied and bundled, makes the next run pass with nothing left to
// propose; a drift that cannot be inferred gives a finding with its evidence and no patch; a faithful proxy gives
// nothing at all.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { forward, reply } from '../src/forward.mjs';
import { runConformance } from '../src/conformance.mjs';
import { runContract } from '../src/run.mjs';
import { createObserver } from '../src/propose/observe.mjs';
import { createRedactor } from '../src/propose/redact.mjs';
import { propose } from '../src/propose/command.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { startDriftServer } from './drift-server.mjs';
import { applyPatch, bundle, copySpec, validatorsFor } from './patched-spec.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SPEC_DIR = join(ROOT, 'spec');
const WHEN = new Date('2026-11-28T03:00:00Z');
const spec = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
let mock: { url: string; stop: () => Promise<void> };
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => {
  await mock?.stop();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}, 60_000);

type Options = { kind?: 'live' | 'mock'; document?: { paths: Record<string, any>; [key: string]: any }; validators?: any };

/** One observed conformance run against `target`, its reports written as `run --observe` writes them. */
async function observedRun(target: string, only: string[], { kind = 'live', document = spec, validators }: Options = {}) {
  const redactor = createRedactor([]);
  const observer = createObserver({ document, validators: validators ?? (await import('@laevitas-api/validators')), redactor });
  const report = await runConformance({
    legacyBaseUrl: target,
    v1BaseUrl: target,
    kind,
    spec: document,
    concurrency: 4,
    only: (id: string) => only.includes(id),
    onAnswer: observer.onAnswer,
    ...(validators ? { validators } : {}),
  });
  const reports = tempDir('drift-reports-');
  writeFileSync(
    join(reports, 'drift-observations.json'),
    JSON.stringify({ observedAt: WHEN.toISOString(), specVersion: '1.33.0', operations: observer.report() }),
  );
  writeFileSync(
    join(reports, 'contract-summary.json'),
    JSON.stringify({
      operations: report.results.map((r: any) => ({
        operationId: r.operationId,
        status: r.outcome,
        reason: r.failure ? `[${r.failure.check}] ${r.failure.message}` : null,
      })),
    }),
  );
  return { report, reports, observations: observer.report() };
}

async function withDrift<T>(fault: string, body: (url: string) => Promise<T>) {
  const drift = await startDriftServer({ upstream: mock.url, fault });
  try {
    return await body(drift.url);
  } finally {
    await drift.stop();
  }
}

const proposeFrom = (reports: string, document = spec) =>
  propose({ reports, spec: SPEC_DIR, label: 'spec', document, out: join(reports, 'spec.patch'), log: () => {}, githubOutput: join(reports, 'github-output') });

// Each inferable drift: the operation, the lines the patch must add (in this order, in the named file), and whether
// the run failed before the patch (a value set or a status) or only noticed (a field or a header).
const inferable: [fault: string, operationId: string, file: string, lines: RegExp[], failedBefore: boolean][] = [
  [
    'undocumented-field',
    'getOptionsOhlcvt',
    'spec/components/schemas/OhlcvtRow.yaml',
    [
      /^\+ {2}clsoe:$/m,
      /^\+ {4}type: number$/m,
      /^\+ {4}examples:\n\+ {6}- 1$/m,
      /^\+ {4}x-source: drift watch 2026-11-28 \(getOptionsOhlcvt 200 data\[\]\.clsoe, sample 1\)$/m,
    ],
    false,
  ],
  [
    'undocumented-nullable-field',
    'getOptionsOhlcvt',
    'spec/components/schemas/OhlcvtRow.yaml',
    [/^\+ {2}drift_ratio:$/m, /^\+ {4}type:\n\+ {6}- number\n\+ {6}- 'null'$/m, /^\+ {4}examples:\n\+ {6}- 1\.5$/m],
    false,
  ],
  [
    'unknown-enum-member',
    'getOptionsCatalog',
    'spec/components/schemas/',
    [/^\+.*\bftx\b/m, /^\+x-source: .*drift watch 2026-11-28 \(getOptionsCatalog 200 data\[0\]\.exchange: "ftx"\)/m],
    true,
  ],
  [
    'wrong-status',
    'getOptionsOhlcvt',
    'spec/paths/v1/options_ohlcvt.yaml',
    [
      /^\+ {4}'201':$/m,
      /^\+ {6}description: .*Answered to the example request\.$/m,
      /^\+ {12}\$ref: \.\.\/\.\.\/components\/schemas\/OptionsOhlcvtResponse\.yaml$/m,
    ],
    true,
  ],
  [
    'undocumented-header',
    'getOptionsOhlcvt',
    'spec/paths/v1/options_ohlcvt.yaml',
    [
      /^\+ {8}x-drift-region:$/m,
      /^\+ {10}example: eu-west$/m,
      /^\+ {10}x-source: 'drift watch 2026-11-28 \(getOptionsOhlcvt 200 header x-drift-region: "eu-west"\)'$/m,
    ],
    false,
  ],
];

describe.each(inferable)('a service drifting by %s', (fault, operationId, file, lines, failedBefore) => {
  it('gets the expected patch, and the patched spec passes the next run with nothing left to propose', async () => {
    await withDrift(fault, async (url) => {
      const before = await observedRun(url, [operationId]);
      expect(before.report.results.map((r: any) => r.outcome)).toEqual([failedBefore ? 'failed' : 'passed']);
      const proposal = proposeFrom(before.reports);
      expect(proposal.findings).toEqual([]);
      expect(proposal.diff).toMatch(new RegExp(`^diff --git a/${file}`, 'm'));
      for (const line of lines) expect(proposal.diff).toMatch(line);
      // Only lines are added: nothing renamed, removed or narrowed.
      // (A flow list gains its member on its own line, and an x-source its label: those two lines are rewritten.)
      const removed = proposal.diff.split('\n').filter((l: string) => /^-(?!--)/.test(l));
      for (const line of removed) expect(line).toMatch(/^-(enum: \[|x-source: )/);
      if (fault !== 'unknown-enum-member') expect(removed).toEqual([]);
      // What the workflow's steps read (GITHUB_OUTPUT): the number of changes and findings, and whether there is drift.
      expect(readFileSync(join(before.reports, 'github-output'), 'utf8')).toBe(`changes=${proposal.edits.length}\nfindings=0\ndrift=true\n`);
      expect(proposal.edits.length).toBeGreaterThan(0);
      // The changeset the release gate asks of a spec change rides in the same patch.
      expect(proposal.diff).toMatch(/^\+\+\+ b\/\.changeset\/drift-watch-2026-11-28\.md\n@@ -0,0 \+1,\d+ @@\n\+---\n\+'@laevitas-api\/types': minor$/m);

      const root = copySpec();
      temp.push(root);
      applyPatch(root, proposal.diff);
      const patched = await bundle(root);
      const after = await observedRun(url, [operationId], { document: patched, validators: validatorsFor(patched) });
      expect(after.report.results.map((r: any) => [r.operationId, r.outcome, r.failure?.message])).toEqual([[operationId, 'passed', undefined]]);
      const again = proposeFrom(after.reports, patched);
      expect([again.edits, again.findings, again.diff]).toEqual([[], [], '']);
    });
  }, 180_000);
});

// Each drift that cannot be inferred: the finding it must give (kind and message), and no patch.
const findings: [fault: string, operationId: string, kind: string, message: RegExp, options?: Options][] = [
  ['wrong-type', 'getOptionsOhlcvt', 'changed type', /data\[0\]\.volume must be number/],
  ['missing-required-field', 'getOptionsOhlcvt', 'removed field', /data\[0\]\.vwap is required/],
  ['renamed-field', 'getOptionsOhlcvt', 'removed field', /data\[0\]\.buy_volume is required/],
  ['renamed-field', 'getOptionsOhlcvt', 'new field beside a missing one (a rename is never inferred)', /data\[\]\.buyVolume appeared/],
  [
    'missing-payment-required-header',
    'getOptionsOhlcvt',
    'removed header',
    /402 response headers: headers\["payment-required"\] is required/,
    { kind: 'mock' },
  ],
  ['repeated-cursor', 'getOptionsOhlcvt', 'failed check', /\[cursor-scan\] .*repeats page 1/],
  ['empty-object', 'getOptionsOhlcvt', 'removed field', /(data|meta) is required/],
  ['extra-envelope', 'getLegacyFutures', 'removed field', /is required/],
  ['empty-row', 'getOptionsOhlcvt', 'removed field', /data\[0\]\.\w+ is required/],
  ['number-as-string', 'getLegacyFutures', 'changed type', /must be (number|integer)/],
  ['html-body', 'getOptionsOhlcvt', 'changed media type', /application\/json documented, text\/html answered/],
  ['truncated-json', 'getLegacyFutures', 'malformed body', /not valid JSON/],
];

describe.each(findings)('a service drifting by %s', (fault, operationId, kind, message, options = {}) => {
  it(`gets a "${kind}" finding with its evidence, and no patch`, async () => {
    await withDrift(fault, async (url) => {
      const run = await observedRun(url, [operationId], options);
      expect(run.report.results.map((r: any) => r.outcome)).toEqual(['failed']);
      const proposal = proposeFrom(run.reports);
      expect(proposal.diff).toBe('');
      const found = proposal.findings.filter((f: any) => f.kind === kind && f.operationId === operationId);
      expect(found.map((f: any) => f.message)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
      expect(found[0]?.evidence.date).toBe('2026-11-28');
      expect(readFileSync(join(run.reports, 'github-output'), 'utf8')).toBe(`changes=0\nfindings=${proposal.findings.length}\ndrift=true\n`);
      const body = readFileSync(proposal.bodyFile, 'utf8');
      expect(body).toContain(`**${kind}** in \`${operationId}\``);
    });
  }, 120_000);
});

describe('a faithful service', () => {
  let passThrough: Server;
  afterAll(() => {
    passThrough?.closeAllConnections();
    return new Promise((done) => passThrough?.close(done));
  }, 30_000);
  it('proposes nothing and finds nothing over every operation', async () => {
    passThrough = createServer(async (req, res) => reply(res, await forward(req, new URL(req.url!, mock.url))));
    await new Promise<void>((done) => passThrough.listen(0, '127.0.0.1', done));
    const target = `http://127.0.0.1:${(passThrough.address() as { port: number }).port}`;
    const reportsDir = tempDir('drift-faithful-');
    const run = await runContract({ legacyBaseUrl: target, v1BaseUrl: target, dredd: false, stream: false, observe: true, reportsDir, log: () => {} });
    expect(run.exitCode).toBe(0);
    const proposal = proposeFrom(reportsDir);
    expect([proposal.edits, proposal.findings, proposal.diff, proposal.drift]).toEqual([[], [], '', false]);
    expect(readFileSync(join(reportsDir, 'github-output'), 'utf8')).toBe('changes=0\nfindings=0\ndrift=false\n');
  }, 240_000);
});
