// The build-docs worker reads two private chunks of @redocly/cli (it has no public API for build-docs): when an
// upgrade renames one, the worker fails with exit 3 naming the chunk, the export and both versions, which
// redoc-render.mjs prints as a warning before it renders through the public CLI.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'redoc-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a moved private chunk fails with exit 3, naming the chunk and the versions', () => {
  // A stand-in @redocly/cli 9.9.9 whose chunks have other names, beside a copy of the worker.
  const cli = join(dir, 'node_modules/@redocly/cli');
  mkdirSync(join(cli, 'bin'), { recursive: true });
  mkdirSync(join(cli, 'lib/chunks'), { recursive: true });
  writeFileSync(join(cli, 'package.json'), JSON.stringify({ name: '@redocly/cli', version: '9.9.9' }));
  writeFileSync(join(cli, 'bin/cli.js'), '');
  writeFileSync(join(cli, 'lib/chunks/RENAMED1.js'), 'export const ya = () => {};');
  copyFileSync(join(import.meta.dirname, '../scripts/redoc-worker.mjs'), join(dir, 'redoc-worker.mjs'));
  writeFileSync(join(dir, 'jobs.json'), '[]');
  const run = spawnSync(process.execPath, [join(dir, 'redoc-worker.mjs'), join(dir, 'jobs.json'), 'redocly.yaml'], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(3);
  expect(run.stderr).toMatch(/@redocly\/cli 9\.9\.9 has no loadConfig at lib\/chunks\/KSRBMNUH\.js \(export ya\), where 2\.77\.0 had it/);
});
