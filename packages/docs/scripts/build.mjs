// Builds dist/index.html from the bundled OpenAPI spec and dist/stream.html from the bundled AsyncAPI spec of the
// streaming gateway (Redoc renders AsyncAPI 3 too). `--inlineBundle` puts Redoc's script in the page so it renders with no
// network, and telemetry is off so the page never reports to a remote host.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const dist = join(here, '../dist');
mkdirSync(dist, { recursive: true });

const pages = [
  { spec: 'spec/dist/openapi.yaml', file: 'index.html', title: 'Laevitas API reference' },
  { spec: 'spec/dist/asyncapi.yaml', file: 'stream.html', title: 'Laevitas streaming reference' },
];
for (const { spec, file, title } of pages) {
  const out = join(dist, file);
  execFileSync(
    process.execPath,
    [require.resolve('@redocly/cli/bin/cli.js'), 'build-docs', spec, '--config', 'spec/redocly.yaml', '--inlineBundle', '-o', out, '--title', title],
    { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // The inlined Redoc still links one logo from a CDN; an empty inline SVG takes its place so the page makes no
  // outside request and shows no broken image.
  const html = readFileSync(out, 'utf8').replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E");
  writeFileSync(out, html);
  console.log(`docs: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB)`);
}
