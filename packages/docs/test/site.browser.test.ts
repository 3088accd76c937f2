// The site in a real browser (Debian's Chromium through playwright-core; CI installs it, elsewhere these tests are
// skipped): every page loads with no request leaving the machine and no console error, search finds an operation of
// each family and a guide, links opened in a new tab land on their section, a page shows one navigation (the site's,
// listing the page's operations) at desktop and phone widths, and axe-core finds no serious or critical accessibility
// violation. A screenshot of every page is kept under reports/docs-screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { serveDocs } from '../scripts/serve.mjs';
import { hasChromium, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';

const pkg = new URL('..', import.meta.url).pathname;
const root = join(pkg, '../..');
const shots = join(root, 'reports/docs-screenshots');
const site = JSON.parse(readFileSync(join(pkg, '.tmp/openapi.site.json'), 'utf8'));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every page of the site: one per guide and per section (tag), at the path the single-page site linked. */
const sections: string[] = site.tags.map((t: { name: string }) => slugOf(t.name));
const allOps = Object.entries(site.paths).flatMap(([path, item]: [string, any]) =>
  Object.values(item)
    .filter((op: any) => op?.operationId)
    .map((op: any) => ({ path, op })),
);
const legacyOp = allOps.find(({ path }) => path.startsWith('/analytics/'))!.op;
const v1Op = allOps.find(({ op }) => op.operationId === 'getOptionsOhlcvt')!.op;
const anchorOf = (op: { tags: string[]; operationId: string }) => `#/${slugOf(op.tags[0]!)}/${op.operationId.toLowerCase()}`;
const pageOf = (op: { tags: string[]; operationId: string }) => `/${slugOf(op.tags[0]!)}/${anchorOf(op)}`;

describe.runIf(hasChromium())('the site in a browser with no network (Chromium)', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  const refusedLists: string[][] = [];
  /** Every request to another host, from any context: recorded and refused. */
  const outside = () => refusedLists.flat();
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
    browser = await launchChromium();
    context = await newContext({ width: 1280, height: 900 });
  }, 60_000);
  /** A browser context of the given viewport in which every request to another host is recorded and refused. */
  async function newContext(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
    const created = await browser.newContext({ viewport, colorScheme });
    const refused = await keepToLoopback(created);
    // Reported through the one list every test checks (a context's own list grows as its pages load).
    refusedLists.push(refused);
    created.on('page', (page) => {
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${page.url()}: ${m.text()}`));
      page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
    });
    return created;
  }
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(path: string, within: BrowserContext = context): Promise<Page> {
    const page = await within.newPage();
    const requests: string[] = [];
    redocRequests.set(page, requests);
    page.on('request', (r) => /\/assets\/redoc\.[^/]+\.js$/.test(r.url()) && requests.push(r.url()));
    const response = await page.goto(base + path);
    expect(response?.status(), path).toBe(200);
    // Rendered: Redoc's markup (its sidebar, hidden by the site's styles, lists the page's entries) and the site
    // navigation are there.
    await page.locator('#redoc .menu-content [role="listitem"]').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('#site-nav').waitFor();
    await page.waitForLoadState('networkidle');
    return page;
  }

  /** The heading nearest the top of the viewport that a reader sees (not hidden, not covered): where a link landed. */
  const headingInView = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('h1, h2')]
        .find((h) => {
          const box = h.getBoundingClientRect();
          if (!box.height || box.top <= -10 || box.top >= 300) return false;
          const top = document.elementFromPoint(box.left + Math.min(box.width / 2, 40), box.top + box.height / 2);
          return top !== null && (top === h || h.contains(top));
        })
        ?.textContent?.trim(),
    );

  it('loads the landing page and every guide and section page, with no outside request and no console error (screenshot each)', async () => {
    const home = await open('/');
    await expect(home.locator('#site-nav a[href="/legacy-options/"]').count()).resolves.toBe(1);
    await expect(home.locator('#site-nav a[href="/options/"]').count()).resolves.toBe(1);
    await home.screenshot({ path: join(shots, 'index.png') });
    await collectText(home);
    await home.close();
    for (const slug of sections) {
      // The single-page site's section URL (no trailing slash) still opens the page: the static server redirects it to
      // the folder's URL, as static hosts do, so the page's relative URLs resolve.
      const page = await open(`/${slug}`);
      expect(new URL(page.url()).pathname).toBe(`/${slug}/`);
      await expect(page.locator(`#site-nav a[href="/${slug}/"][aria-current="page"]`).count()).resolves.toBe(1);
      await page.screenshot({ path: join(shots, `${slug}.png`) });
      await collectText(page);
      await page.close();
    }
    expect(sections.length).toBeGreaterThanOrEqual(35);
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(internalText).toEqual([]);
  }, 600_000);

  it('serves /favicon.ico', async () => {
    const response = await fetch(`${base}/favicon.ico`);
    expect(response.status).toBe(200);
    // The mime database's registered type (image/vnd.microsoft.icon) or the common image/x-icon: browsers take both.
    expect(response.headers.get('content-type')).toMatch(/^image\/(?:vnd\.microsoft\.icon|x-icon)$/);
  });

  /** The requests for Redoc's runtime a page has made so far. */
  const redocRequests = new WeakMap<Page, string[]>();
  const redocRuntimeRequests = (page: Page) => redocRequests.get(page) ?? [];

  it("lands a deep link on its operation, in each family, from the new URL and from the single-page site's URL, Redoc's runtime loaded only when asked for", async () => {
    for (const op of [v1Op, legacyOp]) {
      for (const url of [pageOf(op), `/${anchorOf(op)}`]) {
        const page = await open(url);
        await page.waitForURL((u) => u.pathname === `/${slugOf(op.tags[0])}/` && u.hash === anchorOf(op));
        // The static render shows the operation, and Redoc's runtime has not been fetched for it.
        expect(await headingInView(page), url).toBe(op.summary);
        expect(redocRuntimeRequests(page), url).toEqual([]);
        // Asked for, Redoc loads and shows the operation itself: the static render is hidden (it keeps the console).
        await page.getByRole('button', { name: 'Open in the interactive reference' }).first().click();
        await page
          .locator(`[data-section-id="${anchorOf(op).slice(1)}"] h2`)
          .first()
          .waitFor();
        await page.waitForTimeout(500);
        expect(await headingInView(page), url).toBe(op.summary);
        await expect(page.locator(`[id="${anchorOf(op).slice(1)}"]`).isVisible()).resolves.toBe(false);
        await page.screenshot({ path: join(shots, `deep-link-${op.operationId}.png`) });
        await page.close();
      }
    }
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it("shows the static render of a deep-linked operation before Redoc's runtime has run", async () => {
    const page = await context.newPage();
    // Hold Redoc's runtime back: what shows is the page's own HTML and the shared stylesheets.
    await page.route('**/assets/redoc.*.js', () => new Promise(() => {}));
    // (DOMContentLoaded waits for module scripts, so wait for the markup itself.)
    await page.goto(base + pageOf(v1Op), { waitUntil: 'commit' });
    const preview = page.locator(`[id="${anchorOf(v1Op).slice(1)}"]`);
    await preview.locator('h2').waitFor({ state: 'visible', timeout: 15_000 });
    await expect(preview.locator('h2').textContent()).resolves.toBe(v1Op.summary);
    await expect(preview.isVisible()).resolves.toBe(true);
    await expect(preview.locator('pre').first().textContent()).resolves.toContain('curl');
    await page.close();
  }, 60_000);

  it('finds an operation of each family and a guide with the site search, from any page, and opens the result', async () => {
    const page = await open('/futures/');
    for (const [query, target] of [
      [legacyOp.summary, pageOf(legacyOp)],
      [v1Op.summary, pageOf(v1Op)],
      ['Rate limits', '/rate-limits/'],
    ] as const) {
      await page.locator('#site-search-input').fill(query);
      const hit = page.locator(`#site-search-results a[href="${target}"]`).first();
      await hit.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: join(shots, `search-${query.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) });
    }
    // Open the last operation hit found by its operationId: the result lands on the operation.
    await page.locator('#site-search-input').fill(v1Op.operationId);
    await page
      .locator(`#site-search-results a[href="${pageOf(v1Op)}"]`)
      .first()
      .click();
    await page.waitForURL((u) => u.hash === anchorOf(v1Op));
    // A new page opened on a deep link: the operation's static render shows it.
    await expect.poll(() => headingInView(page), { timeout: 30_000 }).toBe(v1Op.summary);
    await page.close();
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  /** The operations of a section page, in the order the page lists them. */
  const opsOf = (slug: string) => allOps.map(({ op }) => op).filter((op) => slugOf(op.tags[0]) === slug);

  /**
   * What a reader sees as navigation: the landmarks (ARIA role navigation, hidden ones excluded) and Redoc's own
   * sidebar and mobile menu button (not landmarks in Redoc 3, so looked for by name) where they show.
   */
  async function navigationsShown(page: Page) {
    const landmarks = await page.getByRole('navigation').evaluateAll((all) => all.map((e) => e.id || e.tagName));
    const redocMenus = await page.evaluate(() =>
      [...document.querySelectorAll('#redoc .menu-content, [data-component-name="Menu/Menu"], [data-testid="floating-button"]')]
        .filter((e) => {
          const box = e.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        })
        .map((e) => e.getAttribute('data-component-name') ?? e.className),
    );
    return { landmarks, redocMenus };
  }

  /** Where an operation's section starts relative to the top of the view, and its heading. */
  const sectionTop = (page: Page, anchor: string) =>
    page.evaluate((id) => {
      const section = document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
      return section && { top: section.getBoundingClientRect().top, heading: section.querySelector('h1, h2')?.textContent?.trim() };
    }, anchor.slice(1));

  it("shows one navigation on a reference page at desktop width, the site's, from which every operation of the page is reached", async () => {
    for (const slug of ['options', 'legacy-options']) {
      const ops = opsOf(slug);
      const page = await open(`/${slug}/`);
      expect(await navigationsShown(page), slug).toEqual({ landmarks: ['site-nav'], redocMenus: [] });
      // No second column: the content starts where the site navigation ends.
      const navRight = await page.locator('#site-nav').evaluate((e) => e.getBoundingClientRect().right);
      const contentLeft = await page.locator('#redoc main').evaluate((e) => e.getBoundingClientRect().left);
      expect(Math.abs(contentLeft - navRight), slug).toBeLessThanOrEqual(1);
      // The navigation lists the page's operations, in the page's order, with the anchors Redoc routes to...
      const entries = page.locator('#site-nav .site-entries a');
      expect(await entries.evaluateAll((all) => all.map((a) => a.getAttribute('href'))), slug).toEqual(ops.map(anchorOf));
      if (slug === 'options') await page.screenshot({ path: join(shots, 'one-navigation-desktop.png') });
      // ...and following each entry scrolls the page to its operation, marked as the one in view.
      for (const op of ops) {
        const entry = page.locator(`#site-nav .site-entries a[href="${anchorOf(op)}"]`);
        await entry.click();
        await page.waitForURL((u) => u.hash === anchorOf(op));
        await expect.poll(() => headingInView(page), { timeout: 15_000, message: op.operationId }).toBe(op.summary);
        await expect.poll(() => entry.getAttribute('aria-current'), { message: op.operationId }).toBe('location');
        expect(await page.locator('#site-nav .site-entries a[aria-current]').count(), op.operationId).toBe(1);
      }
      // Still one navigation once Redoc has rendered every operation.
      expect(await navigationsShown(page), slug).toEqual({ landmarks: ['site-nav'], redocMenus: [] });
      await page.close();
    }
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 300_000);

  it("lists a guide's headings in the site navigation, each entry scrolling to its heading", async () => {
    const page = await open('/errors/');
    expect(await navigationsShown(page)).toEqual({ landmarks: ['site-nav'], redocMenus: [] });
    const entries = page.locator('#site-nav .site-entries a');
    const links = await entries.evaluateAll((all) => all.map((a) => ({ href: a.getAttribute('href')!, text: a.textContent!.trim() })));
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const { href, text } of links) {
      await entries.filter({ hasText: text }).first().click();
      await page.waitForURL((u) => u.hash === href);
      // The heading is in view (the last ones of a page cannot reach its top).
      await expect
        .poll(
          async () => {
            const at = await sectionTop(page, href);
            return at && at.heading === text && at.top > -10 && at.top < 900 - 40;
          },
          { message: href },
        )
        .toBe(true);
    }
    await page.close();
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('shows one navigation at phone width: a bar whose Menu button opens the site navigation, from which an operation is reached below the bar', async () => {
    const phone = await newContext({ width: 390, height: 844 });
    const page = await open('/options/', phone);
    const toggle = page.locator('#site-nav .site-nav-toggle');
    const body = page.locator('#site-nav-body');
    expect(await navigationsShown(page)).toEqual({ landmarks: ['site-nav'], redocMenus: [] });
    await expect(toggle.isVisible()).resolves.toBe(true);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(body.isVisible()).resolves.toBe(false);
    // The content takes the whole width under the bar: no column is kept for a navigation.
    const content = await page.locator('#redoc main').evaluate((e) => e.getBoundingClientRect().toJSON());
    expect(content.left).toBeLessThanOrEqual(1);
    expect(content.width).toBeGreaterThanOrEqual(390 - 20);
    await page.screenshot({ path: join(shots, 'one-navigation-phone.png') });
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(body.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, 'one-navigation-phone-menu.png') });
    const op = opsOf('options').at(-1)!;
    await page.locator(`#site-nav .site-entries a[href="${anchorOf(op)}"]`).click();
    await page.waitForURL((u) => u.hash === anchorOf(op));
    // Following an entry folds the menu; the operation lands just below the bar that stays at the top.
    await expect(body.isVisible()).resolves.toBe(false);
    const barBottom = await page.locator('#site-nav .site-nav-bar').evaluate((e) => e.getBoundingClientRect().bottom);
    await expect
      .poll(async () => {
        const at = await sectionTop(page, anchorOf(op));
        return at && at.heading === op.summary && at.top >= barBottom - 1 && at.top < barBottom + 100;
      })
      .toBe(true);
    // Escape folds an open menu and gives the focus back to its button.
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(body.isVisible()).resolves.toBe(false);
    await expect(toggle.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    await phone.close();
    expect(outside()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('has no serious or critical accessibility violation (axe-core) in the light and the dark scheme on the landing page, a guide, a section of each family, a deep link and search results', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const within = await newContext({ width: 1280, height: 900 }, colorScheme);
      for (const path of ['/', '/quick-start/', '/legacy-options/', '/options/', pageOf(v1Op), '/?search']) {
        const page = await open(path.replace('?search', ''), within);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${colorScheme} ${path}`).toBe(colorScheme === 'dark');
        if (path.endsWith('?search')) {
          await page.locator('#site-search-input').fill('funding');
          await page.locator('#site-search-results a').first().waitFor();
        }
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
        found.push(...violations.map((v) => `${colorScheme} ${path}: ${v}`));
        await page.close();
      }
      await within.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
