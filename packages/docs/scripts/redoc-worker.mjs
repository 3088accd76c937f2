// Runs Redocly's build-docs for many pages in one Node process: the CLI's startup (about 2 s of module loading on
// this machine) is paid once instead of once per page. It calls the same handler the `build-docs` command runs, with
// the same config loading, through @redocly/cli's internal chunks, whose names are those of the pinned 2.77.0: after
// an upgrade that renames them this fails loudly and redoc-render.mjs falls back to one CLI process per page.
// Usage: node redoc-worker.mjs <jobs.json> (an array of { input, output, title }); run with cwd = repository root.
import { existsSync, readFileSync } from 'node:fs';
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
// The private chunks this worker reads, by the export it needs: checked before anything is imported, so a renamed
// chunk is named in the error (exit 3: redoc-render.mjs says so and renders through the public CLI instead).
/** @type {{cli: string, loadConfig: [string, string], handlerBuildCommand: [string, string]}} */
const PINNED = { cli: '2.77.0', loadConfig: ['KSRBMNUH.js', 'ya'], handlerBuildCommand: ['UBYAHYID.js', 'handlerBuildCommand'] };
const installed = JSON.parse(readFileSync(join(chunks, '../../package.json'), 'utf8')).version;
/** @param {'loadConfig' | 'handlerBuildCommand'} name */
async function privateExport(name) {
  const [chunk, exported] = PINNED[name];
  const file = join(chunks, chunk);
  const moved = `redoc-worker: @redocly/cli ${installed} has no ${name} at lib/chunks/${chunk} (export ${exported}), where ${PINNED.cli} had it: the private chunk moved; find its new name and update PINNED in redoc-worker.mjs`;
  if (!existsSync(file)) {
    console.error(moved);
    process.exit(3);
  }
  const value = (await import(file))[exported];
  if (typeof value !== 'function') {
    console.error(moved);
    process.exit(3);
  }
  return value;
}
const loadConfig = await privateExport('loadConfig');
const handlerBuildCommand = await privateExport('handlerBuildCommand');
const config = await loadConfig({ configPath });
for (const { input, output, title } of JSON.parse(readFileSync(jobsFile, 'utf8'))) {
  await handlerBuildCommand({ argv: { api: input, o: output, title }, config, collectSpecData: () => {} });
}
