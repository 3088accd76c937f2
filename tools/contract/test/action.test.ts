// The repository's GitHub Action run as a runner runs it: its entry script with GITHUB_ACTIONS=true, the step's
// inputs as INPUT_* variables (what action.yml maps them to), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as temporary
// files, against the mock behind the drift proxy. The CLI is this checkout's (LAEVITAS_CONTRACT_BIN), where a runner
// would take the published one of the same version.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { startMock } from '../src/mock.mjs';
import { startDriftServer } from './drift-server.mjs';

const PACKAGE = resolve(import.meta.dirname, '..');
const ROOT = resolve(PACKAGE, '../..');
const ENTRY = join(PACKAGE, 'scripts/action-entry.mjs');
const version = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version as string;
const KEY = 'action-test-key-6f1c2d9e';
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GITHUB_|INPUT_|LAEVITAS_|VITEST)/.test(k)));

let mock: { url: string; stop: () => Promise<void> };
const temp: string[] = [];
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 90_000);
afterAll(async () => {
  await mock?.stop();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Runs the entry as the composite step does; resolves with its output and the runner's files. */
function runEntry(inputs: Record<string, string>) {
  const workspace = mkdtempSync(join(tmpdir(), 'action-workspace-'));
  temp.push(workspace);
  const output = join(workspace, 'github-output');
  const stepSummary = join(workspace, 'step-summary');
  writeFileSync(output, '');
  writeFileSync(stepSummary, '');
  const env = {
    ...cleanEnv,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: stepSummary,
    LAEVITAS_CONTRACT_BIN: join(PACKAGE, 'src/cli.mjs'),
    LAEVITAS_API_KEY: KEY,
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k}`, v])),
  };
  return new Promise<{ code: number | null; out: string; outputs: Record<string, string>; summary: string; workspace: string }>((done) => {
    const child = spawn(process.execPath, [ENTRY], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => {
      const outputs = Object.fromEntries(
        readFileSync(output, 'utf8')
          .trim()
          .split('\n')
          .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
      );
      done({ code, out, outputs, summary: readFileSync(stepSummary, 'utf8'), workspace });
    });
  });
}

describe('the action entry, as a GitHub runner runs it', () => {
  it('annotates the failed operation at its line of the summary, and sets the outputs and the job summary', async () => {
    const drift = await startDriftServer({ upstream: mock.url, fault: 'wrong-status' });
    try {
      const run = await runEntry({ BASE_URL: drift.url, V2_BASE_URL: drift.url, ONLY: 'getOptionsOhlcvt,getOptionsCatalog', REPORTS: 'contract-reports' });
      expect(run.code).toBe(0);
      expect(run.out).toContain(`Running @laevitas-api/contract@${version}`);
      expect(run.outputs).toMatchObject({ 'exit-code': '1', passed: '1', failed: '1', skipped: '0', reports: join(run.workspace, 'contract-reports') });
      const errors = run.out.split('\n').filter((l) => l.startsWith('::error'));
      expect(errors).toHaveLength(1);
      const match =
        /^::error file=contract-reports\/contract-summary\.txt,line=(\d+),title=Contract%3A getOptionsOhlcvt::GET \/api\/v1\/options\/ohlcvt \[status\] example request answered 201/.exec(
          errors[0]!,
        );
      expect(match, errors[0]).not.toBeNull();
      const lines = readFileSync(join(run.workspace, 'contract-reports/contract-summary.txt'), 'utf8').split('\n');
      expect(lines[Number(match![1]) - 1]).toMatch(/^FAIL getOptionsOhlcvt /);
      expect(run.summary).toContain(`### Laevitas API contract ${version}: the contract was violated`);
      expect(run.summary).toMatch(/\| `getOptionsOhlcvt` \| `GET \/api\/v1\/options\/ohlcvt` \| \[status\] example request answered 201/);
      expect(run.out + run.summary + JSON.stringify(run.outputs)).not.toContain(KEY);
    } finally {
      await drift.stop();
    }
  }, 120_000);

  it('passes with exit-code 0 and no annotation against a faithful target', async () => {
    const run = await runEntry({ BASE_URL: mock.url, V2_BASE_URL: mock.url, TAG: 'Dealer GEX', REPORTS: 'reports' });
    expect(run.outputs['exit-code']).toBe('0');
    expect(Number(run.outputs.passed)).toBeGreaterThan(3);
    expect(run.out).not.toMatch(/^::error/m);
    expect(run.summary).toContain('the contract held');
  }, 120_000);

  it('an unreachable target is exit-code 2 with one annotation naming the host and port', async () => {
    const port = await new Promise<number>((done) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => done(port));
      });
    });
    const run = await runEntry({ V2_BASE_URL: `http://127.0.0.1:${port}`, FAMILY: 'v1' });
    expect(run.outputs['exit-code']).toBe('2');
    expect(run.out).toMatch(new RegExp(`^::error title=laevitas-contract::.*127\\.0\\.0\\.1.*${port}`, 'm'));
    expect(run.summary).toContain('nothing was checked');
  }, 60_000);

  it('action.yml maps every input to the variable the entry reads, runs this entry, uploads the reports, then fails on the exit code', () => {
    const action = YAML.parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
    expect(action.runs.using).toBe('composite');
    const [step, upload, verdict] = action.runs.steps;
    expect(step.run).toBe('node "${{ github.action_path }}/tools/contract/scripts/action-entry.mjs"');
    const entry = readFileSync(ENTRY, 'utf8');
    for (const name of Object.keys(action.inputs).filter((n) => !['api-key', 'artifact-name'].includes(n))) {
      const variable = `INPUT_${name.toUpperCase().replaceAll('-', '_')}`;
      expect(step.env[variable], name).toBe(`\${{ inputs.${name} }}`);
      expect(entry, variable).toContain(`'${variable.slice('INPUT_'.length)}'`);
    }
    expect(step.env.LAEVITAS_API_KEY).toBe('${{ inputs.api-key }}');
    expect(upload.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
    expect(upload.if).toMatch(/^always\(\)/);
    expect(verdict.if).toBe("steps.contract.outputs.exit-code != '0'");
    for (const output of ['exit-code', 'passed', 'failed', 'skipped', 'reports'])
      expect(action.outputs[output].value).toBe(`\${{ steps.contract.outputs.${output} }}`);
  });

  it('the README names every input of action.yml with the reports default, the Node.js the CLI accepts, and a step that fails on every code but 0', () => {
    const action = YAML.parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const inputs = /Inputs: (.*?)\. Needs/.exec(readme)![1]!;
    const named = [...inputs.replace(/\((default|given to)[^)]*\)/g, '').matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(action.inputs).sort());
    expect(inputs).toContain(`\`reports\` (default \`${action.inputs.reports.default}\`)`);
    // The engines of the CLI the action runs, as the README words them: `>=20.19 <21 || >=22.12` is "20.19+ or 22.12+".
    const engines = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).engines.node as string;
    const worded = engines.split('||').map((range) => `${/>=\s*([\d.]+)/.exec(range)![1]}+`);
    expect(readme).toContain(`Needs Node.js ${worded.join(' or ')} on the runner`);
    const verdict = action.runs.steps.at(-1);
    expect(verdict.if).toBe("steps.contract.outputs.exit-code != '0'");
    expect(verdict.run).toBe('exit "${CODE:-3}"');
  });
});
