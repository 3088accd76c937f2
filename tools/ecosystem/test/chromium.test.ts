// The shared browser launcher (@laevitas-api/runtimes) that the docs' browser tests, the testing kit's consumer
// test and the ecosystem's Chromium smoke use: a missing binary is a clear error naming the path and the fix, and a
// context kept to loopback lets local requests through while refusing, and listing, everything else.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumMissing, hasChromium, keepToLoopback, launchChromium, staysLocal } from '@laevitas-api/runtimes';

const NOWHERE = '/nonexistent/chromium-for-the-test';

describe('launchChromium without a browser', () => {
  it('chromiumMissing names the path and the fix, and hasChromium agrees', () => {
    const reason = chromiumMissing(NOWHERE);
    expect(reason).toContain(NOWHERE);
    expect(reason).toContain('apt-get install -y chromium');
    expect(reason).toContain('CHROMIUM_PATH');
    expect(hasChromium(NOWHERE)).toBe(false);
  });

  it('refuses to launch with that reason (no download hint from playwright)', async () => {
    await expect(launchChromium({ executablePath: NOWHERE })).rejects.toThrow(`launchChromium: no Chromium at ${NOWHERE}`);
  });
});

describe('staysLocal: what a kept context lets through', () => {
  it.each([
    ['http://127.0.0.1:4010/api/v1/options/ohlcvt', true],
    ['ws://127.0.0.1:4010/ws', true],
    ['https://localhost/stream.html', true],
    ['http://[::1]:8080/', true],
    ['data:image/png;base64,AAAA', true],
    ['blob:http://127.0.0.1:8080/0c4d2f', true],
    ['https://api.laevitas.ch/analytics/options/oi_expiry/BTC', false],
    ['http://127.0.0.1.example.com/', false],
    ['https://fonts.googleapis.com/css?family=Roboto', false],
    ['file:///etc/passwd', false],
  ])('%s → %s', (url, local) => {
    expect(staysLocal(url)).toBe(local);
  });
});

describe.runIf(hasChromium())('launchChromium and keepToLoopback in Debian Chromium', () => {
  let server: Server;
  let origin: string;
  const served: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/local.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><title>kept</title><img src="https://example.com/pixel.png"><script>' +
            "globalThis.done = Promise.all([fetch('/local.json').then((r) => r.json()), fetch('https://api.laevitas.ch/x').then(() => 'reached', () => 'refused')]);" +
            '</script>',
        );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('runs the shared flags, lets the page reach its own origin, and refuses and lists every outside request', async () => {
    expect(CHROMIUM_FLAGS).toContain('--disable-background-networking');
    const browser = await launchChromium();
    try {
      expect(browser.version()).toMatch(/^\d+\./);
      const context = await browser.newContext();
      const refused = await keepToLoopback(context);
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      expect(await page.evaluate('globalThis.done')).toEqual([{ ok: true }, 'refused']);
      expect(served).toContain('/local.json');
      expect(refused).toEqual(expect.arrayContaining(['https://example.com/pixel.png', 'https://api.laevitas.ch/x']));
      expect(refused.every((url) => !staysLocal(url))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
