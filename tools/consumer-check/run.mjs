// Type-checks the packages as other repos use them: one source file (src/uses.mts) compiled under every module
// setting a consumer may pick (ESM and CommonJS under nodenext and node16, bundler, node10), each with
// `skipLibCheck: false`, so an error inside a published declaration file fails the check too.
//
// Each setting is compiled by every TypeScript a consumer runs: 5.9, 6.0 and 7.0 (the native port), installed as
// aliased dev dependencies (`typescript-6`, `typescript-7`); codegen stays on 5.9, only what we publish must compile
// everywhere.
//
//   node run.mjs                 every setting on every TypeScript (two tsc processes at a time: the machine is shared)
//   node run.mjs node16-cjs ...  only these settings
//   node run.mjs --ts=7.0        only this TypeScript (5.9, 6.0 or 7.0; repeat or comma-separate for several)
//   node run.mjs --strict-spec   also the checks that wait for the strict spec (see AWAITING_STRICT_SPEC below)
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentedRowChecks } from './src/documented-rows.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The TypeScripts a consumer runs, by the version they report. 7.0's `bin/tsc` is a small Node launcher of the native
 * compiler (@typescript/typescript-<platform>), invoked the same way. TypeScript 6.0 deprecates
 * `moduleResolution: node10` (an error unless `ignoreDeprecations: "6.0"`, which a consumer on node10 must set) and
 * 7.0 removes it, so node10 runs on 5.9 and 6.0 only.
 * @type {{version: string, package: string, extraArgs: Record<string, string[]>, unsupported: Record<string, string>}[]}
 */
export const TYPESCRIPTS = [
  { version: '5.9', package: 'typescript', extraArgs: {}, unsupported: {} },
  { version: '6.0', package: 'typescript-6', extraArgs: { 'node10-cjs': ['--ignoreDeprecations', '6.0'] }, unsupported: {} },
  { version: '7.0', package: 'typescript-7', extraArgs: {}, unsupported: { 'node10-cjs': 'TypeScript 7 removed moduleResolution node10' } },
];
/** The `tsc` launcher of a TypeScript package (7.0's `exports` leaves out bin/, so it is found beside package.json). @param {string} pkg */
export const tscOf = (pkg) => join(dirname(require.resolve(`${pkg}/package.json`)), 'bin/tsc');
/** @param {string} pkg */
export const reportedVersion = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;

export const SETTINGS = ['nodenext-esm', 'nodenext-cjs', 'node16-esm', 'node16-cjs', 'bundler', 'node10-cjs'];

/**
 * AWAITING_STRICT_SPEC: `row.clsoe`, `instrument_name: 12345` and a misspelt field of every documented row must not
 * compile. Their `@ts-expect-error` lines live in tsconfig.awaiting-strict-spec.json. The strict spec (closed types,
 * string instrument names) has been merged, so this is false and the default run includes them.
 */
const AWAITING_STRICT_SPEC = false;
const STRICT_SPEC = 'awaiting-strict-spec';

function prepare() {
  const tmp = join(here, '.tmp');
  mkdirSync(tmp, { recursive: true });
  // The same source as CommonJS (.cts) and as extension-less .ts for bundler and node10.
  copyFileSync(join(here, 'src/uses.mts'), join(tmp, 'uses.cts'));
  copyFileSync(join(here, 'src/uses.mts'), join(tmp, 'uses.ts'));
  const bundled = JSON.parse(readFileSync(join(here, '../../spec/dist/openapi.json'), 'utf8'));
  writeFileSync(join(tmp, 'every-documented-row.mts'), documentedRowChecks(bundled));
}

/**
 * @typedef {{setting: string, ts: string, ok: boolean, output: string, ms: number}} SettingResult
 * @typedef {{setting: string, ts: (typeof TYPESCRIPTS)[number]}} Job
 */

/**
 * @param {Job} job
 * @returns {Promise<SettingResult>}
 */
function check({ setting, ts }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const args = [tscOf(ts.package), '-p', join(here, `tsconfig.${setting}.json`), ...(ts.extraArgs[setting] ?? [])];
    const child = spawn(process.execPath, args, { cwd: here });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ setting, ts: ts.version, ok: code === 0, output, ms: Math.round(performance.now() - started) }));
  });
}

/**
 * @param {Job[]} jobs
 * @param {number} [parallel]
 */
async function runAll(jobs, parallel = 2) {
  const queue = [...jobs];
  /** @type {SettingResult[]} */
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(parallel, queue.length) }, async () => {
      while (queue.length) results.push(await check(/** @type {Job} the loop checked the length */ (queue.shift())));
    }),
  );
  const order = (/** @type {SettingResult} */ r) => jobs.findIndex((j) => j.setting === r.setting && j.ts.version === r.ts);
  return results.sort((a, b) => order(a) - order(b));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => !a.startsWith('--'));
  const askedTs = args.filter((a) => a.startsWith('--ts=')).flatMap((a) => a.slice(5).split(','));
  const typescripts = askedTs.length ? TYPESCRIPTS.filter((t) => askedTs.includes(t.version)) : TYPESCRIPTS;
  if (askedTs.some((v) => !TYPESCRIPTS.some((t) => t.version === v))) {
    console.error(`unknown --ts ${askedTs.join(',')} (known: ${TYPESCRIPTS.map((t) => t.version).join(', ')})`);
    process.exit(2);
  }
  for (const t of typescripts) {
    const reported = reportedVersion(t.package);
    if (!reported.startsWith(`${t.version}.`)) throw new Error(`${t.package} is ${reported}, expected ${t.version}.x (package.json devDependencies)`);
  }
  const settings = named.length ? named : [...SETTINGS, ...(AWAITING_STRICT_SPEC && !args.includes('--strict-spec') ? [] : [STRICT_SPEC])];
  const unknown = settings.filter((s) => s !== STRICT_SPEC && !SETTINGS.includes(s));
  if (unknown.length) {
    console.error(`unknown setting(s): ${unknown.join(', ')} (known: ${[...SETTINGS, STRICT_SPEC].join(', ')})`);
    process.exit(2);
  }
  prepare();
  const jobs = typescripts.flatMap((ts) => settings.filter((setting) => !ts.unsupported[setting]).map((setting) => ({ setting, ts })));
  const results = await runAll(jobs);
  for (const r of results) {
    const ts = /** @type {(typeof TYPESCRIPTS)[number]} */ (typescripts.find((t) => t.version === r.ts));
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} TypeScript ${reportedVersion(ts.package).padEnd(6)} ${r.setting.padEnd(22)} ${r.ms} ms`);
    if (!r.ok) console.log(r.output.replace(/^/gm, '     '));
  }
  for (const ts of typescripts)
    for (const setting of settings.filter((s) => ts.unsupported[s]))
      console.log(`skip TypeScript ${reportedVersion(ts.package).padEnd(6)} ${setting.padEnd(22)} ${ts.unsupported[setting]}`);
  if (AWAITING_STRICT_SPEC && !settings.includes(STRICT_SPEC)) console.log(`skipped ${STRICT_SPEC} (AWAITING_STRICT_SPEC in run.mjs; run with --strict-spec)`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
