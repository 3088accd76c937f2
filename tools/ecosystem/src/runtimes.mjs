// The runtimes the smoke runs on, each from the npm registry (installed once into the cache, then reused), and how
// each runs the smoke in its clean project:
//   node-*    the `node` package's binaries (the Node matrix's cache), running smoke/node-main.mjs
//   bun       @oven/bun-linux-x64 (the binary the `bun` package installs), `bun smoke/node-main.mjs`
//   deno      @deno/linux-x64-glibc (the binary the `deno` package installs), `deno run` with the project's node_modules
//   workerd   miniflare (with its workerd binary), the smoke bundled as a module worker
//   chromium  Debian's /usr/bin/chromium through playwright-core, the smoke bundled for a page on another origin
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, NODE_VERSIONS, chromiumMissing, keepToLoopback, launchChromium, nodeBinary, nodeBinaryPath } from '@laevitas-api/runtimes';
import { CACHE, cachedInstall } from './cache.mjs';
import { bundle } from './bundle.mjs';

/** Exact versions, so a run is reproducible; raise them deliberately (`npm view <name> version`). */
export const VERSIONS = { bun: '1.4.5', deno: '2.9.6', miniflare: '4.20260730.0' };
/** A workerd compatibility date the pinned miniflare's workerd supports (it refuses dates after its own). */
const COMPATIBILITY_DATE = '2026-07-01';

/**
 * @typedef {{baseUrl: string, v2BaseUrl: string, streamUrl: string}} Target
 * @typedef {{checks: {name: string, ok: boolean, detail: string}[]}} SmokeResult
 * @typedef {{id: string, label: string, available?: () => string | undefined,
 *   prepare: () => Promise<{version: string, installedSeconds?: number}>,
 *   run: (projectDir: string, target: Target) => Promise<SmokeResult>}} Runtime
 */

const platformPackage = (/** @type {string} */ scope, /** @type {Record<string, string>} */ names) => {
  const name = names[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`${scope}: no binary package for ${process.platform}-${process.arch} (known: ${Object.keys(names).join(', ')})`);
  return name;
};

/**
 * Runs a command in the project and reads the smoke's JSON line from its stdout.
 * @param {string} command  @param {string[]} args  @param {string} cwd  @param {Record<string, string>} env  @param {number} timeoutMs
 * @returns {Promise<SmokeResult>}
 */
function runProcess(command, args, cwd, env, timeoutMs = 180_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{"checks"'));
      if (line) return resolve(JSON.parse(line));
      reject(
        new Error(
          `${command} exited ${signal ?? code} without a result${signal === 'SIGKILL' ? ` (killed after ${timeoutMs / 1000} s)` : ''}:\n${(stderr || stdout).slice(-2000)}`,
        ),
      );
    });
  });
}

/** @param {string} target */
const smokeEnv = (/** @type {Target} */ target) => ({ SMOKE_BASE_URL: target.baseUrl, SMOKE_STREAM_URL: target.streamUrl });

/** @param {string} major  @returns {Runtime} */
function nodeRuntime(major) {
  const version = NODE_VERSIONS[major];
  if (!version) throw new Error(`no pinned version for Node ${major}`);
  // The machine's own Node when it is that major (CI runs `pnpm test` on it), else the matrix's binary.
  const own = process.versions.node.split('.')[0] === major;
  return {
    id: `node-${major}`,
    label: `Node ${major}`,
    prepare: async () => {
      if (own) return { version: process.versions.node };
      if (existsSync(nodeBinaryPath(version))) return { version };
      const started = Date.now();
      nodeBinary(version);
      return { version, installedSeconds: (Date.now() - started) / 1000 };
    },
    run: (dir, target) => runProcess(own ? process.execPath : nodeBinary(version), ['smoke/node-main.mjs'], dir, smokeEnv(target)),
  };
}

/** @type {Runtime} */
const bun = (() => {
  const pkg = () =>
    platformPackage('bun', { 'linux-x64': '@oven/bun-linux-x64', 'linux-arm64': '@oven/bun-linux-aarch64', 'darwin-arm64': '@oven/bun-darwin-aarch64' });
  const bin = () => join(cachedInstall(`bun-${VERSIONS.bun}`, [`${pkg()}@${VERSIONS.bun}`]).dir, 'node_modules', pkg(), 'bin/bun');
  return {
    id: 'bun',
    label: 'Bun',
    prepare: async () => {
      const { installedSeconds } = cachedInstall(`bun-${VERSIONS.bun}`, [`${pkg()}@${VERSIONS.bun}`]);
      return { version: VERSIONS.bun, ...(installedSeconds === undefined ? {} : { installedSeconds }) };
    },
    run: (dir, target) => runProcess(bin(), ['smoke/node-main.mjs'], dir, { ...smokeEnv(target), BUN_INSTALL_CACHE_DIR: join(CACHE, 'bun-cache') }),
  };
})();

/** @type {Runtime} */
const deno = (() => {
  const pkg = () =>
    platformPackage('deno', { 'linux-x64': '@deno/linux-x64-glibc', 'linux-arm64': '@deno/linux-arm64-glibc', 'darwin-arm64': '@deno/darwin-arm64' });
  const install = () => cachedInstall(`deno-${VERSIONS.deno}`, [`${pkg()}@${VERSIONS.deno}`]);
  return {
    id: 'deno',
    label: 'Deno',
    prepare: async () => {
      const { installedSeconds } = install();
      return { version: VERSIONS.deno, ...(installedSeconds === undefined ? {} : { installedSeconds }) };
    },
    // --node-modules-dir=manual: the project's node_modules as npm installed it from the tarballs; Deno fetches nothing.
    run: (dir, target) =>
      runProcess(
        join(install().dir, 'node_modules', pkg(), 'deno'),
        ['run', '--allow-all', '--no-prompt', '--node-modules-dir=manual', 'smoke/node-main.mjs'],
        dir,
        {
          ...smokeEnv(target),
          DENO_DIR: join(CACHE, 'deno-dir'),
          DENO_NO_UPDATE_CHECK: '1',
          DENO_NO_PROMPT: '1',
        },
      ),
  };
})();

/** @type {Runtime} */
const workerd = (() => {
  const install = () => cachedInstall(`miniflare-${VERSIONS.miniflare}`, [`miniflare@${VERSIONS.miniflare}`]);
  return {
    id: 'workerd',
    label: 'workerd',
    prepare: async () => {
      const { installedSeconds } = install();
      return { version: `miniflare ${VERSIONS.miniflare}`, ...(installedSeconds === undefined ? {} : { installedSeconds }) };
    },
    run: async (dir, target) => {
      const { code } = await bundle(dir, 'worker.mjs', 'workerd');
      const entry = createRequire(join(install().dir, 'package.json')).resolve('miniflare');
      const { Miniflare } = await import(pathToFileURL(entry).href);
      const mf = new Miniflare({ modules: true, script: code, compatibilityDate: COMPATIBILITY_DATE, compatibilityFlags: [] });
      try {
        const response = await mf.dispatchFetch(`http://smoke.local/?target=${encodeURIComponent(JSON.stringify(target))}`);
        const text = await response.text();
        if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text.slice(0, 2000)}`);
        return JSON.parse(text);
      } finally {
        await mf.dispose();
      }
    },
  };
})();

/** @type {Runtime} */
const chromium = {
  id: 'chromium',
  label: 'Chromium',
  available: () => chromiumMissing(),
  prepare: async () => {
    const { execFileSync } = await import('node:child_process');
    const reported = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return { version: /\d+(\.\d+)+/.exec(reported)?.[0] ?? reported.trim() };
  },
  run: async (dir, target) => {
    const { code } = await bundle(dir, 'browser.mjs', 'browser');
    // The page's own origin: another port than the mock, so the browser enforces CORS on every call.
    const page = createServer((req, res) => {
      if (req.url === '/smoke.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>smoke</title><script type="module" src="/smoke.js"></script>');
    });
    await /** @type {Promise<void>} */ (new Promise((resolve) => page.listen(0, '127.0.0.1', resolve)));
    const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (page.address()).port}`;
    const browser = await launchChromium();
    /** @type {string[]} */
    const problems = [];
    try {
      const context = await browser.newContext();
      // Only loopback: nothing leaves the machine (a refused request is named in the result).
      const refused = await keepToLoopback(context);
      const tab = await context.newPage();
      tab.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      tab.on('pageerror', (e) => problems.push(String(e)));
      await tab.goto(`${origin}/`);
      await tab.waitForFunction(() => typeof (/** @type {any} */ (globalThis).runSmoke) === 'function', undefined, { timeout: 30_000 });
      /** @type {SmokeResult} */
      const result = await tab.evaluate((t) => /** @type {any} */ (globalThis).runSmoke(t), target);
      // A CORS refusal shows up as a console error in the page as well as a failed check; name it.
      const cors = problems.filter((p) => /CORS|Access-Control/i.test(p));
      result.checks.push({ name: 'cors', ok: cors.length === 0, detail: cors[0] !== undefined ? cors[0].slice(0, 300) : `page on ${origin}, no CORS error` });
      result.checks.push({
        name: 'offline',
        ok: refused.length === 0,
        detail: refused.length ? `refused: ${refused.slice(0, 3).join(', ')}` : 'no request left the machine',
      });
      return result;
    } finally {
      await browser.close();
      page.close();
    }
  },
};

/** Every runtime, in the order they run (sequentially: the machine has 2 cores). */
export const RUNTIMES = [...Object.keys(NODE_VERSIONS).map(nodeRuntime), bun, deno, workerd, chromium];
