// Builds the deploy-ready site in dist/: the reference with its guides (index.html), the streaming reference from the
// AsyncAPI contract (stream.html), both self-contained: `--inlineBundle`
// puts Redoc's script in the page so it renders with no network, telemetry off), a favicon, and one small page per
// sidebar section so that a section link opened in a new tab works on any static host.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideTags } from './guides.mjs';
import { faviconIco } from './favicon.mjs';
import { sectionSlugs, sectionRedirectPage } from './deep-links.mjs';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..');
const root = join(pkg, '../..');
const dist = join(pkg, 'dist');
const started = performance.now();

// The build input: the generated reference input (code samples, notes) plus the guides.
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const spec = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
const { tags, group } = guideTags({ spec, docs, guidesDir: join(pkg, 'guides'), root });
docs.tags = [...tags, ...(docs.tags ?? [])];
docs['x-tagGroups'] = [group, ...(docs['x-tagGroups'] ?? [])];
const input = join(pkg, '.tmp/openapi.site.json');
mkdirSync(dirname(input), { recursive: true });
writeFileSync(input, JSON.stringify(docs));

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const out = join(dist, 'index.html');
execFileSync(
  process.execPath,
  [
    require.resolve('@redocly/cli/bin/cli.js'),
    'build-docs',
    input,
    '--config',
    join(root, 'spec/redocly.yaml'),
    '--inlineBundle',
    '-o',
    out,
    '--title',
    'Laevitas API reference',
  ],
  { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
);

// The inlined Redoc links its attribution logo from a CDN; an inline SVG with the same word takes its place, so the
// page makes no outside request and the "API docs by" badge is not left empty.
const logo =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='52' height='14' viewBox='0 0 52 14'%3E%3Ctext x='0' y='11' font-family='sans-serif' font-size='11' font-weight='700' fill='%23333'%3ERedocly%3C/text%3E%3C/svg%3E";
let html = readFileSync(out, 'utf8').replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, logo);
const css = readFileSync(join(here, 'site.css'), 'utf8');
html = html.replace('<head>', `<head>\n<link rel="icon" href="/favicon.ico" sizes="16x16">\n<style>\n${css}</style>`);
writeFileSync(out, html);
writeFileSync(join(dist, 'favicon.ico'), faviconIco());

const slugs = sectionSlugs(html);
for (const slug of slugs) {
  mkdirSync(join(dist, slug), { recursive: true });
  writeFileSync(join(dist, slug, 'index.html'), sectionRedirectPage(slug));
}

// The streaming reference: the AsyncAPI contract of the WebSocket gateway, rendered by the same Redoc (it renders
// AsyncAPI 3), self-contained and with the same offline badge and favicon.
const streamOut = join(dist, 'stream.html');
execFileSync(
  process.execPath,
  [
    require.resolve('@redocly/cli/bin/cli.js'),
    'build-docs',
    'spec/dist/asyncapi.yaml',
    '--config',
    join(root, 'spec/redocly.yaml'),
    '--inlineBundle',
    '-o',
    streamOut,
    '--title',
    'Laevitas streaming reference',
  ],
  { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
);
const streamHtml = readFileSync(streamOut, 'utf8')
  .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, logo)
  .replace('<head>', `<head>\n<link rel="icon" href="/favicon.ico" sizes="16x16">\n<style>\n${css}</style>`);
writeFileSync(streamOut, streamHtml);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`docs: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB), ${slugs.length} section links, ${seconds} s`);
