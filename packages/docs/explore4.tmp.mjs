import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const html = readFileSync('/tmp/docsx/out/index.html');
const server = createServer((req, res) => { res.writeHead(200, {'content-type':'text/html'}); res.end(html); });
await new Promise(r => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const u of ['#/payments', 'payments', '#/options']) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url + u); await page.waitForTimeout(3000);
  console.log(u, page.url(), await page.evaluate(() => window.scrollY), await page.evaluate(() => { const h=[...document.querySelectorAll('h1,h2')].find(e=>{const r=e.getBoundingClientRect(); return r.top>=-5 && r.top<400}); return h?.textContent; }));
  await page.close();
}
await browser.close(); server.close();
