// The CLI's options without a server: selection resolved against the real spec (unknown names with the closest
// ones, an empty selection refused), flags checked before anything starts, the unreachable-target probe on a real
// closed port, and the CI output (annotations escaped, progress lines on and off a terminal, the JSON summary).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSelection, closestNames, splitList } from '../src/select.mjs';
import { parseCli } from '../src/args.mjs';
import { UsageError, TargetUnreachable } from '../src/errors.mjs';
import { assertReachable } from '../src/reachable.mjs';
import { annotation, createProgress, jsonSummary } from '../src/output.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { operationsOf } from '../src/spec-model.mjs';
import type { OperationResult } from '../src/conformance.mjs';

type Op = { operationId: string; family: string; tags: string[] };
const operations: Op[] = operationsOf(JSON.parse(readFileSync(SPEC_JSON, 'utf8')));
const v1 = operations.filter((op) => op.family === 'v1');
const usageError = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
};

describe('selection', () => {
  it('--only runs exactly the named operation', () => {
    const s = resolveSelection(operations, { only: ['getOptionsOhlcvt'] });
    expect([...s.ids]).toEqual(['getOptionsOhlcvt']);
    expect(s.description).toBe(`selected 1 of ${operations.length} operations (--only getOptionsOhlcvt)`);
  });

  it('--family v1 selects every versioned operation and no legacy one', () => {
    const s = resolveSelection(operations, { family: 'v1' });
    expect(s.ids.size).toBe(v1.length);
    expect(v1.length).toBe(116);
    for (const op of operations) expect(s.ids.has(op.operationId)).toBe(op.family === 'v1');
  });

  it('--tag matches case-insensitively, combines with --family and --skip', () => {
    const options = operations.filter((op) => op.tags.includes('Options')).map((op) => op.operationId);
    const [skipped] = options;
    if (skipped === undefined) throw new Error('the spec has no operation tagged Options');
    const s = resolveSelection(operations, { tags: ['options'], family: 'v1', skip: [skipped] });
    expect([...s.ids].sort()).toEqual(options.slice(1).sort());
    expect(s.description).toContain('--tag "Options"');
  });

  it('an unknown name is a usage error naming the flag and the closest names', () => {
    expect(usageError(() => resolveSelection(operations, { only: ['getOptionsOhlcv'] }))).toMatch(
      /^--only: no operation "getOptionsOhlcv" in the spec; closest: getOptionsOhlcvt/,
    );
    expect(usageError(() => resolveSelection(operations, { skip: ['nosuchop'] }))).toMatch(/^--skip: no operation "nosuchop"/);
    expect(usageError(() => resolveSelection(operations, { tags: ['optons'] }))).toMatch(/^--tag: no tag "optons" in the spec; closest: "Options"/);
    expect(usageError(() => resolveSelection(operations, { family: 'v2' }))).toBe('--family: "v2" is not a family; use one of legacy, v1');
    expect(usageError(() => splitList('only', ['a,,b']))).toMatch(/--only: empty name/);
  });

  it('a selection that leaves nothing to run fails instead of passing', () => {
    const legacyTag = operations.find((op) => op.family === 'legacy')?.tags[0];
    if (legacyTag === undefined) throw new Error('the spec has no tagged legacy operation');
    expect(usageError(() => resolveSelection(operations, { family: 'v1', tags: [legacyTag] }))).toMatch(/selected 0 of \d+ operations.*nothing to run/);
    const all = operations.map((op) => op.operationId);
    expect(usageError(() => resolveSelection(operations, { skip: all }))).toMatch(/nothing to run/);
  });

  it('any names given either select a non-empty subset of the spec or fail with a usage error (seeded)', () => {
    const ids = operations.map((op) => op.operationId);
    const name = fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 3 }),
        fc.array(name, { maxLength: 3 }),
        fc.option(fc.constantFrom('legacy', 'v1', 'V1', '')),
        (only, skip, family) => {
          try {
            const s = resolveSelection(operations, { only, skip, family: family ?? undefined });
            expect(s.ids.size).toBeGreaterThan(0);
            for (const id of s.ids) expect(ids).toContain(id);
            for (const id of skip) expect(s.ids.has(id)).toBe(false);
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
          }
        },
      ),
      { seed: 1616, numRuns: 300 },
    );
  });

  it('closest names rank near misses first', () => {
    expect(closestNames('getfuturessnapshot', ['getOptionsOhlcvt', 'getFuturesSnapshot', 'getSpotTrades'], 1)).toEqual(['getFuturesSnapshot']);
  });
});

describe('flags', () => {
  it('refuses a key given as a flag without echoing it', () => {
    const message = usageError(() => parseCli(['run', '--api-key', 'sekrit-123']));
    expect(message).toBe('the API key is read from LAEVITAS_API_KEY only, never from a flag');
    expect(message).not.toContain('sekrit');
  });
  it('names the flag of a bad port, URL or unknown command', () => {
    expect(usageError(() => parseCli(['run', '--port', '70000']))).toMatch(/^--port: "70000" is not a port/);
    expect(usageError(() => parseCli(['run', '--base-url', 'api.example.com']))).toMatch(/^--base-url: "api.example.com" is not an http\(s\) URL/);
    expect(usageError(() => parseCli(['serve']))).toMatch(/unknown command "serve"/);
    expect(usageError(() => parseCli(['run', '--bogus']))).toMatch(/bogus/);
  });
  it('repeated and comma-separated lists add up', () => {
    const { values } = parseCli(['run', '--only', 'a,b', '--only', 'c']);
    expect(splitList('only', values.only)).toEqual(['a', 'b', 'c']);
  });
});

describe('an unreachable target', () => {
  it('a closed port is TargetUnreachable with the host, the port and the error', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
    const error = await assertReachable(`http://127.0.0.1:${port}/base`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetUnreachable);
    expect((error as Error).message).toBe(
      `target unreachable: http://127.0.0.1:${port}/base (host 127.0.0.1, port ${port}): ECONNREFUSED connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });
  it('an open port passes', async () => {
    const server = createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    await expect(assertReachable(`http://127.0.0.1:${(server.address() as { port: number }).port}`)).resolves.toBeUndefined();
    await new Promise((r) => server.close(r));
  });
});

describe('CI output', () => {
  it('an annotation is one line whatever the message holds (seeded)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, message) => {
        const line = annotation('error', title, message);
        expect(line).not.toMatch(/[\r\n]/);
        expect(line.startsWith('::error title=')).toBe(true);
        // The title cannot hold `::` (its `:` are escaped), so the message starts after the second `::`, and decodes back.
        expect(decodeURIComponent(line.slice(line.indexOf('::', 2) + 2))).toBe(message);
      }),
      { seed: 1617, numRuns: 200 },
    );
  });
  const result = (id: string, outcome: 'passed' | 'failed'): OperationResult => {
    const base = { operationId: id, method: 'GET', path: '/x', checks: 1, notes: [], notices: [], durationMs: 12 };
    return outcome === 'failed' ? { ...base, outcome, failure: { check: 'schema', message: 'boom' } } : { ...base, outcome };
  };
  it('prints one plain line per operation off a terminal, one redrawn line on it (failures kept)', () => {
    let plain = '';
    const p = createProgress({ tty: false, write: (t: string) => (plain += t) });
    p.onResult(result('a', 'passed'), 1, 2);
    p.onResult(result('b', 'failed'), 2, 2);
    expect(plain).toBe('[1/2] PASS a (12 ms)\n[2/2] FAIL b (12 ms)\n');
    let tty = '';
    const t = createProgress({ tty: true, write: (s: string) => (tty += s) });
    t.onResult(result('a', 'passed'), 1, 2);
    t.onResult(result('b', 'failed'), 2, 2);
    expect(tty).toBe('\r\x1b[2K[1/2] PASS a (12 ms)\r\x1b[2K[2/2] FAIL b (12 ms)  boom\n');
  });
  it('the JSON summary has per operation its status, reason and duration', () => {
    const json = jsonSummary({
      versions: { version: '1.33.0', specVersion: '1.33.0' },
      kind: 'mock',
      targets: {},
      selection: 'all',
      exitCode: 1,
      report: { results: [result('a', 'passed'), result('b', 'failed')] },
      dreddSkipped: 'not run (--no-dredd)',
      durationMs: 5,
    });
    expect(json.operations).toEqual([
      { operationId: 'a', method: 'GET', path: '/x', status: 'passed', reason: null, durationMs: 12 },
      { operationId: 'b', method: 'GET', path: '/x', status: 'failed', reason: '[schema] boom', durationMs: 12 },
    ]);
    expect(json.dredd).toEqual({ skipped: true, reason: 'not run (--no-dredd)' });
  });
});

describe('runContract (the API under the CLI)', () => {
  it('refuses a selection that matches no operation instead of passing an empty run', async () => {
    const { runContract } = await import('../src/run.mjs');
    await expect(runContract({ only: new Set(['nosuchop']), log: () => {} })).rejects.toThrow(/nothing to run/);
    await expect(runContract({ only: new Set(), log: () => {} })).rejects.toBeInstanceOf(UsageError);
  });
});
