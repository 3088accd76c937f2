// The hosted reference: a self-contained page that renders every family with no network. The static checks run
// everywhere; the browser checks run where Debian's Chromium is installed (CI installs it) and fail on any request
// that leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
// @ts-expect-error plain ESM module
import { serveDocs } from '../scripts/serve.mjs';

const html = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('the built page', () => {
  it('loads no remote script, stylesheet or image', () => {
    const remote = [...html.matchAll(/<(script|link|img)\b[^>]*(src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(remote).toEqual([]);
  });
  it('is built with telemetry off and carries the whole contract', () => {
    expect(html).toContain('Laevitas API reference');
    for (const text of ['getOptionsOhlcvt', 'getLegacyHistoricalPerpetualDerivativesData', 'postVolSurfaceRiskLadder', 'x-unpublished-shape']) expect(html).toContain(text);
  });
});

describe.runIf(existsSync(CHROMIUM))('in a browser with no network (Chromium)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = await serveDocs(0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => server?.close());

  it('renders both families, opens an operation and finds one by search, making no outside request', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const outside: string[] = [];
    try {
      const context = await browser.newContext();
      await context.route('**/*', (route) => {
        const target = new URL(route.request().url());
        if (['127.0.0.1', 'localhost'].includes(target.hostname) || target.protocol === 'data:' || target.protocol === 'blob:') return route.continue();
        outside.push(route.request().url());
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByText('Legacy derivs', { exact: true }).first().waitFor({ timeout: 30_000 });
      await expect(page.getByText('Dealer GEX', { exact: true }).first().isVisible()).resolves.toBe(true);
      await page.getByText('Options', { exact: true }).first().click();
      await page.getByText('Options OHLC with trade statistics', { exact: true }).first().waitFor({ timeout: 15_000 });
      await page.getByText('Search').first().click();
      await page.locator('input[placeholder*="earch" i]').first().fill('risk ladder');
      await page.getByText('Portfolio risk ladder (spot by parallel vol)').first().waitFor({ timeout: 15_000 });
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
