// Chromium for every check that needs a real browser: Debian's `chromium` package (/usr/bin/chromium; CHROMIUM_PATH
// moves it) driven by playwright-core with `executablePath`, so nothing ever downloads a browser. The path, the flags
// and the loopback-only routing live here once, for the docs' browser tests (packages/docs/test), the testing kit's
// consumer test (packages/testing/test) and the ecosystem smoke (tools/ecosystem). It imports nothing of the workspace,
// and playwright-core (a root devDependency) only when a browser is launched.
import { accessSync, constants } from 'node:fs';

/** Where the browser is: Debian's package, unless CHROMIUM_PATH names another Chromium binary. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless, runnable as root in a container, and nothing that reaches out on its own (component updates, sync,
 * background fetches, the first-run pages): a run stays on this machine.
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);

/**
 * Why Chromium cannot run here (the path and the fix), or undefined when it can.
 * @param {string} [path]
 * @returns {string | undefined}
 */
export function chromiumMissing(path = CHROMIUM) {
  try {
    accessSync(path, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${path} (install Debian's package: apt-get install -y chromium, or set CHROMIUM_PATH to a Chromium binary; nothing downloads a browser)`;
  }
}

/** Whether Chromium can run here (for `describe.runIf`).  @param {string} [path] */
export const hasChromium = (path = CHROMIUM) => chromiumMissing(path) === undefined;

/**
 * Chromium through playwright-core with the shared flags (`args` are added after them). Throws, naming the path and
 * the fix, when the binary is missing, instead of playwright's hint to download a browser.
 * @param {{executablePath?: string, args?: readonly string[]}} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium({ executablePath = CHROMIUM, args = [] } = {}) {
  const missing = chromiumMissing(executablePath);
  if (missing !== undefined) throw new Error(`launchChromium: ${missing}`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...args] });
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);

/**
 * Whether a request stays on this machine: http(s)/ws(s) to a loopback host, or a data:/blob: URL.
 * @param {string} url
 */
export function staysLocal(url) {
  const target = new URL(url);
  if (target.protocol === 'data:' || target.protocol === 'blob:') return true;
  return NETWORK_PROTOCOLS.has(target.protocol) && LOOPBACK_HOSTS.has(target.hostname);
}

/**
 * Lets a browser context reach only this machine: every other request is aborted and its URL recorded, so a test can
 * assert that nothing tried to leave (`expect(refused).toEqual([])`).
 * @param {import('playwright-core').BrowserContext} context
 * @returns {Promise<string[]>} the refused URLs, filled in as pages run
 */
export async function keepToLoopback(context) {
  /** @type {string[]} */
  const refused = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (staysLocal(url)) return route.continue();
    refused.push(url);
    return route.abort();
  });
  return refused;
}
