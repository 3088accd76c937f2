// The site's palette (scripts/site.css) defines each colour once, its light and dark values together, and the scheme
// picks between them: the reader's toggle (html.dark, html.light) wins over the system's preference, which decides
// when no script has run (no class). Checked in Chromium (skipped without it) on the stylesheet alone, with the
// computed colours of every case, so a palette that resolved differently from the one it replaced would fail here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { hasChromium, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';

const css = readFileSync(new URL('../scripts/site.css', import.meta.url), 'utf8');
const LIGHT = { bg: 'rgb(255, 255, 255)', panel: 'rgb(247, 248, 250)', link: 'rgb(26, 95, 208)', head: 'rgb(91, 33, 182)', scheme: 'light' };
const DARK = { bg: 'rgb(17, 19, 24)', panel: 'rgb(24, 27, 33)', link: 'rgb(143, 184, 255)', head: 'rgb(201, 168, 255)', scheme: 'dark' };

describe.runIf(hasChromium())('the site palette in light and dark (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => browser?.close());

  /** The colours a probe styled with the palette's variables computes to, under the system scheme and html's class. */
  async function paletteOf(system: 'light' | 'dark', htmlClass: string) {
    const context = await browser.newContext({ colorScheme: system });
    await keepToLoopback(context);
    try {
      const page = await context.newPage();
      await page.setContent(
        `<!doctype html><html class="${htmlClass}"><head><style>${css}</style></head><body>` +
          `<div id="probe" style="background: var(--site-bg); border-top: 1px solid var(--site-panel); color: var(--site-link); outline: 1px solid var(--site-head)"></div></body></html>`,
      );
      return await page.evaluate(() => {
        const style = getComputedStyle(document.getElementById('probe')!);
        return {
          bg: style.backgroundColor,
          panel: style.borderTopColor,
          link: style.color,
          head: style.outlineColor,
          scheme: getComputedStyle(document.documentElement).colorScheme,
        };
      });
    } finally {
      await context.close();
    }
  }

  it.each([
    ['light', '', 'light', LIGHT],
    ['dark', '', 'dark', DARK],
    ['light', 'dark', 'dark', DARK],
    ['dark', 'light', 'light', LIGHT],
    ['dark', 'dark', 'dark', DARK],
    ['light', 'light', 'light', LIGHT],
  ] as const)('system %s, html class "%s": the %s palette', async (system, htmlClass, _name, expected) => {
    const { scheme, ...colours } = await paletteOf(system, htmlClass);
    const { scheme: expectedScheme, ...expectedColours } = expected;
    expect(colours).toEqual(expectedColours);
    // No class on a light system leaves the scheme to the system ('light dark'); every other case names one.
    expect(scheme.split(' ')).toContain(expectedScheme);
  });
});
