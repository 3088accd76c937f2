// What one operation's validator costs a browser bundle: the generated per-operation module
// (`@laevitas-api/validators/ops/getOptionsOhlcvt`, with the ajv runtime helpers and the package runtime it pulls in)
// bundled with esbuild for the browser, minified and gzipped, beside a hand-written validator of the same coverage
// (hand-ohlcvt-validator.mjs). The raw size of the generated file is printed too (what the issue measured: 63 KiB).
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ohlcvtPage } from './ohlcvt-page.mjs';

const require = createRequire(import.meta.url);
const here = import.meta.dirname;

/**
 * Target: at most 4x the hand-written validator of the same coverage (min+gzip). The hand-written one is the floor:
 * one shared helper per rule, no per-field error objects. Generated code pays for what it gives (an error object per
 * check with its instance path, the issue wording, coercion of query strings, the x402 header decoding, the Standard
 * Schema and assert forms), a small multiple; 4x the floor is about 6.5 kB, under the client's own budget for one operation
 * (packages/client/.size-limit.cjs), so validating an operation's responses should cost a browser less than calling it. Beyond that the validator, not the call, dominates a small browser bundle.
 *
 * The floor checks less than ours, so the ratio is an upper bound: it does not check the x402 `accepts` list nor decode
 * the `payment-required` header and check it, nor meta's completeness/coverage/count, nor reject unknown query
 * parameters, nor coerce `limit=100`. Keeping the target at 4x against it is the stricter reading.
 *
 * What brought ours from 10.9 KiB down (tools/codegen/src/validators.mjs, runtime/formats.cjs), all through ajv's own
 * options and the schemas handed to it, never by editing ajv's output: only the three string formats the spec uses
 * instead of all of ajv-formats; no ajv message strings (format.cjs words every issue); `.length` instead of ajv's
 * ucs2length while every length limit is `minLength: 1`; each compiled schema's literal reduced to the values the
 * code reads by reference (withLeanLiteral). A validator several operations need alike is compiled once into a shared
 * module (tools/codegen/src/validator-plan.mjs), which is what a second operation saves; one operation alone still
 * carries all of its own. ajv's code keeps a schemaPath on every error; the rest of the distance to the target is the
 * shape of ajv's code itself.
 */
export const RATIO_TARGET = 4;

/** @param {string} contents  @returns {Promise<{minified: number, gzip: number, parts: Record<string, number>}>} */
async function bundled(contents) {
  const out = await build({
    metafile: true,
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.contents;
  const output = Object.values(out.metafile.outputs)[0];
  if (!code || !output) throw new Error('esbuild wrote no bundle');
  /** @type {Record<string, number>} minified bytes by where they come from */
  const parts = {};
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const part = /ajv-formats/.test(input)
      ? 'ajv-formats'
      : /\/ajv\//.test(input)
        ? 'ajv runtime'
        : /generated\//.test(input)
          ? 'generated code'
          : /runtime\/formats\.cjs$/.test(input)
            ? 'string formats'
            : /runtime\/format\.cjs$/.test(input)
              ? 'issue wording'
              : /runtime\//.test(input)
                ? 'result API and Standard Schema'
                : 'other';
    parts[part] = (parts[part] ?? 0) + bytesInOutput;
  }
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, parts };
}

/** The floor must check what ours checks: it accepts a real page and names the field of a broken one, as ours does. */
async function checkHandWritten() {
  const { getOptionsOhlcvt: hand } = await import('./hand-ohlcvt-validator.mjs');
  const { getOptionsOhlcvt: ours } = require('@laevitas-api/validators/ops/getOptionsOhlcvt');
  const page = ohlcvtPage(50);
  const broken = structuredClone(page);
  const row = broken.data[7];
  if (!row) throw new Error('the bench page has fewer than 8 rows');
  row.volume = -1;
  const verdicts = [
    hand.validateResponse(200, page).ok,
    ours.validateResponse(200, page).ok,
    hand.validateResponse(200, broken).ok,
    ours.validateResponse(200, broken).ok,
  ];
  const handIssue = /** @type {any} */ (hand.validateResponse(200, broken)).issues?.[0]?.path;
  if (verdicts.join() !== 'true,true,false,false' || handIssue !== 'data.data[7].volume')
    throw new Error(`the hand-written validator does not match the generated one (${verdicts.join()}, ${handIssue})`);
}

/** @param {import('./report.js').Report} report */
export async function validatorSize(report) {
  await checkHandWritten();
  const validatorsDir = dirname(require.resolve('@laevitas-api/validators/package.json'));
  const raw = statSync(join(validatorsDir, 'generated/ops/getOptionsOhlcvt.cjs')).size;
  const ours = await bundled(`export { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt';`);
  const hand = await bundled(`export { getOptionsOhlcvt } from './hand-ohlcvt-validator.mjs';`);
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KiB`;
  report('validator of one operation, generated file (getOptionsOhlcvt.cjs)', kb(raw));
  report('validator of one operation, browser bundle (min / min+gzip)', `${kb(ours.minified)} / ${kb(ours.gzip)}`);
  const parts = Object.entries(ours.parts).sort((a, b) => b[1] - a[1]);
  report('  of which (minified)', parts.map(([part, bytes]) => `${part} ${kb(bytes)}`).join(', '));
  report('hand-written validator, the floor (min / min+gzip)', `${kb(hand.minified)} / ${kb(hand.gzip)}`);
  // A browser app validating several operations pays the runtime and the formats once: what each further one costs.
  const two = await bundled(
    `export { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt'; export { getFuturesOhlcvt } from '@laevitas-api/validators/ops/getFuturesOhlcvt';`,
  );
  report('  a second operation in the same bundle (getFuturesOhlcvt, min+gzip)', `+${kb(two.gzip - ours.gzip)}`);
  const ratio = ours.gzip / hand.gzip;
  report('one operation validator / hand-written (min+gzip)', `${ratio.toFixed(1)}x`, `<= ${RATIO_TARGET}x`, ratio <= RATIO_TARGET);
  return { raw, ours, hand, two, ratio };
}

if (process.argv[1] === import.meta.filename)
  await validatorSize((name, value, target, ok) =>
    console.log(`${ok === undefined ? '    ' : ok ? 'PASS' : 'FAIL'} ${name.padEnd(64)} ${value}${target ? `   (target ${target})` : ''}`),
  );
