// The consumer check compiles on every TypeScript a consumer runs: each of the matrix is installed at its version
// and its `tsc` (7.0's is the launcher of the native compiler) answers with that version.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TYPESCRIPTS, reportedVersion, tscOf } from '../run.mjs';

describe('the TypeScript matrix of the consumer check', () => {
  it('is 5.9, 6.0 and 7.0, each installed at that version', () => {
    expect(TYPESCRIPTS.map((t) => t.version)).toEqual(['5.9', '6.0', '7.0']);
    for (const t of TYPESCRIPTS) expect(reportedVersion(t.package)).toMatch(new RegExp(`^${t.version.replace('.', '\\.')}\\.`));
  });

  it.each(TYPESCRIPTS)('TypeScript $version: its tsc runs and reports its version', ({ version, package: pkg }) => {
    const out = execFileSync(process.execPath, [tscOf(pkg), '--version'], { encoding: 'utf8' });
    expect(out).toContain(`Version ${version}.`);
  });

  it('node10 is left out only where TypeScript removed it (7.0), and 6.0 gets the deprecation opt-in a consumer needs', () => {
    const byVersion = Object.fromEntries(TYPESCRIPTS.map((t) => [t.version, t]));
    expect(Object.keys(byVersion['7.0']?.unsupported ?? {})).toEqual(['node10-cjs']);
    expect(byVersion['6.0']?.extraArgs['node10-cjs']).toEqual(['--ignoreDeprecations', '6.0']);
    expect(byVersion['5.9']?.unsupported).toEqual({});
  });
});
