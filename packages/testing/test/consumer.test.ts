// The testing kit as another repository gets it: a clean project installs only the packed tarballs of this
// repository (types, validators, client, testing) and msw from the registry, then
//   - runs the Done-when checks with node:test (test/support/node-checks.mjs), one test each;
//   - runs the guide's Node example (packages/docs/guides/testing.md) unchanged;
//   - bundles the guide's browser example for the browser and runs it in Chromium with MSW's service worker
//     (Debian's /usr/bin/chromium through playwright-core; skipped, saying so, when it is absent);
//   - tests code built on the stream client with the stream doubles alone (test/support/stream-checks.mjs), on Node
//     with setupServer and in the same Chromium with setupWorker.
// Everything runs on the Node of this process (scripts/test.mjs: Node 22 from the matrix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { guideExample } from './support/guide.js';
import { chromiumMissing, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, '..');
const root = resolve(pkg, '../..');
const project = join(pkg, '.tmp/consumer');
const tarballs = join(project, 'tarballs');
const shim = join(here, 'support/vitest-shim.mjs');
const noChromium = chromiumMissing();
const PACKED = ['types', 'validators', 'client', 'testing'];

type Result = { name: string; ok: boolean; error?: string };
let tap = '';
let guideNode: Result[] = [];
let streamNode: Result[] = [];
let streamNodeOutput = '';
/** The stream checks, one per Done-when item, in the order test/support/stream-checks.mjs runs them. */
const STREAM_CHECKS = [
  'subscribe and typed events: the VWAP of pushed trades',
  'unsubscribe: the finished loop unsubscribes its id, the other subscription stays',
  'a coded error: a refused subscribe throws StreamRequestError with its code',
  'a dropped connection: the client reconnects and resubscribes; without reconnect the loop ends with 1006',
];

function packAll(): Record<string, string> {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(tarballs, { recursive: true });
  const specs: Record<string, string> = {};
  for (const name of PACKED) {
    const before = new Set(readdirSync(tarballs));
    execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(root, 'packages', name), stdio: 'pipe' });
    const file = readdirSync(tarballs).find((f) => !before.has(f))!;
    specs[`@laevitas-api/${name}`] = `file:tarballs/${file}`;
  }
  return specs;
}

/**
 * The guide's example for `platform`, unchanged, bundled in the clean project into `outfile` (vitest mapped to the
 * shim; on Node the installed packages stay imports, in the browser everything is in the bundle).
 */
async function bundleGuide(platform: 'node' | 'browser', outfile: string) {
  const entry = join(project, `guide-${platform}.ts`);
  writeFileSync(entry, guideExample(platform));
  await build({
    entryPoints: [entry],
    outfile: join(project, outfile),
    bundle: true,
    platform,
    format: 'esm',
    ...(platform === 'node' ? { packages: 'external' as const } : {}),
    alias: { vitest: shim },
    logLevel: 'error',
  });
}

beforeAll(() => {
  const specs = packAll();
  const msw = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).devDependencies.msw;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { ...specs, msw }, overrides: specs }, null, 2),
  );
  // npm, not pnpm: the way most consumers install, and nothing of this workspace leaks in.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], { cwd: project, stdio: 'pipe' });

  copyFileSync(join(here, 'support/node-checks.mjs'), join(project, 'node-checks.test.mjs'));
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'node-checks.test.mjs'], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  tap = run.stdout + run.stderr;

  for (const file of ['stream-checks.mjs', 'stream-node.mjs', 'stream-browser.mjs']) copyFileSync(join(here, 'support', file), join(project, file));
  const stream = spawnSync(process.execPath, ['stream-node.mjs'], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  streamNodeOutput = stream.stdout + stream.stderr;
  streamNode = JSON.parse(stream.stdout.trim().split('\n').at(-1) || '[]');
});

describe('the stream doubles in the clean project, on Node (setupServer(gateway.handler), the stream client with TestWebSocket)', () => {
  it('run every stream check, and each passes', () => {
    expect(
      streamNode.map((r) => r.name),
      streamNodeOutput,
    ).toEqual(STREAM_CHECKS);
    expect(streamNode.filter((r) => !r.ok)).toEqual([]);
  });
});

describe('in a clean project with the packed tarballs and msw (setupServer(...handlers))', () => {
  const passed = (name: string) => {
    expect(tap, tap).toMatch(new RegExp(`^\\s*ok \\d+ - ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  };
  it('a client call of the versioned family returns a body valid against the contract', () =>
    passed('a versioned call returns a body valid against the contract'));
  it('a client call of the legacy family returns a body valid against the contract', () => passed('a legacy call returns a body valid against the contract'));
  it('a full paginated scan ends', () => passed('a full paginated scan ends'));
  it('an override to 429 makes the client throw RateLimitError', () => passed('an override to 429 makes the client throw RateLimitError'));
  it('an invalid parameter gets the documented 400', () => passed('an invalid parameter gets the documented 400'));
  it('an unknown path is reported as unhandled', () => passed('an unknown path is reported as unhandled'));
  it('the CommonJS build answers too', () => passed('the CommonJS build answers too'));
  it('no check failed', () => expect(tap).not.toMatch(/^\s*not ok/m));
});

describe("the guide's Node example, unchanged, in the clean project", () => {
  beforeAll(async () => {
    await bundleGuide('node', 'guide-node.bundle.mjs');
    writeFileSync(
      join(project, 'guide-node-run.mjs'),
      "await import('./guide-node.bundle.mjs');\nconsole.log(JSON.stringify(await globalThis.__guideResults));\nprocess.exit(0);\n",
    );
    const run = spawnSync(process.execPath, ['guide-node-run.mjs'], { cwd: project, encoding: 'utf8', timeout: 120_000 });
    guideNode = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]');
  });

  it('runs every test of the example, and each passes', () => {
    expect(guideNode.map((r) => r.name)).toEqual([
      'reads hourly candles',
      'walks every page of a series',
      'backs off when rate limited',
      'answers with a fixture of my choosing',
    ]);
    expect(guideNode.filter((r) => !r.ok)).toEqual([]);
  });
});

describe.runIf(noChromium === undefined)("the same handlers in a browser: the guide's browser example in Chromium (MSW's service worker)", () => {
  let server: Server;
  let results: Result[] = [];
  let streamResults: Result[] = [];
  let outside: string[] = [];

  beforeAll(async () => {
    await bundleGuide('browser', 'www/guide-browser.js');
    await build({
      entryPoints: [join(project, 'stream-browser.mjs')],
      outfile: join(project, 'www/stream.js'),
      bundle: true,
      platform: 'browser',
      format: 'esm',
      logLevel: 'error',
    });
    writeFileSync(
      join(project, 'www/stream.html'),
      '<!doctype html><meta charset="utf-8"><title>stream</title><script type="module" src="/stream.js"></script>',
    );
    copyFileSync(join(project, 'node_modules/msw/lib/mockServiceWorker.js'), join(project, 'www/mockServiceWorker.js'));
    writeFileSync(
      join(project, 'www/index.html'),
      '<!doctype html><meta charset="utf-8"><title>guide</title><script type="module" src="/guide-browser.js"></script>',
    );
    server = createServer((req, res) => {
      const file = join(project, 'www', req.url === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!);
      if (!file.startsWith(join(project, 'www')) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(readFileSync(file));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      // Whatever the service worker answers never reaches this route; anything else leaving the machine is refused and listed.
      outside = await keepToLoopback(context);
      const page = await context.newPage();
      await page.goto(base);
      results = (await page.evaluate('globalThis.__guideResults')) as Result[];
      const streamPage = await context.newPage();
      await streamPage.goto(`${base}/stream.html`);
      streamResults = (await streamPage.evaluate('globalThis.__streamResults')) as Result[];
    } finally {
      await browser.close();
    }
  });
  afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('runs every test of the browser example, and each passes, with no request leaving the page', () => {
    expect(results.map((r) => r.name)).toEqual([
      'reads a legacy summary in the browser',
      'gets the documented 400 for an invalid parameter',
      'forces an answer in the browser too',
    ]);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('runs every stream check in the page (setupWorker(gateway.handler)), and each passes, with no connection leaving the page', () => {
    expect(streamResults.map((r) => r.name)).toEqual(STREAM_CHECKS);
    expect(streamResults.filter((r) => !r.ok)).toEqual([]);
    expect(outside).toEqual([]);
  });
});

describe.skipIf(noChromium === undefined)('the browser check', () => {
  it(`is skipped: ${noChromium}`, () => undefined);
});
