#!/usr/bin/env node
// The entry of the repository's GitHub Action (action.yml): runs the contract CLI of the action's own version with the
// step's inputs (INPUT_* variables), then turns the reports into what a runner shows: one `::error` annotation per
// failed operation, pointing at its line of the summary report, the outputs (exit-code, passed, failed, skipped,
// reports) in GITHUB_OUTPUT, and a table in GITHUB_STEP_SUMMARY. It always exits 0 itself, so the action can upload
// the reports before a last step fails with the CLI's exit code.
//
// The CLI is `npx -y @laevitas-api/contract@<version>` (with dredd@14.1.0 beside it when the `dredd` input is true), the version read from this checkout's package.json: the action
// and the CLI come from the same commit. LAEVITAS_CONTRACT_BIN (a path to cli.mjs) replaces it, for tests and for
// running a local build.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeData, escapeProperty } from '../src/output.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
const input = (/** @type {string} */ name) => (process.env[`INPUT_${name}`] ?? '').trim();
const reports = resolve(input('REPORTS') || 'contract-reports');

/** @type {string[]} */
const args = ['run', '--reports', reports];
for (const [flag, name] of [
  ['--base-url', 'BASE_URL'],
  ['--v2-base-url', 'V2_BASE_URL'],
  ['--family', 'FAMILY'],
  ['--only', 'ONLY'],
  ['--tag', 'TAG'],
  ['--skip', 'SKIP'],
  ['--rate-share', 'RATE_SHARE'],
]) {
  const value = input(/** @type {string} */ (name));
  if (value) args.push(/** @type {string} */ (flag), value);
}
// Dredd only when asked for (the conformance suite checks the same and more): `--dredd` has the CLI install it into
// its cache folder, with the overrides that patch the advisories of its tree.
const dredd = input('DREDD') === 'true';
args.push(dredd ? '--dredd' : '--no-dredd');
const bin = process.env.LAEVITAS_CONTRACT_BIN;
const [command, ...prefix] = bin ? [process.execPath, bin] : ['npx', '-y', `@laevitas-api/contract@${version}`];
console.log(`Running @laevitas-api/contract@${version}${bin ? ` (from ${bin})` : ''}: laevitas-contract ${args.join(' ')}`);
// The CLI's own annotations are left to this script (it adds the file and line); its output is shown as it comes.
const { GITHUB_ACTIONS: _, ...env } = process.env;
const child = spawnSync(/** @type {string} */ (command), [...prefix, ...args], { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
process.stderr.write(child.stderr ?? '');
const exitCode = child.status ?? 3;

const summaryFile = join(reports, 'contract-summary.json');
const textFile = join(reports, 'contract-summary.txt');
const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : undefined;
const lines = existsSync(textFile) ? readFileSync(textFile, 'utf8').split('\n') : [];
const where = relative(process.env.GITHUB_WORKSPACE ?? process.cwd(), textFile)
  .split('\\')
  .join('/');
/** @type {{operationId: string, method: string, path: string, reason: string}[]} */
const failed = summary?.operations.filter((/** @type {{status: string}} */ o) => o.status === 'failed') ?? [];
for (const op of failed) {
  const line = lines.findIndex((l) => l.startsWith(`FAIL ${op.operationId} `)) + 1;
  const position = line > 0 ? `file=${escapeProperty(where)},line=${line},` : '';
  console.log(`::error ${position}title=${escapeProperty(`Contract: ${op.operationId}`)}::${escapeData(`${op.method} ${op.path} ${op.reason}`)}`);
}
if (exitCode >= 2) {
  const reason =
    (child.stderr ?? '')
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('::'))
      .at(-1) ?? `exit ${exitCode}`;
  console.log(`::error title=${escapeProperty('laevitas-contract')}::${escapeData(reason)}`);
}

const counts = summary?.conformance ?? { passed: 0, failed: 0, skipped: 0 };
if (process.env.GITHUB_OUTPUT)
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    `exit-code=${exitCode}\npassed=${counts.passed}\nfailed=${counts.failed}\nskipped=${counts.skipped}\nreports=${reports}\n`,
  );
if (process.env.GITHUB_STEP_SUMMARY) {
  const verdict =
    ['the contract held', 'the contract was violated', 'nothing was checked (usage error or unreachable target)', 'the runner failed'][exitCode] ??
    `exit ${exitCode}`;
  const table = failed.length
    ? [
        '',
        '| Operation | Request | Reason |',
        '| --- | --- | --- |',
        ...failed.map((o) => `| \`${o.operationId}\` | \`${o.method} ${o.path}\` | ${o.reason.replaceAll('|', '\\|')} |`),
      ]
    : [];
  appendFileSync(
    process.env.GITHUB_STEP_SUMMARY,
    [`### Laevitas API contract ${version}: ${verdict}`, '', `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped.`, ...table, ''].join(
      '\n',
    ) + '\n',
  );
}
