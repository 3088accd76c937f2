// The hosted reference in a real browser (Debian's Chromium, headless, loopback): a deep link to one operation on a
// cold cache, on the page-per-section site against the single page of 1.33 built in the same run. Both are served
// gzipped by the same static server, each load in a fresh browser context (empty cache), interleaved, medians taken:
// - time until the operation's heading is visible in the viewport (from navigation start, measured in the page);
// - the page's own bytes: what the deep link transfers that the landing page did not already load (gzip, on the
//   wire); for the single page that is the whole page, which is its own landing page;
// - the cold total: everything the deep link transfers on an empty cache.
// `node tools/bench/docs.mjs` runs it alone (it builds both sites first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median } from './median.mjs';
import { runWhenMain } from './standalone.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const docsDir = join(here, '../../packages/docs');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_DOCS_ROUNDS ?? 5);
/** The operation the deep link opens, and the largest section (most operations) as the worst case. */
const OPERATION = { tag: 'options', operationId: 'getoptionsohlcvt', summary: 'Options OHLC with trade statistics' };
const LARGEST = { tag: 'legacy-options' };

const TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.md': 'text/markdown; charset=utf-8',
});

/**
 * A static server with every file gzipped once up front (as a CDN would serve it) and the site's cache rules:
 * hashed files under /assets/ immutable, pages revalidated.
 * @param {string} root
 * @returns {Promise<{ base: string, close: () => void }>}
 */
async function serveGzipped(root) {
  /** @type {Map<string, Buffer>} */
  const cache = new Map();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    let body = cache.get(file);
    if (!body) cache.set(file, (body = gzipSync(readFileSync(file), { level: 6 })));
    res.writeHead(200, {
      'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * One cold load: a fresh context, the URL opened, the time (ms from navigation start, measured in the page) at which
 * an h1/h2 with the operation's summary is first visible in the viewport, and the bytes of every response by URL.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string | undefined} heading
 */
async function coldLoad(browser, url, heading) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  /** @type {Map<string, number>} */
  const bytes = new Map();
  const client = await context.newCDPSession(page);
  await client.send('Network.enable');
  /** @type {Map<string, string>} */
  const urls = new Map();
  client.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  client.on('Network.loadingFinished', (e) => {
    const u = urls.get(e.requestId);
    if (u && u.startsWith('http')) bytes.set(u, (bytes.get(u) ?? 0) + e.encodedDataLength);
  });
  await page.goto(url, { waitUntil: 'commit' });
  let visibleAt = NaN;
  if (heading) {
    visibleAt = await page
      .waitForFunction(
        (text) => {
          const h = [...document.querySelectorAll('h1, h2')].find((e) => e.textContent?.trim() === text);
          if (!h) return false;
          const r = h.getBoundingClientRect();
          const style = getComputedStyle(h);
          return r.height > 0 && r.bottom > 0 && r.top < innerHeight && style.visibility !== 'hidden' ? performance.now() : false;
        },
        heading,
        { polling: 'raf', timeout: 60_000 },
      )
      .then((h) => /** @type {Promise<number>} */ (h.jsonValue()));
  }
  await page.waitForLoadState('networkidle');
  await context.close();
  return { visibleAt, bytes };
}

const sum = (/** @type {Iterable<number>} */ xs) => [...xs].reduce((a, b) => a + b, 0);
const kB = (/** @type {number} */ n) => `${(n / 1000).toFixed(0)} kB`;

/** @param {import('./report.js').Report} report */
export async function docsBench(report) {
  if (!existsSync(CHROMIUM)) {
    console.log(`docs: skipped (no Chromium at ${CHROMIUM}; apt-get install chromium)`);
    return;
  }
  const t0 = performance.now();
  execFileSync(process.execPath, [join(docsDir, 'scripts/build.mjs')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  const newBuild = (performance.now() - t0) / 1000;
  const oldDir = mkdtempSync(join(tmpdir(), 'docs-single-page-'));
  const t1 = performance.now();
  // Imported by URL: the docs package's build scripts are plain JS outside this package's type-check.
  const { buildSinglePage } = await import(pathToFileURL(join(docsDir, 'scripts/single-page.mjs')).href);
  buildSinglePage(oldDir);
  const oldBuild = (performance.now() - t1) / 1000;
  console.log(`docs build: page-per-section site ${newBuild.toFixed(1)} s, single page ${oldBuild.toFixed(1)} s (same machine, same run)`);

  const site = await serveGzipped(join(docsDir, 'dist'));
  const single = await serveGzipped(oldDir);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const anchor = `#/${OPERATION.tag}/${OPERATION.operationId}`;
    const landing = await coldLoad(browser, `${site.base}/`, undefined);
    const landingUrls = new Set(landing.bytes.keys());
    /** @type {Record<'old' | 'new' | 'largest', { t: number[], own: number[], total: number[] }>} */
    const runs = { old: { t: [], own: [], total: [] }, new: { t: [], own: [], total: [] }, largest: { t: [], own: [], total: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      const old = await coldLoad(browser, `${single.base}/${anchor}`, OPERATION.summary);
      runs.old.t.push(old.visibleAt);
      runs.old.total.push(sum(old.bytes.values()));
      runs.old.own.push(sum(old.bytes.values()));
      const now = await coldLoad(browser, `${site.base}/${OPERATION.tag}/${anchor}`, OPERATION.summary);
      runs.new.t.push(now.visibleAt);
      runs.new.total.push(sum(now.bytes.values()));
      runs.new.own.push(sum([...now.bytes].filter(([u]) => !landingUrls.has(u)).map(([, b]) => b)));
      const big = await coldLoad(browser, `${site.base}/${LARGEST.tag}/`, undefined);
      runs.largest.total.push(sum(big.bytes.values()));
      runs.largest.own.push(sum([...big.bytes].filter(([u]) => !landingUrls.has(u)).map(([, b]) => b)));
    }
    const bytes = (/** @type {{ own: number[], total: number[] }} */ v) => ({ own: median(v.own), total: median(v.total) });
    // The largest section is measured in bytes only (no heading to wait for).
    const m = { old: { t: median(runs.old.t), ...bytes(runs.old) }, new: { t: median(runs.new.t), ...bytes(runs.new) }, largest: bytes(runs.largest) };
    console.log(
      `docs deep link /${OPERATION.tag}/${anchor}, cold cache, medians of ${ROUNDS}: single page heading at ${m.old.t.toFixed(0)} ms, ${kB(m.old.total)} gzip; ` +
        `page per section heading at ${m.new.t.toFixed(0)} ms, own ${kB(m.new.own)}, total ${kB(m.new.total)} gzip (landing page loads ${kB(sum(landing.bytes.values()))})`,
    );
    report('docs: deep link, first heading, single page / per section', `${(m.old.t / m.new.t).toFixed(1)}x`, '>= 3x', m.old.t / m.new.t >= 3);
    report('docs: deep link, page bytes, single page / own bytes', `${(m.old.own / m.new.own).toFixed(1)}x`, '>= 5x', m.old.own / m.new.own >= 5);
    report('docs: deep link, cold total / single page', `${((m.new.total / m.old.total) * 100).toFixed(0)}%`, '<= 100%', m.new.total <= m.old.total);
    // Redoc's runtime is fetched only when the reader asks for it, so a deep link's cold load is the page, the shared
    // stylesheets and the site's scripts: the budget a reader on a slow link pays before reading the operation.
    report('docs: deep link, cold total (gzip)', kB(m.new.total), '<= 250 kB', m.new.total <= 250_000);
    // The time itself, for the record; its claim is the ratio to the single page measured in the same run (above).
    report('docs: deep link, first heading (median of the run)', `${m.new.t.toFixed(0)} ms`, undefined, undefined);
    report(`docs: largest section (${LARGEST.tag}), single page / own bytes`, `${(m.old.own / m.largest.own).toFixed(1)}x`, undefined, undefined);
    report(
      'docs: largest section, cold total / single page',
      `${((m.largest.total / m.old.total) * 100).toFixed(0)}%`,
      '<= 100%',
      m.largest.total <= m.old.total,
    );
    const shared = readdirSync(join(docsDir, 'dist/assets')).map((f) => `${f} ${kB(gzipSync(readFileSync(join(docsDir, 'dist/assets', f))).length)}`);
    console.log(`docs shared files (gzip): ${shared.join(', ')}`);
  } finally {
    await browser.close();
    site.close();
    single.close();
    rmSync(oldDir, { recursive: true, force: true });
  }
}

await runWhenMain(import.meta.url, docsBench);
