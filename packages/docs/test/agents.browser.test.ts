// The site as agents and readers without scripts get it, in a real browser (Debian's Chromium through playwright-core,
// skipped where it is absent), with every request to another host refused: each link of /llms.txt resolves over
// HTTP with its media type, each operation's Markdown twin names every parameter of its operation, the API catalog is
// served as a linkset, a deep link is readable with JavaScript off, and "Copy as Markdown" copies the operation's twin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { serveDocs } from '../scripts/serve.mjs';
import { hasChromium, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';
import { deref } from '@laevitas-api/spec-model';
import { operationMarkdownUrl } from '../scripts/markdown-twins.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const operations = Object.entries<any>(docs.paths).flatMap(([path, item]) =>
  Object.entries<any>(item)
    .filter(([, op]) => op?.operationId)
    .map(([method, op]) => ({ path, method, op })),
);
const parametersOf = new Map(
  operations.map(({ op }) => [operationMarkdownUrl(op.tags[0], op.operationId), (op.parameters ?? []).map((p: any) => deref(docs, p).name)]),
);

describe.runIf(hasChromium())('the site for agents and without scripts (Chromium, loopback only)', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  let refused: string[] = [];
  const contexts: BrowserContext[] = [];
  async function context(options: Parameters<Browser['newContext']>[0] = {}) {
    const created = await browser.newContext(options);
    refused = refused.concat(await keepToLoopback(created));
    contexts.push(created);
    return created;
  }

  beforeAll(async () => {
    server = await serveDocs(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    server?.close();
  });

  it('every link of /llms.txt resolves with its media type, and each operation twin names its parameters', { timeout: 120_000 }, async () => {
    const page = await (await context()).newPage();
    await page.goto(`${base}/llms.txt`);
    const results = await page.evaluate(async () => {
      const text = await (await fetch('/llms.txt')).text();
      const urls = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[1] as string);
      const out: { url: string; status: number; type: string; body: string }[] = [];
      for (let i = 0; i < urls.length; i += 16)
        out.push(
          ...(await Promise.all(
            urls.slice(i, i + 16).map(async (url) => {
              const response = await fetch(url);
              const body = await response.text();
              return { url, status: response.status, type: response.headers.get('content-type') ?? '', body: url.endsWith('.md') ? body : '' };
            }),
          )),
        );
      return out;
    });
    expect(results.length).toBeGreaterThan(operations.length);
    expect(results.filter((r) => r.status !== 200).map((r) => `${r.url}: ${r.status}`)).toEqual([]);
    const types: Record<string, RegExp> = { '.md': /^text\/markdown/, '.txt': /^text\/plain/, '.json': /^application\/json/, '.yaml': /^application\/yaml/ };
    for (const r of results) {
      const expected = Object.entries(types).find(([ext]) => r.url.endsWith(ext))?.[1] ?? /^application\/linkset\+json$/;
      expect(r.type, r.url).toMatch(expected);
    }
    const twins = results.filter((r) => parametersOf.has(r.url));
    expect(twins).toHaveLength(operations.length);
    const unnamed = twins.flatMap((r) =>
      parametersOf
        .get(r.url)!
        .filter((name: string) => !r.body.includes(`| \`${name}\` |`))
        .map((n: string) => `${r.url}: ${n}`),
    );
    expect(unnamed).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('a deep link is readable with JavaScript off: the operation, its route, parameters and a sample', { timeout: 60_000 }, async () => {
    const page = await (await context({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${base}/options/#/options/getoptionsohlcvt`);
    const preview = page.locator('#\\/options\\/getoptionsohlcvt');
    await expect.poll(() => preview.isVisible()).toBe(true);
    const heading = preview.getByRole('heading', { level: 2 });
    expect(await heading.textContent()).toBe('Options OHLC with trade statistics');
    expect(await heading.isVisible()).toBe(true);
    const text = await preview.innerText();
    expect(text).toContain('GET /api/v1/options/ohlcvt');
    for (const name of ['instrument_name', 'resolution', 'limit']) expect(text).toContain(name);
    expect(text).toContain('curl');
    // The twin is one link away, with no script.
    expect(await preview.getByRole('link', { name: 'Markdown' }).getAttribute('href')).toBe('/options/getoptionsohlcvt.md');
    expect(refused).toEqual([]);
  });

  it('"Copy as Markdown" puts the twin of the operation in the URL on the clipboard, and the page\'s own elsewhere', { timeout: 60_000 }, async () => {
    const ctx = await context({ viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await ctx.newPage();
    await page.goto(`${base}/options/#/options/getoptionsohlcvt`);
    const button = page.getByRole('button', { name: 'Copy as Markdown' });
    await button.click();
    await expect.poll(() => page.locator('.site-copy-status').textContent()).toContain('Copied');
    const twin = await (await fetch(`${base}/options/getoptionsohlcvt.md`)).text();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
    await page.goto(`${base}/pagination/`);
    await page.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await (await fetch(`${base}/pagination/index.md`)).text());
    expect(refused).toEqual([]);
  });
});
