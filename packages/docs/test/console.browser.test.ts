// The "Try it" console in a real browser (Debian's Chromium through playwright-core, skipped where it is absent)
// against the contract's mock started in this process on a free port, in the light and the dark scheme: the form is
// built from the schema (value sets as choices, required marked, defaults filled), a 200, a 400, a 402 and a 429 come
// back with status, headers, body and the same call as curl and TypeScript; the key goes only to the mock and is
// never shown; every request to another host is refused (and none is tried); axe-core finds no serious violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { serveDocs } from '../scripts/serve.mjs';
import { hasChromium, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';
import { startMock } from '@laevitas-api/contract/mock';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const KEY = 'reader-typed-key-123';

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe.runIf(hasChromium())('the Try it console against the mock (Chromium, loopback only)', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  let mock: Awaited<ReturnType<typeof startMock>>;

  beforeAll(async () => {
    [server, mock, browser] = await Promise.all([serveDocs(0), startMock({ port: 0 }), launchChromium()]);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    await mock?.stop();
  });

  it.each(['light', 'dark'] as const)('sends a 200, a 400, a 402 and a 429 from a deep link (%s scheme)', { timeout: 120_000 }, async (colorScheme) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
    const refused = await keepToLoopback(context);
    const keyCarriers: string[] = [];
    context.on('request', (r) => {
      if (Object.values(r.headers()).includes(KEY)) keyCarriers.push(new URL(r.url()).origin);
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/options/#/options/getoptionsohlcvt`);
    const op = page.locator('[id="/options/getoptionsohlcvt"]');
    await op.locator('.op-console > summary').click();
    const form = op.locator('form.console-form');

    // Built from the schema: the value set is a list of choices with the default chosen, required fields marked.
    expect(await form.locator('select[name="resolution"] option').allTextContents()).toEqual(['(not sent)', '1m', '5m', '15m', '1h', '4h', '1d']);
    expect(await form.locator('select[name="resolution"]').inputValue()).toBe('1m');
    expect(await form.locator('input[name="limit"]').inputValue()).toBe('100');
    expect(await form.locator('input[name="__mock"]').inputValue()).toBe('http://127.0.0.1:4010');
    expect(await form.locator('input[name="__key"]').getAttribute('type')).toBe('password');

    await form.locator('input[name="__mock"]').fill(mock.url);
    await form.locator('input[name="instrument_name"]').fill('BTC-26MAR27-100000-C');
    await form.locator('select[name="exchange"]').selectOption('deribit');
    const result = op.locator('.console-result');
    const send = async (status: number) => {
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => result.locator('.console-status').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^${status}\\b`));
      return {
        headers: await result.locator('.console-headers').textContent(),
        body: await result.locator('.console-body').textContent(),
        curl: await result.locator('.console-curl').textContent(),
        typescript: await result.locator('.console-typescript').textContent(),
      };
    };

    await form.locator('input[name="__key"]').fill(KEY);
    const ok = await send(200);
    expect(JSON.parse(ok.body!).data.length).toBeGreaterThan(0);
    expect(ok.headers).toMatch(/content-type: application\/json/);
    expect(ok.curl).toContain(`curl -X GET '${mock.url}/api/v1/options/ohlcvt?`);
    expect(ok.curl).toContain('-H "X-API-Key: $LAEVITAS_API_KEY"');
    expect(ok.typescript).toContain(`createClient({ apiKey: process.env.LAEVITAS_API_KEY, v2BaseUrl: "${mock.url}" })`);
    expect(ok.typescript).toContain('client.getOptionsOhlcvt({');
    expect(ok.typescript).toContain('"limit": 100');
    for (const text of Object.values(ok)) expect(text).not.toContain(KEY);

    await form.locator('input[name="limit"]').fill('5000');
    expect(JSON.parse((await send(400)).body!).message).toContain('limit must not be greater than 1000');
    await form.locator('input[name="limit"]').fill('100');

    await form.locator('input[name="__key"]').fill('');
    const unpaid = await send(402);
    expect(unpaid.headers).toMatch(/payment-required: /);

    await form.locator('input[name="__key"]').fill(KEY);
    await form.locator('select[name="__prefer"]').selectOption('429');
    const limited = await send(429);
    expect(limited.headers).toMatch(/retry-after: \d+/);
    expect(limited.typescript).toContain("{ headers: { Prefer: 'code=429' } }");

    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
    expect(await axeViolations(page)).toEqual([]);
    // The key went to the mock and nowhere else; nothing tried to leave the machine; nothing kept the key.
    expect([...new Set(keyCarriers)]).toEqual([new URL(mock.url).origin]);
    expect(refused).toEqual([]);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain(KEY);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the console of the operation in view from Redoc's page, and the dark-mode toggle switches the scheme", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const refused = await keepToLoopback(context);
    const page = await context.newPage();
    await page.goto(`${base}/options/`);
    const launcher = page.getByRole('button', { name: 'Try it' });
    await launcher.waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('#site-nav .site-entries a[href$="/getoptionsohlcvt"]').click();
    await page.waitForTimeout(800);
    await launcher.click();
    const op = page.locator('[id="/options/getoptionsohlcvt"]');
    await expect.poll(() => op.isVisible()).toBe(true);
    expect(await op.locator('details.op-console').getAttribute('open')).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => op.isVisible()).toBe(false);

    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.className)).toMatch(/\bdark\b/);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // Remembered on this device for the next page (a colour choice, not a secret).
    await page.goto(`${base}/quick-start/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });
});
