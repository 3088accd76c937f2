// What one operation's validator costs a browser bundle: the generated per-operation module
// (`@laevitas-api/validators/ops/getOptionsOhlcvt`, with the shared modules and the package runtime it pulls in)
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
 * What brought ours from 10.9 KiB down (tools/codegen/src/validators.mjs, runtime/formats.cjs): only the three string
 * formats the spec uses instead of all of ajv-formats; no ajv message strings (format.cjs words every issue); a
 * validator several operations need alike compiled once into a shared module (tools/codegen/src/validator-plan.mjs),
 * which is what a second operation saves. Then the body validators (responses, request bodies, decoded headers) left
 * ajv's standalone code, whose every check carried an error object literal with a schemaPath string and
 * `if (errors === _errs)` scaffolding: tools/codegen/src/body-validators.mjs writes them as inline checks that report
 * ajv's first error through small runtime helpers (runtime/body-checks.cjs), 9.0 -> 7.9 KiB. Then the parameters and
 * headers (coercion, every error) left it too: tools/codegen/src/strings-validators.mjs, runtime/string-checks.cjs,
 * 7.9 -> 7.7 KiB (the parameters' module 7.3 -> 2.2 KB minified, but ajv's repetitive code had gzipped well). Then
 * 7.7 -> 7.2 KiB (7844 -> 7411 B): the issue wording moved to runtime/wording.cjs, which operation.cjs calls directly
 * (the public formatErrors, runtime/format.cjs, keeps checking and filtering what a user hands it, outside this
 * bundle), -209 B; a generated function's folded required list is checked once by its caller on a failure (`at` given
 * the list) instead of before every failing property's error, -58 B; one run() for every validator in
 * operation.cjs, -25 B; the two check runtimes merged into runtime/checks.cjs, whose error constructors the parameter
 * validators call too, -75 B (its wrapper picks the body or parameter form once and allocates no error list on a
 * valid call, which keeps a valid page as fast as before); the operation's own validators written onto
 * exports.validators without a module-like scope, -66 B. Gzip already shares most repeated text (a regex composed from
 * named parts, tried for the uri format, came out larger), so what shrinks the bundle is code that is no longer in it.
 * Then the rows' date pattern became charCodeAt comparisons written in the row check
 * (tools/codegen/src/pattern-matcher.mjs), 8% off a 1,000-row page's validation in pnpm bench (14% measured alone)
 * for 158 bytes: 7.2 -> 7.4 KiB. Then 7.4 -> 7.0 KiB (7562 -> 7219 B, 4.6x -> 4.3x), by leaving out of a bundle
 * what its operation does not use: the generated modules call the check runtime through one `checks` binding instead
 * of destructuring the names each uses (a bundle kept every module's list, each name renamed), -97 B; the helpers few
 * validators call (a run-time key's JSON Pointer, the parameter union, code-point lengths, closed tuples, `not`) moved
 * to runtime/rare-checks.cjs, which only their modules require (a bundler cannot drop an unused property of a
 * CommonJS module's exports), -110 B; the request body's non-finite number check (runtime/finite-numbers.cjs) and the
 * case-insensitive parameters' upper-casing (runtime/case-insensitive.cjs) come with the modules of the operations
 * that have a body (6) or such a parameter (4) instead of sitting in operation.cjs, -84 and -42 B; meta no longer
 * carries the family nothing reads, -10 B. What did not pay: the rarely hot body validators (error bodies, the x402
 * payloads) as JSON schemas read by one runtime walker, +212 B (a walker of only the keywords they use broke even:
 * the compiled code gzips nearly as small as its schema). Then 7.0 -> 6.3 KiB (7219 -> 6432 B, 4.3x -> 3.9x): the
 * per-operation import became an ES module over the runtime's ES module sources (tools/codegen/src/module-form.mjs;
 * the CommonJS twins come from tools/codegen/src/runtime-cjs.mjs), so the bundler drops the runtime helpers the
 * operation does not call and refers to the rest by name, where a CommonJS module behind an ES module face left it
 * whole exports objects, property reads and the interop wrapper (217 B of it alone).
 *
 * Most of the rest is not body code: "the same without its body validators" measures the bundle with each of them
 * `() => true` (the result API, issue wording, string formats and the parameter and header validators
 * stay); what it leaves under 4x is all the operation's bodies may cost (the 200 page, the 400/401/429 errors, the
 * x402 payloads).
 */
export const RATIO_TARGET = 4;

/**
 * @param {string} contents @param {import('esbuild').Plugin[]} [plugins]
 * @returns {Promise<{minified: number, gzip: number, parts: Record<string, number>}>}
 */
async function bundled(contents, plugins = []) {
  const out = await build({
    plugins,
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
          : /runtime\/formats\.mjs$/.test(input)
            ? 'string formats'
            : /runtime\/(format|wording)\.mjs$/.test(input)
              ? 'issue wording'
              : /runtime\/(rare-)?checks\.mjs$/.test(input)
                ? 'check errors and parameter coercion'
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

/**
 * Loads the operation's ES module in its place with every body validator (responses, request body, decoded headers)
 * replaced by `() => true` and the others (parameters, headers: the shared modules) kept: what one operation costs a
 * bundle besides its body code. Which validator is which is read from the CommonJS form of the same module.
 * @param {string} file the generated CommonJS module (generated/ops/<operationId>.cjs)
 * @returns {import('esbuild').Plugin}
 */
function withoutBodies(file) {
  const { meta, validators } = require(file);
  /** @type {string[]} */
  const imports = [`import { createOperationValidator } from ${JSON.stringify(join(dirname(file), '../../runtime/operation.mjs'))};`];
  const entries = Object.keys(validators).map((name) => {
    if (!/^(params|headers\d+)$/.test(name)) return `${JSON.stringify(name)}: () => true`;
    const validate = validators[name];
    const shared = Object.keys(require.cache).find((path) => path.includes('/generated/shared/') && require.cache[path]?.exports.validate === validate);
    if (!shared) throw new Error(`${name} of ${meta.operationId} is not in a shared module, which this measurement needs`);
    imports.push(`import { validate as shared${imports.length} } from ${JSON.stringify(shared.replace(/\.cjs$/, '.mjs'))};`);
    return `${JSON.stringify(name)}: shared${imports.length - 1}`;
  });
  const contents = `${imports.join('\n')}\nexport const ${meta.operationId} = createOperationValidator({ meta: ${JSON.stringify(meta)}, validators: {\n${entries.join(',\n')}\n} });`;
  const esm = file.replace(/\.cjs$/, '.mjs');
  return {
    name: 'without-bodies',
    setup: (build) => void build.onLoad({ filter: /\.mjs$/ }, (args) => (args.path === esm ? { contents, loader: 'js' } : undefined)),
  };
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
  // How much of the target the body validators have: the bundle with each of them `() => true`.
  const opsFile = join(validatorsDir, 'generated/ops/getOptionsOhlcvt.cjs');
  const noBodies = await bundled(`export { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt';`, [withoutBodies(opsFile)]);
  report('  the same without its body validators (min+gzip)', `${kb(noBodies.gzip)} = ${(noBodies.gzip / hand.gzip).toFixed(1)}x the hand-written`);
  // A browser app validating several operations pays the runtime and the formats once: what each further one costs.
  const two = await bundled(
    `export { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt'; export { getFuturesOhlcvt } from '@laevitas-api/validators/ops/getFuturesOhlcvt';`,
  );
  report('  a second operation in the same bundle (getFuturesOhlcvt, min+gzip)', `+${kb(two.gzip - ours.gzip)}`);
  const ratio = ours.gzip / hand.gzip;
  report('one operation validator / hand-written (min+gzip)', `${ratio.toFixed(1)}x`, `<= ${RATIO_TARGET}x`, ratio <= RATIO_TARGET);
  return { raw, ours, hand, two, noBodies, ratio };
}

if (process.argv[1] === import.meta.filename)
  await validatorSize((name, value, target, ok) =>
    console.log(`${ok === undefined ? '    ' : ok ? 'PASS' : 'FAIL'} ${name.padEnd(64)} ${value}${target ? `   (target ${target})` : ''}`),
  );
