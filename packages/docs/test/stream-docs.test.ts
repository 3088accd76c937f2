// The streaming reference: dist/stream.html is the AsyncAPI contract rendered by Redoc, self-contained like the REST
// page, and in a browser with no network it shows the gateway and all seven channel families.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { serveDocs } from '../scripts/serve.mjs';
import { hasChromium, keepToLoopback, launchChromium } from '@laevitas-api/runtimes';

const html = readFileSync(new URL('../dist/stream.html', import.meta.url), 'utf8');
const CHANNELS = ['Live trades', 'OHLC ticker', 'OHLC volume', 'Liquidations', 'Order book', 'Open interest', 'Funding rate'];

describe('the built streaming page', () => {
  it('loads no remote script, stylesheet or image', () => {
    const remote = [...html.matchAll(/<(script|link|img)\b[^>]*(src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(remote).toEqual([]);
  });
  it('carries the whole AsyncAPI contract', () => {
    expect(html).toContain('Laevitas streaming reference');
    for (const text of [
      'trades.{market}.{exchange}.{instrument}',
      'ohlc.vt.{market}.{exchange}.{instrument}.{tf}',
      'funding-rate.{market}.{exchange}.{instrument}',
      'x-close-codes',
      'BULL_DIAGONAL_SPREAD',
    ]) {
      expect(html).toContain(text);
    }
  });
});

describe.runIf(hasChromium())('the streaming page in a browser with no network (Chromium)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = await serveDocs(0);
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream.html`;
  });
  afterAll(() => server?.close());

  it('renders the gateway and every channel family, making no outside request', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const outside = await keepToLoopback(context);
      const page = await context.newPage();
      await page.goto(url);
      await page.getByText('Laevitas Streaming Gateway 1.33.0').first().waitFor({ timeout: 30_000 });
      for (const name of CHANNELS) await expect(page.getByText(name, { exact: true }).first().isVisible()).resolves.toBe(true);
      await page.getByText('Subscribe request', { exact: true }).first().waitFor({ timeout: 15_000 });
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
