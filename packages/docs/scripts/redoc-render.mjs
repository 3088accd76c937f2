// Renders OpenAPI documents with Redocly's `build-docs` (Redoc 3, server-side rendered) and takes the result apart into
// what a page needs of its own (the prerendered markup and its definition) and what every page shares (Redoc's
// runtime, its styles), so the runtime and styles are loaded once from cacheable files instead of once per page.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const cli = require.resolve('@redocly/cli/bin/cli.js');
const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));

/**
 * One self-contained page by Redocly's `build-docs --inlineBundle` (Redoc's runtime inlined: the single-page site
 * and the streaming reference). Its output is its own; the CLI's progress lines are not shown.
 * @param {{ input: string, out: string, title: string, cwd: string }} page
 */
export function buildInlinePage({ input, out, title, cwd }) {
  execFileSync(process.execPath, [cli, 'build-docs', input, '--config', join(cwd, 'spec/redocly.yaml'), '--inlineBundle', '-o', out, '--title', title], {
    cwd,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * @typedef {{ input: string, output: string, title: string }} RedocJob one page: its document, its HTML and its title
 * @typedef {{ css: string, markup: string, script: string }} RedocPage what splitRedocPage takes out of a rendered page
 */

/** Redoc's browser runtime, the ES module build-docs would inline (it exports `hydrate`). */
export function redocRuntime() {
  const source = readFileSync(join(cli, '../../lib/chunks/redoc.standalone.js'), 'utf8');
  if (!/export\{[^}]*\bhydrate\b[^}]*\}/.test(source.slice(-400))) throw new Error('docs: the Redoc runtime no longer exports `hydrate`');
  return withLocalLogo(source);
}

// Redoc links its "API docs by" attribution logo from a CDN; an inline SVG with the same word takes its place, so no
// page makes an outside request and the badge is not left empty.
const LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='52' height='14' viewBox='0 0 52 14'%3E%3Ctext x='0' y='11' font-family='sans-serif' font-size='11' font-weight='700' fill='%23333'%3ERedocly%3C/text%3E%3C/svg%3E";
export const withLocalLogo = (/** @type {string} */ text) => text.replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, LOGO);

/**
 * Runs build-docs on each input file and returns the parts of each page. The pages are split between two worker
 * processes (the machine has two cores), each rendering its share in one process (redoc-worker.mjs); when the CLI's
 * internals are not where the worker expects them, each page is rendered by its own `redocly build-docs` process
 * instead (same output, slower). Without `--inlineBundle` a page imports Redoc from a CDN: that import is the one
 * thing replaced (by the shared local file), and a page still naming any outside host fails the build.
 */
/**
 * @param {RedocJob[]} inputs @param {{ config: string, cwd: string, workers?: number | undefined }} options
 * @returns {Promise<RedocPage[]>}
 */
export async function renderRedocPages(inputs, { config, cwd, workers = 2 }) {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const shares = Array.from({ length: workers }, (_, w) => inputs.filter((_, i) => i % workers === w)).filter((s) => s.length);
  try {
    await Promise.all(
      shares.map((share, w) => {
        const first = /** @type {RedocJob} the empty shares were filtered out */ (share[0]);
        const jobs = join(dirname(first.output), `jobs-${w}.json`);
        writeFileSync(jobs, JSON.stringify(share));
        return run(process.execPath, [join(here, 'redoc-worker.mjs'), jobs, config], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
      }),
    );
  } catch (caught) {
    if (!(caught instanceof Error)) throw caught;
    const error = /** @type {Error & { code?: unknown, stderr?: string }} execFile's rejection: exit code and output */ (caught);
    if (error.code !== 3) throw new Error(`docs: build-docs failed: ${error.stderr || error.message}`);
    // Loud: the build goes on through the public CLI, one process per page (slower), until the worker is updated.
    process.stderr.write(`docs: WARNING ${String(error.stderr).trim()}\ndocs: rendering each page with its own \`redocly build-docs\` process\n`);
    for (const { input, output, title } of inputs) {
      await run(process.execPath, [cli, 'build-docs', input, '--config', config, '-o', output, '--title', title], { cwd, env, maxBuffer: 16 * 1024 * 1024 });
    }
  }
  return inputs.map(({ output }) => splitRedocPage(readFileSync(output, 'utf8'), output));
}

/** The parts of one build-docs page: styled-components CSS, the prerendered `#redoc` markup and the hydrate script. */
/** @param {string} html @param {string} [name] @returns {RedocPage} */
export function splitRedocPage(html, name = 'page') {
  const style = html.match(/<style data-styled="true"[^>]*>([\s\S]*?)<\/style>/);
  const body = html.match(/(<div id="redoc">[\s\S]*?)<script type="module">([\s\S]*?)<\/script>\s*<\/body>/);
  if (!style || !body) throw new Error(`docs: ${name} is not laid out as build-docs pages were (styles, #redoc, module script)`);
  // Each group of the two patterns takes part in every match.
  const [css, markupHtml, moduleScript] = /** @type {[string, string, string]} */ ([style[1], body[1], body[2]]);
  const script = withLocalLogo(moduleScript)
    .replace(/import \{ hydrate \} from "https:\/\/cdn\.redocly\.com\/[^"]+";/, '')
    .trim();
  if (!script.startsWith('const __redoc_definition')) throw new Error(`docs: ${name}: unexpected hydrate script`);
  const markup = withLocalLogo(markupHtml.trim());
  const outside = [...`${markup}\n${script}`.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"/g)]
    .map((m) => /** @type {string} the pattern's one group */ (m[1]))
    .filter((u) => !/^https:\/\/(redocly\.com|github\.com)/.test(u));
  if (outside.length) throw new Error(`docs: ${name} loads from another host: ${outside.join(', ')}`);
  return { css, markup, script };
}

/** One stylesheet for every page: the union of the pages' styled-components rules, each once, in first-seen order. */
/** @param {string[]} cssList */
export function sharedStyles(cssList) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {string[]} */
  const rules = [];
  for (const css of cssList) {
    for (const rule of css.split('/*!sc*/')) {
      const r = rule.trim();
      // Each page's own registry of rendered component ids is no style; dropping it keeps the file page-independent.
      if (!r || r.startsWith('data-styled.g') || seen.has(r)) continue;
      seen.add(r);
      rules.push(r);
    }
  }
  return rules.join('\n');
}
