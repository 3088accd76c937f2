// The supply-chain policy on recorded audit reports in the registry's own formats (`pnpm audit --json` and the bulk
// advisory response), since the audit endpoint does not answer on every machine: an unlisted critical fails, a
// listed one passes, an expired entry fails, and a malformed allowlist names the field.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findingsOf, judge, readAllowlist } from '../src/audit-policy.mjs';
import { STEPS } from '../src/pipeline.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const FIXTURES = join(import.meta.dirname, 'fixtures/audit');
const report = (name: string) => join(FIXTURES, name);
const dir = mkdtempSync(join(tmpdir(), 'audit-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FORM_DATA = { id: 'GHSA-fjxv-7rqg-78g4', path: 'dredd>request>form-data', reason: 'Dredd 14 pins request 2.88', expires: '2027-01-31' };
/** `node audit-policy.mjs <report>` with an allowlist of `accepted`, on a given day. */
function policy(reportFile: string, accepted: unknown[], today = '2026-12-01') {
  const allowlist = join(dir, `allowlist-${Math.random()}.json`);
  writeFileSync(allowlist, JSON.stringify({ accepted }));
  const run = spawnSync(process.execPath, ['tools/release/src/audit-policy.mjs', reportFile], {
    cwd: ROOT,
    env: { ...process.env, AUDIT_ALLOWLIST: allowlist, AUDIT_TODAY: today },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe('pnpm audit --json reports', () => {
  it('an unlisted critical fails, naming advisory, package and path', () => {
    const { status, out } = policy(report('pnpm-audit-critical.json'), []);
    expect(status, out).toBe(1);
    expect(out).toMatch(/FAIL critical GHSA-fjxv-7rqg-78g4 form-data via tools__contract>dredd>request>form-data: .* not in audit-allowlist\.json/);
    expect(out).not.toMatch(/minimist/); // moderate: under the floor
  });
  it('a listed critical passes until its expiry', () => {
    const { status, out } = policy(report('pnpm-audit-critical.json'), [FORM_DATA]);
    expect(status, out).toBe(0);
    expect(out).toMatch(/accepted critical GHSA-fjxv-7rqg-78g4 .* accepted until 2027-01-31: Dredd 14 pins request 2\.88/);
  });
  it('an expired entry fails', () => {
    const { status, out } = policy(report('pnpm-audit-critical.json'), [FORM_DATA], '2027-02-01');
    expect(status, out).toBe(1);
    expect(out).toMatch(/its acceptance expired on 2027-01-31/);
  });
  it('an entry for another path does not cover the advisory where it is reached another way', () => {
    const { status } = policy(report('pnpm-audit-critical.json'), [{ ...FORM_DATA, path: 'axios>form-data' }]);
    expect(status).toBe(1);
  });
  it('AUDIT_LEVEL=moderate fails on the moderate one too', () => {
    const findings = findingsOf(JSON.parse(readFileSync(report('pnpm-audit-critical.json'), 'utf8')));
    const { failures } = judge(findings, [FORM_DATA], { level: 'moderate', today: '2026-12-01' });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/moderate GHSA-vh95-rmgr-6w4m minimist/);
  });
  it('a clean report passes, and names an entry the report no longer needs', () => {
    const { status, out } = policy(report('clean.json'), [FORM_DATA]);
    expect(status, out).toBe(0);
    expect(out).toMatch(/unused allowlist entry GHSA-fjxv-7rqg-78g4/);
  });
});

describe("the registry's bulk advisory format (no paths)", () => {
  it('an unlisted critical fails; an entry whose path ends at the package passes; expired fails', () => {
    expect(policy(report('bulk-critical.json'), []).status).toBe(1);
    expect(policy(report('bulk-critical.json'), [FORM_DATA]).status).toBe(0);
    expect(policy(report('bulk-critical.json'), [FORM_DATA], '2027-03-01').status).toBe(1);
  });
});

describe('the allowlist', () => {
  it('names every missing or malformed field', () => {
    const { errors } = readAllowlist({ accepted: [{ id: 'GHSA-x', path: 'a>b', expires: 'soon' }] });
    expect(errors).toEqual([
      'audit-allowlist.json: accepted[0].reason is required (a non-empty string)',
      'audit-allowlist.json: accepted[0].expires must be a date, YYYY-MM-DD',
    ]);
    expect(policy(report('clean.json'), [{ id: 'GHSA-x' }]).status).toBe(1);
  });
  it("the repository's own allowlist is well-formed", () => {
    expect(readAllowlist(JSON.parse(readFileSync(join(ROOT, 'audit-allowlist.json'), 'utf8'))).errors).toEqual([]);
  });
  it('the release workflow runs the policy on a live report', () => {
    expect(STEPS.find((s) => s.job === 'release' && s.run === 'pnpm release:audit')).toBeTruthy();
    expect(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')).toMatch(/run: pnpm release:audit/);
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['release:audit']).toBe('node tools/release/src/audit-policy.mjs --live');
  });
});
