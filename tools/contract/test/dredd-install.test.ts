// Dredd installed only when asked for (src/dredd-install.mjs): where an installed Dredd is found, what a run says when
// there is none, the overrides its on-demand install applies, and a failed install naming the command to run by hand.
// The install itself, from the registry, is proved by the packed CLI (test/packed-cli.test.ts › "run --dredd …").
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { DREDD_OVERRIDES, DREDD_VERSION, ensureDredd, findDredd, notInstalled } from '../src/dredd-install.mjs';
import { parseCli } from '../src/args.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dredd-install-'));
  dirs.push(dir);
  return dir;
};
/** A folder that looks like an installed Dredd: its manifest and its bin. */
const fakeDredd = (nodeModules: string) => {
  const dir = join(nodeModules, 'dredd');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'dredd', version: DREDD_VERSION }));
  writeFileSync(join(dir, 'bin/dredd'), '');
  return dir;
};

describe('Dredd, installed only when asked for', () => {
  it("finds the working directory's project's Dredd before the cache folder's, and none where neither has one", () => {
    const project = temp();
    writeFileSync(join(project, 'package.json'), '{"name":"consumer","private":true}');
    const home = temp();
    expect(findDredd({ home, cwd: project })).toBeUndefined();
    const cached = fakeDredd(join(home, 'node_modules'));
    expect(findDredd({ home, cwd: project })).toBe(cached);
    const own = fakeDredd(join(project, 'node_modules'));
    expect(findDredd({ home, cwd: project })).toBe(own);
  });

  it('says, when Dredd is not installed, both ways to get it', () => {
    expect(notInstalled()).toMatch(
      /^not installed \(optional: `laevitas-contract run --dredd` installs dredd@14\.1\.0 from the npm registry into .+, or add it to your project: npm i -D dredd@14\.1\.0\)$/,
    );
  });

  it("installs with the workspace's overrides for the advisories of Dredd's tree", () => {
    const workspace = parse(readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')) as { overrides: Record<string, string> };
    for (const [selector, version] of Object.entries(DREDD_OVERRIDES)) expect(workspace.overrides[selector], selector).toBe(version);
    expect(Object.keys(DREDD_OVERRIDES).map((s) => s.replace(/@[^@]*$/, ''))).toEqual([
      'form-data',
      'jsonpath-plus',
      'js-yaml',
      'js-yaml',
      'lodash',
      'minimist',
    ]);
  });

  it('a failed install throws naming the command to run by hand, and leaves no half-installed folder', () => {
    const parent = temp();
    const home = join(parent, 'dredd-home');
    const lines: string[] = [];
    expect(() => ensureDredd({ home, npm: join(parent, 'no-such-npm'), log: (line) => lines.push(line) })).toThrow(
      /^installing dredd@14\.1\.0 failed \(npm: .*ENOENT\); add it to your project instead: npm i -D dredd@14\.1\.0$/,
    );
    expect(lines).toEqual([expect.stringMatching(/^dredd: installing dredd@14\.1\.0 from the npm registry into /)]);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('--dredd and --no-dredd together are a usage error', () => {
    expect(() => parseCli(['run', '--dredd', '--no-dredd'])).toThrow(/--dredd and --no-dredd contradict each other/);
    expect(parseCli(['run', '--dredd']).values.dredd).toBe(true);
  });
});
