#!/usr/bin/env node
// `pnpm bench`: every performance claim of the packages and of the mock, measured as ratios within one run so the numbers do not
// depend on how fast this machine is. Prints medians of many iterations and the ratio against each target.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchMock } from './mock.mjs';
import { median } from './median.mjs';
import { ohlcvtPage } from './ohlcvt-page.mjs';
import { reportLine } from './standalone.mjs';
import { OptionsOhlcvtResponse } from './zod-ohlcvt.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const validatorsDir = dirname(require.resolve('@laevitas-api/validators/package.json'));
/** @type {{name: string, value: string, target?: string | undefined, ok?: boolean | undefined}[]} */
const results = [];
/** @type {import('./report.js').Report} */
const report = (name, value, target, ok) => {
  results.push({ name, value, target, ok });
  console.log(reportLine(name, value, target, ok));
};

/**
 * Medians of several functions measured interleaved (parse, validate, zod, parse, …), so all of them see the same
 * machine state, JIT tier and GC pressure; the ratios are what the run reports.
 * @template {string} Name
 * @param {Record<Name, () => unknown>} fns
 * @returns {Record<Name, number>} median nanoseconds by name
 */
function interleavedMedians(fns, { iterations = 1500, warmup = 800 } = {}) {
  for (let i = 0; i < warmup; i++) for (const fn of Object.values(fns)) /** @type {() => unknown} */ (fn)();
  const timed = /** @type {[Name, () => unknown][]} */ (Object.entries(fns)).map(([name, fn]) => ({ name, fn, samples: /** @type {number[]} */ ([]) }));
  for (let i = 0; i < iterations; i++) {
    for (const { fn, samples } of timed) {
      const t = process.hrtime.bigint();
      fn();
      samples.push(Number(process.hrtime.bigint() - t));
    }
  }
  return /** @type {Record<Name, number>} */ (Object.fromEntries(timed.map(({ name, samples }) => [name, median(samples)])));
}

// 1. Validation of a 1,000-row OHLCVT page, against JSON.parse of the same text and against zod.
const page = ohlcvtPage(1000);
const text = JSON.stringify(page);
const op = require('@laevitas-api/validators/ops/getOptionsOhlcvt');
const raw = require(join(validatorsDir, 'generated/ops/getOptionsOhlcvt.cjs')).validators.response200;
const parsed = JSON.parse(text);
if (!raw(parsed) || !OptionsOhlcvtResponse.safeParse(parsed).success) throw new Error('benchmark page must be valid for both');
let sink = 0;
const {
  parse: tParse,
  validator: tValidate,
  api: tApi,
  zod: tZod,
} = interleavedMedians({
  parse: () => (sink += JSON.parse(text).data.length),
  validator: () => (sink += raw(parsed) ? 1 : 0),
  api: () => (sink += op.getOptionsOhlcvt.validateResponse(200, parsed).ok ? 1 : 0),
  zod: () => (sink += OptionsOhlcvtResponse.safeParse(parsed).success ? 1 : 0),
});
console.log(
  `OHLCVT page: 1000 rows (medians of 1500 interleaved runs), ${(text.length / 1024).toFixed(0)} KiB of JSON; medians: JSON.parse ${(tParse / 1e3).toFixed(0)} µs, validator ${(tValidate / 1e3).toFixed(1)} µs, validateResponse() ${(tApi / 1e3).toFixed(1)} µs, zod ${(tZod / 1e3).toFixed(0)} µs`,
);
report('validation cost / JSON.parse (generated validator)', `${((tValidate / tParse) * 100).toFixed(1)}%`, '<= 4%', tValidate / tParse <= 0.04);
report('validation cost / JSON.parse (validateResponse API)', `${((tApi / tParse) * 100).toFixed(1)}%`, '<= 4%', tApi / tParse <= 0.04);
report('zod 4 time / our validator time', `${(tZod / tApi).toFixed(1)}x`, '>= 3x', tZod / tApi >= 3);

// 2. Cold import of the validators package (whole set, and one operation), in fresh processes.
const coldImport = (/** @type {string} */ code, inputType = 'commonjs') => {
  const samples = [];
  for (let i = 0; i < 7; i++) {
    const script = `const t=process.hrtime.bigint();${code};console.log(Number(process.hrtime.bigint()-t))`;
    const out = execFileSync(process.execPath, [`--input-type=${inputType}`, '-e', script], { cwd: here });
    samples.push(Number(out));
  }
  return median(samples) / 1e6;
};
const baseline = coldImport('void 0');
const registry = coldImport(`require('@laevitas-api/validators')`);
const every = coldImport(`const v=require('@laevitas-api/validators');for(const id of v.operationIds)v.operation(id)`);
// Validators several operations share load on their first use (tools/codegen/src/validators.mjs): this one reads
// every validator of every operation, so the shared modules are in it too.
const registryFile = JSON.stringify(join(validatorsDir, 'generated/registry.cjs'));
const everyValidator = coldImport(`for(const load of Object.values(require(${registryFile}))){const v=load().validators;for(const k in v)v[k]}`);
const single = coldImport(`require('@laevitas-api/validators/ops/getOptionsOhlcvt')`);
// The ES module form of the same operation imports its shared validators with it (no lazy require in ESM).
const singleEsm = coldImport(`await import('@laevitas-api/validators/ops/getOptionsOhlcvt')`, 'module') - coldImport('void 0', 'module');
report('cold import: @laevitas-api/validators (lazy registry)', `${(registry - baseline).toFixed(1)} ms`);
report('cold import: every operation loaded', `${(every - baseline).toFixed(1)} ms`);
report('cold import: every operation, each of its validators read', `${(everyValidator - baseline).toFixed(1)} ms`);
report('cold import: one operation (ops/getOptionsOhlcvt)', `${(single - baseline).toFixed(1)} ms`);
report('cold import: one operation as an ES module (import ops/getOptionsOhlcvt)', `${singleEsm.toFixed(1)} ms`);

// 3. Size of the generated code.
const sizeOf = (/** @type {string} */ dir, /** @type {(file: string) => boolean} */ filter = () => true) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter(filter)
    .reduce((sum, f) => sum + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
const mb = (/** @type {number} */ n) => `${(n / 1024 / 1024).toFixed(2)} MiB`;
report(
  'generated validators (all operations and the validators they share, .cjs)',
  mb(
    sizeOf(join(validatorsDir, 'generated/ops'), (f) => f.endsWith('.cjs') && !f.endsWith('wrapper.cjs')) +
      sizeOf(join(validatorsDir, 'generated/shared'), (f) => f.endsWith('.cjs')),
  ),
);
// Its module and the shared modules it reads: every generated file in require's cache once each validator was read.
for (const validate of Object.values(require(join(validatorsDir, 'generated/ops/getOptionsOhlcvt.cjs')).validators)) void validate;
report(
  'generated validators for one operation (getOptionsOhlcvt, with what it shares)',
  `${(
    Object.keys(require.cache)
      .filter((file) => file.startsWith(join(validatorsDir, 'generated')) && !file.endsWith('.wrapper.cjs'))
      .reduce((sum, file) => sum + statSync(file).size, 0) / 1024
  ).toFixed(0)} KiB`,
);
// What one operation's validator costs a browser bundle, against a hand-written validator of the same coverage.
await (await import('./validator-size.mjs')).validatorSize(report);
const typesDir = dirname(require.resolve('@laevitas-api/types/package.json'));
report(
  'generated types (every ESM .d.ts: openapi, schemas, signatures, paths, stream, entries)',
  mb(sizeOf(join(typesDir, 'generated'), (f) => f.endsWith('.d.ts'))),
);

// 4. The mock beside a bare node:http server with the same bodies (autocannon at 1, 10 and 50 connections).
console.log('\nmock (tools/contract) against a bare node:http server, same routes and bodies:');
await benchMock(report);
// How soon `pnpm start` opens both ports of the main job on this (warm) clone.
console.log('\nmain job readiness (pnpm start, warm clone):');
await (await import('./start.mjs')).startBench(report);
// Per-request latency of the front over a mixed set of routes (synthesised series, pages, invalid requests, Prism).
console.log('\nmock front, 1,000 sequential requests over a mix of routes:');
execFileSync(process.execPath, [join(here, '../contract/scripts/mock-latency.mjs'), '1000'], { stdio: 'inherit' });

// 5. Consumer type-check cost: a file calling 30 operations against an empty file (tools/bench/typecheck.mjs).
await (await import('./typecheck.mjs')).typecheck(report);
await (await import('./client-rate.mjs')).clientRate(report);
// 6. Stream client: events through `for await` against a bare ws loop, and reconnect time (issue 12).
await (await import('./stream.mjs')).streamBench(report);

// 6. The client's cost: per-request time against raw fetch, and what an app calling one operation bundles.
console.log('\nclient per-request overhead (loopback, limiter off):');
await (await import('./client-overhead.mjs')).clientOverhead(report);
(await import('./object-copy.mjs')).objectCopy(report);
console.log('\nclient bundle sizes (size-limit 12.1.0, esbuild, minified + gzip; packages/client/.size-limit.cjs):');
const clientDir = dirname(require.resolve('@laevitas-api/client/package.json'));
const sizes = spawnSync(process.execPath, [join(clientDir, 'node_modules/size-limit/bin.js'), '--json'], { cwd: clientDir, encoding: 'utf8' });
for (const entry of JSON.parse(sizes.stdout || '[]')) {
  report(`bundle: ${entry.name}`, `${(entry.size / 1000).toFixed(2)} kB`, `<= ${(entry.sizeLimit / 1000).toFixed(1)} kB`, entry.passed);
}

// 7. The hosted reference: a deep link to one operation on a cold cache, page per section against the single page.
console.log('\ndocs (headless Chromium, loopback, gzip; the single page of 1.33 built in the same run):');
await (await import('./docs.mjs')).docsBench(report);

const failed = results.filter((r) => r.ok === false);
console.log(`\nbench: ${results.filter((r) => r.ok).length} targets met, ${failed.length} missed${sink < 0 ? '' : ''}`);
process.exitCode = failed.length ? 1 : 0;
