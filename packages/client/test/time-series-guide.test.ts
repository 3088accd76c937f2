// The Time series guide's examples (packages/docs/guides/time-series.md) run, not only compile: each TypeScript block
// is transpiled and run against the mock, with `createClient` pointed at it, and what it prints is checked. The docs
// test type-checks the same blocks against the built packages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
// @ts-expect-error plain ESM module of the contract tools
import { startMock } from '@laevitas-api/contract/mock';
import { createClient, type ClientOptions } from '../src/index.js';

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 120_000);
afterAll(async () => mock?.stop());

const guide = readFileSync(join(import.meta.dirname, '../../docs/guides/time-series.md'), 'utf8');
const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;

/** Runs one guide block with its imports taken away and `createClient`, `process` and `console` given; returns what it printed. */
async function run(code: string, { headers = {}, signal }: { headers?: Record<string, string>; signal?: () => void } = {}): Promise<string[]> {
  const body = code
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n');
  const js = ts
    .transpileModule(body, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } })
    .outputText.replace(/^export \{\};?$/m, '');
  const printed: string[] = [];
  const onMock = (options: ClientOptions = {}) =>
    createClient({ ...options, apiKey: 'test-key', v2BaseUrl: mock.url, rateLimit: false, defaultHeaders: headers });
  const processStub = { env: {}, once: (_event: string, handler: () => void) => signal?.() ?? setTimeout(handler, 300) };
  await new AsyncFunction('createClient', 'process', 'console', js)(onMock, processStub, { log: (...args: unknown[]) => printed.push(args.join(' ')) });
  return printed;
}

describe('the Time series guide runs against the mock', () => {
  it('has its four examples', () => {
    expect(blocks).toHaveLength(4);
  });

  it('a month-long backfill: every trade of October once', async () => {
    const printed = await run(blocks[0]!);
    const direct = await createClient({ apiKey: 'k', v2BaseUrl: mock.url, rateLimit: false })
      .paginate('getOptionsTrades', { query: { currency: 'BTC', start: '2026-10-01T00:00:00Z', end: '2026-10-31T23:59:59Z', limit: 1000 } })
      .toArray();
    expect(direct.length).toBeGreaterThan(1000);
    expect(printed.at(-1)).toBe(`${direct.length} trades in October`);
  });

  it('an incremental job: the closed minutes only, and where the next run starts', async () => {
    const printed = await run(blocks[1]!, { headers: { 'x-mock-complete-through': '2026-11-20T06:00:00Z' } });
    expect(printed).toHaveLength(361);
    expect(printed[0]).toMatch(/^2026-11-20 00:00:00 /);
    expect(printed[359]).toMatch(/^2026-11-20 05:59:00 /);
    expect(printed[360]).toBe('closed through 2026-11-20 06:00:00 - next run starts at 2026-11-20T06:00:00.000Z');
  });

  it('a corrections follower: the published correction once, then it stops on the signal', async () => {
    const published = await fetch(`${mock.url}/__mock/corrections`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"c-9"}' });
    const { updatedAt } = await published.json();
    const printed = await run(blocks[2]!);
    expect(printed).toEqual([`published c-9 updated at ${updatedAt}`]);
  });

  it('re-reading a corrected range: the 24 hours of the day', async () => {
    expect(await run(blocks[3]!)).toEqual(['replace 24 stored rows of 2026-11-19T00:00:00Z .. 2026-11-19T23:59:59Z']);
  });
});
