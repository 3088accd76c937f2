// Consumer type-check cost: a file calling 30 operations of the full client against an empty file, same compiler options,
// under TypeScript 5.9 (the workspace's) and TypeScript 7.0 (the native compiler).
// Runs inside `pnpm bench`, or alone: `node tools/bench/typecheck.mjs` (BENCH_KEEP=1 keeps the folder for --extendedDiagnostics
// and --generateTrace; BENCH_PAIRS=5 takes fewer pairs for a quick look).
import { spawnSync } from 'node:child_process';
import { deref as derefIn } from '@laevitas-api/spec-model';
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { familyOfPath } from '@laevitas-api/client/wire';
import { STRICT_CONSUMER_TSCONFIG } from '@laevitas-api/test-support/consumer-program';
import { median } from './median.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PAIRS = Number(process.env.BENCH_PAIRS ?? 21);
const require = createRequire(import.meta.url);
// TypeScript 7 as the dev dependency `typescript-7` (npm:typescript@7.x): consumers type-check with it, codegen cannot.
const tsgo = join(dirname(require.resolve('typescript-7/package.json')), 'bin/tsc');

/** @param {import('./report.js').Report} report */
export async function typecheck(report) {
  // Realistic calls: 30 GET operations of both families with the parameters their examples give.
  const bundle = JSON.parse(readFileSync(join(here, '../../spec/dist/openapi.json'), 'utf8'));
  /** @type {(n: any) => any} */
  const deref = (n) => derefIn(bundle, n);
  /** @type {string[]} */
  const calls30 = [];
  const perFamily = { legacy: 0, v1: 0 };
  for (const [path, item] of Object.entries(bundle.paths)) {
    const get = deref(item).get;
    const family = familyOfPath(path);
    if (!get || perFamily[family] >= 15) continue;
    /** @type {Record<string, Record<string, unknown>>} */
    const params = { path: {}, query: {} };
    for (const p of (get.parameters ?? []).map(deref)) {
      // A required header parameter has no bucket here: such an operation is skipped just below.
      const bucket = params[p.in];
      if (bucket && p.example !== undefined && (p.in === 'path' || p.required)) bucket[p.name] = p.example;
    }
    if ((get.parameters ?? []).map(deref).some((/** @type {{in: string, required?: boolean}} */ p) => p.in === 'header' && p.required)) continue;
    const args = Object.fromEntries(Object.entries(params).filter(([, v]) => Object.keys(v).length));
    calls30.push(`c.${get.operationId}(${JSON.stringify(args)})`);
    perFamily[family]++;
  }
  const work = mkdtempSync(join(here, '.tc-'));
  try {
    // The strict consumer that the packages' consumer tests compile with.
    const options = { compilerOptions: STRICT_CONSUMER_TSCONFIG };
    // Five files, so that a run says what the excess is made of, not only how large it is: the same 30 calls on a client
    // typed `any` (what any call costs the checker, typed or not), the same again with our declarations loaded but
    // unused (what parsing and binding them costs) or with a yardstick of plain interfaces loaded instead (below), and the
    // typed calls (what checking against our declarations adds).
    const callBody = `export async function all() {\n${calls30.map((call, i) => `  const r${i} = await ${call};`).join('\n')}\n  return [${calls30
      .map((_, i) => `r${i}`)
      .join(', ')}] as const;\n}\n`;
    const untyped = `declare const createClient: () => any;\nconst c = createClient();\n${callBody}`;
    const files = {
      empty: `export {};\n`,
      calls: `import { createClient } from '@laevitas-api/client';\nconst c = createClient();\n${callBody}`,
      untyped,
      loaded: `import type { LaevitasClient } from '@laevitas-api/client';\nexport type { LaevitasClient };\n${untyped}`,
      plain: `import type { I0 } from './yardstick.mjs';\nexport type { I0 };\n${untyped}`,
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work, `${name}.mts`), text);
    // What the time is made of, as a count that does not depend on the machine: the syntax nodes of the declarations the
    // calls load (ours) against those of the libraries an empty file loads.
    const { ours, library, byFile } = syntaxNodes(join(work, 'calls.mts'), options.compilerOptions);
    const declarationNodes = [...byFile.values()].reduce((sum, n) => sum + n, 0);
    // Which of our files the volume sits in, largest first (chunk names of the client's dist without their hash).
    console.log(
      `our syntax nodes by file: ${[...byFile]
        .sort(([, a], [, b]) => b - a)
        .map(([file, n]) => `${file} ${n}`)
        .join(', ')}`,
    );
    // The yardstick: as many syntax nodes as our declarations have, as plain interfaces of five numbers (18 nodes each)
    // that nothing uses. When ours cost about what these cost, the time is in the volume of what a consumer loads, not
    // in the shape of our types.
    writeFileSync(
      join(work, 'yardstick.d.mts'),
      Array.from(
        { length: Math.round(declarationNodes / 18) },
        (_, i) => `export interface I${i} {\n${[0, 1, 2, 3, 4].map((p) => `  p${p}: number;\n`).join('')}}\n`,
      ).join(''),
    );
    // tsc's own Parse, Bind and Check timers, unrounded (tsc-phases.mjs says why), from a fresh process per run.
    const tscOnce = (/** @type {keyof typeof files} */ name) => {
      const file = `${name}.mts`;
      writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ ...options, files: [file] }));
      const out = spawnSync(process.execPath, [join(here, 'tsc-phases.mjs'), join(work, 'tsconfig.json')], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`tsc failed on ${file}:\n${out.stdout}${out.stderr}`);
      /** @type {{parse: number, bind: number, check: number, errors: string[]}} */
      const phases = JSON.parse(out.stdout);
      if (phases.errors.length) throw new Error(`tsc reports errors in ${file}:\n${phases.errors.join('\n')}`);
      return phases.parse + phases.bind + phases.check;
    };
    // TypeScript 7 (the native compiler) prints its timers rounded to the millisecond and as wall time, which on a loaded
    // shared machine is mostly waiting for a core (one 21-pair run read 1.42x from them, the next 1.09x in CPU time). So:
    // its process's CPU time (user + system, as bash's `times` reports a finished child's, to the millisecond), with
    // --singleThreaded, since it parses files on several threads otherwise. That also counts what a consumer's run spends
    // outside the three phases (start-up, config, the Go runtime's collector: about half of the empty file's time), which
    // the 5.9 measure above leaves out; the timers' own ratio is printed beside it.
    /** @type {Record<keyof typeof files, number[]>} the same runs' own Parse + Bind + Check timers, by file */
    const tsgoTimers = { empty: [], calls: [], untyped: [], loaded: [], plain: [] };
    const tsgoOnce = (/** @type {keyof typeof files} */ name) => {
      const file = `${name}.mts`;
      writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ ...options, files: [file] }));
      const script = '"$0" -p "$1" --singleThreaded --extendedDiagnostics >&2; status=$?; times; exit $status';
      const out = spawnSync('bash', ['-c', script, tsgo, join(work, 'tsconfig.json')], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`TypeScript 7 reports errors in ${file}:\n${out.stderr}`);
      const timer = (/** @type {string} */ phase) => Number(new RegExp(`^${phase} time:\\s*([\\d.]+)s$`, 'm').exec(out.stderr)?.[1]);
      tsgoTimers[name].push(timer('Parse') + timer('Bind') + timer('Check'));
      // bash's `times` prints its own user and system time, then its children's: `0m0.412s 0m0.031s`.
      const children = out.stdout.trim().split('\n').at(-1) ?? '';
      const [user, system, ...rest] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
      if (user === undefined || system === undefined || rest.length) throw new Error(`cannot read the CPU time of TypeScript 7 from: ${out.stdout}`);
      return user + system;
    };
    // Interleaved rounds (empty, calls, untyped, loaded, plain, empty, …): each round sees the same machine state, so the ratio
    // of a round is stable even when a shared VM speeds up or slows down between rounds. The median of PAIRS round ratios
    // is reported: 21, since at 11 the median of a quiet machine still moved by ±0.04 from run to run.
    for (const [compiler, measure, once] of /** @type {const} */ ([
      ['TypeScript 5.9', 'parse+bind+check', tscOnce],
      ['TypeScript 7.0', 'process CPU time', tsgoOnce],
    ])) {
      /** @type {Record<keyof typeof files, number[]>} */
      const samples = { empty: [], calls: [], untyped: [], loaded: [], plain: [] };
      for (let i = 0; i < PAIRS; i++) for (const name of /** @type {(keyof typeof files)[]} */ (Object.keys(files))) samples[name].push(once(name));
      const ratio = median(samples.calls.map((c, i) => c / /** @type {number} */ (samples.empty[i])));
      console.log(
        `${compiler} (${measure}, medians of ${PAIRS} interleaved rounds): empty file ${median(samples.empty).toFixed(2)} s, 30 operation calls ${median(samples.calls).toFixed(2)} s`,
      );
      report(`type-check time (${compiler}): 30 operation calls / empty file`, `${ratio.toFixed(2)}x`, '<= 1.3x', ratio <= 1.3);
      console.log(`  the excess over the empty file, in empty files (medians of each round's differences): ${excess(samples, declarationNodes)}`);
    }
    const timerRatios = tsgoTimers.calls.map((c, i) => c / /** @type {number} */ (tsgoTimers.empty[i]));
    console.log(`TypeScript 7.0 by its own (wall-time) timers, for comparison: ${median(timerRatios).toFixed(2)}x`);
    report("declarations a consumer loads: our syntax nodes / the libraries'", `${ours} / ${library} (${(ours / library).toFixed(2)})`);
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
    else console.log(`kept ${work}`);
  }
}

/**
 * The calls file's excess over the empty file split in three, each as a fraction of the empty file's time in the same
 * round: checking 30 calls at all (on a client typed `any`), parsing and binding our declarations (loaded, unused), and
 * checking the calls against them. Medians of the rounds' own differences, so the three need not add up to the ratio.
 * Beside them, the same many syntax nodes of plain interfaces, loaded the same way.
 * @param {Record<'empty' | 'calls' | 'untyped' | 'loaded' | 'plain', number[]>} samples
 * @param {number} nodes our declarations' syntax nodes
 */
function excess({ empty, calls, untyped, loaded, plain }, nodes) {
  const share = (/** @type {number[]} */ more, /** @type {number[]} */ less) =>
    signed(median(more.map((m, i) => (m - /** @type {number} */ (less[i])) / /** @type {number} */ (empty[i]))));
  return `${share(untyped, empty)} checking 30 calls on an untyped client, ${share(loaded, untyped)} parsing and binding our declarations (${nodes} syntax nodes; as many in plain interfaces: ${share(plain, untyped)}), ${share(calls, loaded)} checking the calls against them`;
}

/** `+0.12`, `-0.03`: a share with its sign, since a noisy difference can come out below zero. @param {number} share */
function signed(share) {
  return `${share < 0 ? '' : '+'}${share.toFixed(2)}`;
}

/**
 * Syntax nodes of every file a program over `file` loads: ours (everything but TypeScript's own lib files, also by
 * file) and the libraries'.
 * @param {string} file
 * @param {Record<string, unknown>} compilerOptions
 */
function syntaxNodes(file, compilerOptions) {
  /** @type {typeof import('typescript')} */
  const ts = require('typescript');
  const { options } = ts.convertCompilerOptionsFromJson(compilerOptions, dirname(file));
  const program = ts.createProgram([file], options);
  let ours = 0;
  let library = 0;
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for (const source of program.getSourceFiles()) {
    let count = 0;
    /** @param {import('typescript').Node} node */
    const visit = (node) => {
      count++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (program.isSourceFileDefaultLibrary(source)) library += count;
    else {
      ours += count;
      const name = source.fileName
        .split('/')
        .slice(-3)
        .join('/')
        .replace(/-[\w-]{8}(\.d\.ts)$/, '$1');
      if (!source.fileName.startsWith(dirname(file))) byFile.set(name, count);
    }
  }
  return { ours, library, byFile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await typecheck((name, value, target, ok) =>
    console.log(`${ok === undefined ? '    ' : ok ? 'PASS' : 'FAIL'} ${name} ${value}${target ? `   (target ${target})` : ''}`),
  );
}
