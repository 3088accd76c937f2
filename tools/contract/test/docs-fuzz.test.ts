// Property-based fuzzing of the docs port of the main job (packages/docs/scripts/serve.mjs) with raw requests over
// TCP (the generators are shared with the mock port's suite: ./raw-http.ts): traversal in every encoding (plain, percent-encoded,
// double-encoded, backslashes, overlong UTF-8), malformed escapes, NUL bytes, URLs and header sections past the
// limit, odd methods and ranges, and clients that stall mid-request. The server serves a fixture site whose parent
// directory holds a secret file and the site a dotfile secret. Each property run is one batch sent concurrently;
// after it, while the stalled clients still hold their sockets, a plain GET / must answer 200 within 5 s (the server
// is alive and not held by anyone). No answer may carry a secret, or be a 5xx, and every request Node's own parser
// takes whole must get an HTTP answer, not a reset (./raw-http.ts, nodeParser). Seeded like the mock's suite:
// FUZZ_SEED (default 17), FUZZ_RUNS (default 6; batches = 5 x runs), FUZZ_SECONDS (default 4; budget = 3 x it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_LIMITS, serveDocs } from '../../../packages/docs/scripts/serve.mjs';
import { answerProblems, commonHeaders, exchange, hostileRequest, nodeParser, rawOf, stall } from './raw-http.js';

const seed = Number(process.env.FUZZ_SEED ?? 17);
const runs = Number(process.env.FUZZ_RUNS ?? 6);
const seconds = Number(process.env.FUZZ_SECONDS ?? 4);
const SECRET = 'SECRET-OUTSIDE-THE-SITE';

let base: string;
let port: number;
let server: Awaited<ReturnType<typeof serveDocs>>;
let parser: Awaited<ReturnType<typeof nodeParser>>;
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'docs-fuzz-'));
  const site = join(base, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  mkdirSync(join(site, 'guides'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>docs</title>'.padEnd(4000, ' '));
  writeFileSync(join(site, 'guides/index.html'), '<!doctype html><title>guides</title>');
  writeFileSync(join(site, 'assets/app.0f3a.js'), 'console.log(1);\n'.repeat(200));
  writeFileSync(join(site, '.env'), SECRET);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(base, 'site-secret.html'), SECRET); // a sibling whose name starts like the root's
  server = await serveDocs(0, '127.0.0.1', { root: site });
  port = (server.address() as { port: number }).port;
  parser = await nodeParser(DOCS_LIMITS.headerSectionBytes);
});
afterAll(async () => {
  await parser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

const docsHeaders = [
  ...commonHeaders,
  'range: bytes=-5',
  'range: bytes=10-5',
  'range: bytes=0-1,3-4,0-1000000',
  'if-modified-since: Thu, 01 Jan 2099 00:00:00 GMT',
];
const request = hostileRequest({
  plain: ['index.html', 'assets', 'app.0f3a.js', 'guides', '', 'missing.css', 'stream.html'],
  headers: docsHeaders,
});

describe(`docs port fuzz (seed ${seed}, ${runs * 5} batches)`, () => {
  it('never stops, never hangs other clients, never serves a file outside the site, never answers 5xx', async () => {
    const failures: string[] = [];
    const tally = { parsed: 0, refused: 0, resets: 0 }; // Node's parser's verdicts, and the resets (of refused requests only)
    const result = await fc.check(
      fc.asyncProperty(fc.array(request, { minLength: 4, maxLength: 10 }), async (batch) => {
        const problems: string[] = [];
        const stalled = batch.filter((r) => r.stall).map((r) => stall(port, rawOf(r).subarray(0, 20)).socket);
        const answers = await Promise.all(
          batch.filter((r) => !r.stall).map(async (r) => ({ r, answer: await exchange(port, rawOf(r)), verdict: await parser.judge(rawOf(r)) })),
        );
        for (const { verdict } of answers) tally[verdict.parsed ? 'parsed' : 'refused']++;
        tally.resets += answers.filter(({ answer }) => 'reset' in answer).length;
        for (const { r, answer, verdict } of answers) {
          problems.push(...answerProblems(r, answer, verdict));
          if ('text' in answer && answer.text.includes(SECRET)) problems.push(`${r.method} ${r.path.slice(0, 120)}: served a secret (${answer.head})`);
        }
        const alive = await exchange(port, Buffer.from('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'), 5_000);
        if (!('head' in alive) || !alive.head.startsWith('HTTP/1.1 200'))
          problems.push(`GET / after the batch (${stalled.length} stalled clients): ${JSON.stringify(alive).slice(0, 200)}`);
        stalled.forEach((socket) => socket.destroy());
        failures.push(...problems);
        return problems.length === 0;
      }),
      { seed, numRuns: runs * 5, interruptAfterTimeLimit: seconds * 3000, endOnFailure: true },
    );
    console.log(
      `docs fuzz: ${result.numRuns} batches, ${tally.parsed} requests Node parses (each answered), ${tally.refused} it refuses (${tally.resets} of them ended in a reset)`,
    );
    expect(failures).toEqual([]);
    expect(result.failed, fc.defaultReportMessage(result)).toBe(false);
    expect(server.listening).toBe(true);
  }, 180_000);

  it('the site itself is served: types, compression, conditional requests and ranges', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag')!;
    // Raw, since fetch marks every conditional request `cache-control: no-cache`, which forbids a 304.
    const revalidated = await exchange(port, Buffer.from(`GET / HTTP/1.1\r\nhost: x\r\nif-none-match: ${etag}\r\nconnection: close\r\n\r\n`));
    expect('head' in revalidated && revalidated.head).toBe('HTTP/1.1 304 Not Modified');
    const asset = await fetch(`http://127.0.0.1:${port}/assets/app.0f3a.js`, { headers: { range: 'bytes=0-6' } });
    expect(asset.status).toBe(206);
    expect(await asset.text()).toBe('console');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const traversalAnswer = await exchange(port, Buffer.from('GET /%2e%2e%2fsecret.txt HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'));
    expect('head' in traversalAnswer && traversalAnswer.head).toMatch(/^HTTP\/1\.1 (403|404)/);
    expect((await fetch(`http://127.0.0.1:${port}/guides/`)).status).toBe(200);
  });
});
