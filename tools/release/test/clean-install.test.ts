// Clean consumer installs: each published package, from its packed tarball, installed outside the workspace on
// Node 22, 24 and 26 (binaries from the npm registry's `node` package) by npm, and the contract CLI by pnpm too,
// prints no engine warning and no deprecation warning. The detector itself is checked on a package that asks for a
// Node no one runs.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSUMER_NODES, cleanInstalls, installers, installWarnings, nodeBinary } from '../src/clean-install.mjs';
import { ROOT } from '../src/releases.mjs';
import { publishable } from '../src/workspace.mjs';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('clean consumer installs', () => {
  it('the detector reports an engine warning (npm and pnpm) for a package that asks for Node >= 99', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engine-probe-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'pkg'));
    writeFileSync(join(dir, 'pkg/package.json'), JSON.stringify({ name: 'engine-probe', version: '1.0.0', engines: { node: '>=99' } }));
    execFileSync('npm', ['pack', '--pack-destination', dir], { cwd: join(dir, 'pkg'), stdio: 'ignore' });
    const packed = new Map([['engine-probe', { tarball: join(dir, 'engine-probe-1.0.0.tgz'), deps: [] }]]);
    const node = nodeBinary(CONSUMER_NODES[22]);
    for (const installer of ['npm', 'pnpm'] as const) {
      const warnings = await installWarnings({ node, installer, name: 'engine-probe', packed, scripts: installers() });
      expect(warnings.join('\n'), installer).toMatch(installer === 'npm' ? /EBADENGINE.*engine-probe@1\.0\.0/s : /Unsupported engine for engine-probe@/);
    }
  }, 120_000);

  it(`every published package installs on Node ${Object.values(CONSUMER_NODES).join(', ')} with no engine or deprecation warning`, async () => {
    const lines: string[] = [];
    const results = await cleanInstalls({ log: (line) => lines.push(line) });
    console.log(lines.join('\n'));
    // every publishable package by npm, and the CLI by pnpm too, on each Node version
    expect(results.length).toBe(Object.keys(CONSUMER_NODES).length * (publishable(ROOT).length + 1));
    expect(results.filter((r) => r.warnings.length)).toEqual([]);
  }, 900_000);
});
