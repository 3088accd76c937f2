// The site in a real browser (Debian's Chromium through playwright-core; CI installs it, elsewhere these tests are
// skipped): every page loads with no request leaving the machine and no console error, search finds an operation of
// each family and a guide, links opened in a new tab land on their section, and axe-core finds no serious or
// critical accessibility violation. A screenshot of every page is kept under reports/docs-screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
// @ts-expect-error plain ESM module
import { serveDocs } from '../scripts/serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const pkg = new URL('..', import.meta.url).pathname;
const root = join(pkg, '../..');
const shots = join(root, 'reports/docs-screenshots');
const html = readFileSync(join(pkg, 'dist/index.html'), 'utf8');
const site = JSON.parse(readFileSync(join(pkg, '.tmp/openapi.site.json'), 'utf8'));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Section pages: every path the sidebar links to (each forwards to its section). */
const sections = [...new Set([...html.matchAll(/href="\/([a-z0-9][a-z0-9-]*)"/g)].map((m) => m[1]!))];
const allOps = Object.entries(site.paths).flatMap(([path, item]: [string, any]) =>
  Object.values(item)
    .filter((op: any) => op?.operationId)
    .map((op: any) => ({ path, op })),
);
const legacyOp = allOps.find(({ path }) => path.startsWith('/analytics/'))!.op;
const v1Op = allOps.find(({ op }) => op.operationId === 'getOptionsOhlcvt')!.op;

describe.runIf(existsSync(CHROMIUM))('the site in a browser with no network (Chromium)', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  const internalText: string[] = [];
  /** Rendered text must not cite the contract's working files or show extension keys. */
  const INTERNAL =
    /facts\.md|v1-family|legacy-family|EXTENSIONS\.md|§|\bsection \d|public facts|x-(?:source|unpublished-shape|x402-price|pagination|rate-limit-group|max-window|currency-subsets|inferred-route)\b/;
  async function collectText(page: Page) {
    const text = await page.evaluate(() => document.body.innerText);
    for (const line of text.split('\n')) if (INTERNAL.test(line)) internalText.push(`${page.url()}: ${line.slice(0, 160)}`);
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await serveDocs(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/*', (route) => {
      const target = new URL(route.request().url());
      if (['127.0.0.1', 'localhost'].includes(target.hostname) || target.protocol === 'data:' || target.protocol === 'blob:') return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
    context.on('page', (page) => {
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${page.url()}: ${m.text()}`));
      page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    const response = await page.goto(base + path);
    expect(response?.status(), path).toBe(200);
    // Rendered: the sidebar lists the first family.
    await page.getByText('Legacy derivs', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return page;
  }

  /** The heading nearest the top of the viewport: where a link landed. */
  const headingInView = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('h1, h2')]
        .find((h) => {
          const top = h.getBoundingClientRect().top;
          return top > -10 && top < 300;
        })
        ?.textContent?.trim(),
    );

  it('loads the reference and every section page, with no outside request and no console error (screenshot each)', async () => {
    const home = await open('/');
    await expect(home.getByText('Legacy derivs', { exact: true }).first().isVisible()).resolves.toBe(true);
    await home.screenshot({ path: join(shots, 'index.png') });
    await collectText(home);
    await home.close();
    for (const slug of sections) {
      const page = await open(`/${slug}`);
      await page.waitForFunction(() => location.hash.length > 1);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shots, `${slug}.png`) });
      await collectText(page);
      await page.close();
    }
    expect(sections.length).toBeGreaterThanOrEqual(25);
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(internalText).toEqual([]);
  }, 600_000);

  it('serves /favicon.ico', async () => {
    const response = await fetch(`${base}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
  });

  it('opens a section link and an operation link in a new tab on that section', async () => {
    const home = await open('/');
    await home.getByText('Options', { exact: true }).first().click();
    const opLink = home.locator(`a[href$="/${v1Op.operationId.toLowerCase()}"]`).first();
    await opLink.waitFor({ timeout: 15_000 });
    const href = (await opLink.getAttribute('href'))!;
    const sectionHref = (await home.locator('a[href="/payments"]').first().getAttribute('href'))!;
    await home.close();

    const opTab = await open(href.startsWith('#') ? `/${href}` : href);
    await opTab.waitForTimeout(1000);
    expect(await headingInView(opTab)).toBe(v1Op.summary);
    await opTab.screenshot({ path: join(shots, `deep-link-${v1Op.operationId}.png`) });
    await opTab.close();

    const sectionTab = await open(sectionHref);
    await sectionTab.waitForFunction(() => location.hash === '#/payments');
    await sectionTab.waitForTimeout(1000);
    expect(await headingInView(sectionTab)).toBe('Payments');
    await sectionTab.close();
    expect(outside).toEqual([]);
  }, 120_000);

  it('finds an operation of each family and a guide by search', async () => {
    const page = await open('/');
    for (const query of [legacyOp.summary, v1Op.summary, 'Rate limits']) {
      await page.getByText('Search', { exact: false }).first().click();
      const input = page.locator('input[placeholder*="earch" i]').first();
      await input.fill(query);
      await expect(
        page
          .getByRole('link', { name: query, exact: false })
          .first()
          .waitFor({ timeout: 15_000 })
          .then(() => true),
      ).resolves.toBe(true);
      await page.screenshot({ path: join(shots, `search-${query.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) });
      await page.keyboard.press('Escape');
    }
    await page.close();
  }, 120_000);

  it('has no serious or critical accessibility violation (axe-core) on the reference, a guide and an operation', async () => {
    const found: string[] = [];
    for (const path of ['/', '/#/quick-start', `/#/options/${v1Op.operationId.toLowerCase()}`]) {
      const page = await open(path);
      await page.waitForTimeout(500);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(', ')}`,
          );
      });
      found.push(...violations.map((v) => `${path}: ${v}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
