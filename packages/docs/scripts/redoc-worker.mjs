// Runs Redocly's build-docs for many pages in one Node process: the CLI's startup (about 2 s of module loading on
// this machine) is paid once instead of once per page. It calls the same handler the `build-docs` command runs, with
// the same config loading, through @redocly/cli's internal chunks, whose names are those of the pinned 2.77.0: after
// an upgrade that renames them this fails loudly and redoc-render.mjs falls back to one CLI process per page.
// Usage: node redoc-worker.mjs <jobs.json> (an array of { input, output, title }); run with cwd = repository root.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

process.env.REDOCLY_TELEMETRY = 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE = 'true';
const chunks = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js')), '../lib/chunks');
const [jobsFile, configPath] = process.argv.slice(2);
if (jobsFile === undefined || configPath === undefined) {
  console.error('redoc-worker: usage: node redoc-worker.mjs <jobs.json> <redocly.yaml>');
  process.exit(2);
}
const { ya: loadConfig } = await import(join(chunks, 'KSRBMNUH.js'));
const { handlerBuildCommand } = await import(join(chunks, 'UBYAHYID.js'));
if (typeof loadConfig !== 'function' || typeof handlerBuildCommand !== 'function') {
  console.error('redoc-worker: @redocly/cli internals moved (loadConfig/handlerBuildCommand not found)');
  process.exit(3);
}
const config = await loadConfig({ configPath });
for (const { input, output, title } of JSON.parse(readFileSync(jobsFile, 'utf8'))) {
  await handlerBuildCommand({ argv: { api: input, o: output, title }, config, collectSpecData: () => {} });
}
