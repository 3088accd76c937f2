// Builds dist/index.html from the bundled spec. `--inlineBundle` puts Redoc's script in the page so it renders with no
// network, and telemetry is off so the page never reports to a remote host.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const out = join(here, '../dist/index.html');
mkdirSync(dirname(out), { recursive: true });

execFileSync(
  process.execPath,
  [require.resolve('@redocly/cli/bin/cli.js'), 'build-docs', 'spec/dist/openapi.yaml', '--config', 'spec/redocly.yaml', '--inlineBundle', '-o', out, '--title', 'Laevitas API reference'],
  { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
);

// The inlined Redoc still links one logo from a CDN; an empty inline SVG takes its place so the page makes no
// outside request and shows no broken image.
const html = readFileSync(out, 'utf8').replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E");
writeFileSync(out, html);
console.log(`docs: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB)`);
