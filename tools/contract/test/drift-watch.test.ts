// The drift watch's workflow and the action, checked without GitHub: both files pass a workflow linter
// (action-validator, SchemaStore's schemas, shipped as WebAssembly in its npm package), the workflow's commands are
// the ones tools/contract/README.md documents, and the request budget of a nightly full run, computed from the spec,
// stays within the stated share of every rate-limit window (replayed on a virtual clock).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { SPEC_JSON } from '../src/paths.mjs';
import { createPacer, describeBudget, minimumSeconds, paceOf, planOf } from '../src/budget.mjs';
import { buildRequests } from '../src/requests.mjs';

const require = createRequire(import.meta.url);
const PACKAGE = resolve(import.meta.dirname, '..');
const ROOT = resolve(PACKAGE, '../..');
const WORKFLOW = join(ROOT, '.github/workflows/drift-watch.yml');
const LINTED = ['.github/workflows/drift-watch.yml', '.github/workflows/release.yml', 'action.yml'];
const VALIDATOR = join(require.resolve('@action-validator/cli/package.json'), '..', 'cli.mjs');
const spec = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const temp = mkdtempSync(join(tmpdir(), 'drift-watch-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const lint = (file: string) => spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8' });
/** The `laevitas-contract …` commands of a text, one per line, in order. */
const commandsIn = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('laevitas-contract '));
const workflow = YAML.parse(readFileSync(WORKFLOW, 'utf8'));
const workflowCommands = commandsIn(workflow.jobs.watch.steps.map((s: { run?: string }) => s.run ?? '').join('\n'));
const shareOf = (command: string) => Number(/--rate-share (\S+)/.exec(command)?.[1]);

describe('the workflow files', () => {
  it.each(LINTED)('%s passes the workflow linter', (file) => {
    const result = lint(join(ROOT, file));
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the linter rejects a step with a misspelt key, so a pass means something', () => {
    const broken = readFileSync(WORKFLOW, 'utf8').replace('    steps:\n', '    stepz:\n');
    const file = join(temp, 'broken.yml');
    writeFileSync(file, broken);
    const result = lint(file);
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/Additional property 'stepz' is not allowed/);
  });

  it("keeps the workflow's commands equal to the ones tools/contract/README.md documents", () => {
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('**The drift watch**'));
    const documented = commandsIn(/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '');
    expect(workflowCommands.length).toBe(3);
    expect(workflowCommands).toEqual(documented);
    // The CLI the workflow runs is the packed one, put on PATH by the step that installs it.
    const install = workflow.jobs.watch.steps.find((s: { name?: string }) => s.name === 'Install the CLI as published');
    expect(install.run).toContain('node tools/contract/scripts/install-packed.mjs "$RUNNER_TEMP/contract-cli"');
    expect(install.run).toContain('"$RUNNER_TEMP/contract-cli/node_modules/.bin" >> "$GITHUB_PATH"');
  });

  it('runs nightly and on demand, with the key from the secrets, and saves the reports', () => {
    expect(workflow.on.schedule[0].cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    const run = workflow.jobs.watch.steps.find((s: { id?: string }) => s.id === 'run');
    expect(run.env.LAEVITAS_API_KEY).toBe('${{ secrets.LAEVITAS_API_KEY }}');
    const upload = workflow.jobs.watch.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload.if).toBe('always()');
    const pr = workflow.jobs.watch.steps.find((s: { uses?: string }) => s.uses?.startsWith('peter-evans/create-pull-request@'));
    expect(pr.uses).toMatch(/@v\d+$/);
    expect(pr.with.branch).toBe('drift-watch/proposal');
    expect(pr.if).toBe("steps.propose.outputs.drift == 'true'");
    const close = workflow.jobs.watch.steps.find((s: { name?: string }) => s.name === 'Close the proposal when the drift is gone');
    expect(close.if).toBe("steps.propose.outputs.drift == 'false'");
    expect(close.run).toMatch(/gh pr list --head drift-watch\/proposal --state open[\s\S]*gh pr close/);
  });
});

describe('the workflow, step by step', () => {
  const steps: { name?: string; uses?: string; run?: string; if?: string; with?: Record<string, string> }[] = workflow.jobs.watch.steps;
  const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8').replace(/\s+/g, ' ');

  it("takes the hosts from the repository's variables, the public ones by default", () => {
    expect(workflow.env.LAEVITAS_BASE_URL).toBe("${{ vars.LAEVITAS_BASE_URL || 'https://api.laevitas.ch' }}");
    expect(workflow.env.LAEVITAS_V2_BASE_URL).toBe("${{ vars.LAEVITAS_V2_BASE_URL || 'https://apiv2.laevitas.ch' }}");
  });

  it('applies the patch and regenerates, then opens the one pull request with the body and the findings file', () => {
    const apply = steps.find((s) => s.name === 'Apply the proposal')!;
    expect(apply.if).toBe("steps.propose.outputs.drift == 'true'");
    expect(apply.run).toContain('git apply "$RUNNER_TEMP/drift-reports/spec.patch" && pnpm generate');
    expect(apply.run).toContain('cp "$RUNNER_TEMP/drift-reports/drift-pull-request.md" .github/drift-watch/FINDINGS.md');
    const propose = workflowCommands.find((c) => c.startsWith('laevitas-contract propose '))!;
    expect(propose).toContain('--out "$RUNNER_TEMP/drift-reports/spec.patch" --body "$RUNNER_TEMP/drift-reports/drift-pull-request.md"');
    const pr = steps.find((s) => s.uses?.startsWith('peter-evans/create-pull-request@'))!;
    expect(pr.with!['body-path']).toBe('${{ runner.temp }}/drift-reports/drift-pull-request.md');
    // The version the README names is the one the workflow uses.
    expect(readme).toContain(`(${pr.uses})`);
    expect(steps.indexOf(apply)).toBeLessThan(steps.indexOf(pr));
  });
});

describe('the nightly budget', () => {
  const share = shareOf(workflowCommands.find((c) => c.startsWith('laevitas-contract run '))!);
  const pace = paceOf(spec, share);
  const plan = planOf(spec);

  it('is a small stated share, the same in the budget and run steps', () => {
    expect(share).toBe(0.25);
    expect(workflowCommands.filter((c) => c.includes('--rate-share')).map(shareOf)).toEqual([share, share]);
  });

  it('counts the requests of a full run from the spec, prints them, and the README states that count', () => {
    const printed = execFileSync(process.execPath, [join(PACKAGE, 'src/cli.mjs'), 'budget', '--rate-share', String(share)], { encoding: 'utf8' });
    console.log(printed.trim());
    expect(printed).toContain(describeBudget(plan, pace));
    expect(printed).toMatch(new RegExp(`budget: ${plan.total} requests for `));
    // Compared with its lines joined: the README is wrapped at 120 columns.
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`A full run plans ${plan.total} requests, at least ${minimumSeconds(plan, pace)} s.`);
    const [perMinute, perFive] = pace.groups.v1!.paced;
    const [allowMinute, allowFive] = pace.groups.v1!.allowance;
    expect(readme).toContain(
      `(v1: ${perFive!.limit} per 5 s and ${perMinute!.limit} per 60 s of the published ${allowFive!.limit} and ${allowMinute!.limit}; the credit-token`,
    );
    expect(readme).toContain(`routes ${pace.groups.creditToken!.paced[0]!.limit} of ${pace.groups.creditToken!.allowance[0]!.limit} per 60 s)`);
    // Nothing that pays or spends credits is planned.
    expect(
      plan.operations
        .filter((o) => o.skipped)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(['postX402CreditToken', 'postX402SubscriptionsCheckoutsByIdPay', 'postX402TickDataCheckoutsByIdPay', 'postX402WsPassDay', 'postX402WsPassHour']);
  });

  it('the legacy family publishes no limit and is paced in the v1 windows', () => {
    expect(Object.keys(spec.info['x-rate-limits'])).not.toContain('legacy');
    const familyOf = new Map(buildRequests(spec).map((r: { op: { operationId: string; family: string } }) => [r.op.operationId, r.op.family]));
    const legacy = plan.operations.filter((o) => familyOf.get(o.operationId) === 'legacy');
    expect(legacy.length).toBeGreaterThan(100);
    expect(new Set(legacy.map((o) => o.group))).toEqual(new Set(['v1']));
  });

  it('paced, a full run keeps every window of every group within the share of its limit, and fits the job timeout', async () => {
    let now = 0;
    const pacer = createPacer(pace, { now: () => now, sleep: async (ms) => void (now += ms) });
    const sent: Record<string, number[]> = {};
    for (const op of plan.operations) {
      for (let i = 0; i < op.requests; i++) {
        await pacer.acquire(op.group);
        (sent[op.group] ??= []).push(now);
      }
    }
    expect(Object.values(sent).flat().length).toBe(plan.total);
    for (const [group, times] of Object.entries(sent)) {
      for (const { limit, windowSeconds } of pace.groups[group]!.allowance) {
        const most = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + windowSeconds * 1000).length));
        expect(most, `${group}: ${windowSeconds} s window`).toBeLessThanOrEqual(Math.floor(limit * share));
      }
    }
    const seconds = Math.max(...Object.values(sent).flat()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(minimumSeconds(plan, pace));
    // The run, the install and the build fit the job's timeout with room to spare.
    expect(seconds / 60 + 20).toBeLessThanOrEqual(workflow.jobs.watch['timeout-minutes']);
  });
});
