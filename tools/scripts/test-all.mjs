#!/usr/bin/env node
// `pnpm test`: every check, in the order that makes each meaningful. The freshness check runs first, on the files as
// committed (later targets regenerate them), then Nx runs lint, type checks, builds, unit and property tests, docs
// checks and the contract run against the mock, caching what did not change. Closes with one line that totals
// every test counted along the way. Opens with the Node that runs the tools (Node 24 from the npm registry, at
// node_modules/.bin/node) and refuses an older one: a silent fall-back to the machine's Node 20 would test the tools
// on a Node they no longer target. The Node matrix prints the Node of each of its legs.
import { spawn, spawnSync } from 'node:child_process';
import { describeNode, toolchainNode, toolchainNodeProblem } from '@laevitas-api/runtimes';

const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', SCARF_ANALYTICS: 'false', REDOCLY_TELEMETRY: 'off', FORCE_COLOR: '0' };
/** @type {[label: string, command: string, args: string[]][]} */
const steps = [
  ['generated files are fresh', 'node', ['tools/codegen/src/cli.mjs', 'check']],
  // A spec change since the last released bundle needs a changeset, and a breaking one a major changeset.
  ['a changeset for every spec change', 'node', ['tools/release/src/check-changeset.mjs']],
  ['no unannounced breaking change', 'node', ['tools/release/src/check-breaking.mjs']],
  [
    'lint, typecheck, build, test, contract',
    'pnpm',
    ['exec', 'nx', 'run-many', '-t', 'lint', 'typecheck', 'build', 'test', 'contract', '--outputStyle=static'],
  ],
  ['release dry run', 'node', ['tools/release/src/release-dry.mjs']],
  // The packed tarballs in a clean project per runtime, one smoke program each against the mock (tools/ecosystem).
  [
    'the smoke per runtime: Node 20, 22, 24, 26, Bun, Deno, workerd, Chromium',
    'pnpm',
    ['exec', 'nx', 'run', '@laevitas-api/ecosystem:ecosystem', '--outputStyle=static'],
  ],
  ["the packages' tests on Node 20, 22, 24 and 26 (each leg prints its Node)", 'node', ['tools/scripts/node-matrix.mjs']],
];

/** @type {{passed: number, failed: number, skipped: number}} */
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @param {string} line */
function count(line) {
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(plain);
  if (vitest) {
    for (const [, n, what] of (vitest[1] ?? '').matchAll(/(\d+) (passed|failed|skipped|todo)/g))
      if (what === 'passed' || what === 'failed' || what === 'skipped') totals[what] += Number(n);
    return;
  }
  const ours = /^(conformance|dredd|stream|ecosystem): (\d+) passed, (\d+) failed, (\d+) skipped/.exec(plain);
  if (ours) {
    totals.passed += Number(ours[2]);
    totals.failed += Number(ours[3]);
    totals.skipped += Number(ours[4]);
  }
}

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    /** @param {NodeJS.WriteStream} stream */
    const onData = (stream) => (/** @type {Buffer} */ chunk) => {
      stream.write(chunk);
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(count);
    };
    child.stdout.on('data', onData(process.stdout));
    child.stderr.on('data', onData(process.stderr));
    child.on('exit', (code) => {
      count(pending);
      resolve(code ?? 1);
    });
  });
}

/** The tools' Node: this process, and the `node` every step's children find on PATH (they must be the same). */
function checkToolsNode() {
  console.log(`the tools run on ${describeNode(toolchainNode())}`);
  const child = spawnSync('node', ['-p', 'JSON.stringify([process.version, process.execPath])'], { env, encoding: 'utf8' });
  const [version, execPath] = /** @type {[string, string]} */ (JSON.parse(child.stdout || '["none", "no node on PATH"]'));
  console.log(`their child processes run on ${describeNode(toolchainNode({ version, execPath }))}`);
  return toolchainNodeProblem() ?? toolchainNodeProblem({ version });
}

const started = Date.now();
const nodeProblem = checkToolsNode();
if (nodeProblem) {
  console.error(`\nFAILED before the first step: ${nodeProblem}`);
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
let failedStep;
for (const [label, command, args] of steps) {
  if ((await run(label, command, args)) !== 0) {
    failedStep = label;
    break;
  }
}
console.log(`\n${failedStep ? `FAILED at: ${failedStep}` : 'All checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (failedStep && totals.failed === 0) totals.failed = 1; // a failing step without a counted test still fails the run
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
