// `engines`, the root README's "Supported runtimes" table and CI say the same thing: the Node row is exactly the
// Node matrix (every version satisfying every package's engines), the other rows are the pinned versions the
// ecosystem smoke and the consumer check run, and `pnpm test` (what CI runs) includes both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { NODE_VERSIONS } from '@laevitas-api/runtimes';
import { VERSIONS } from '../src/runtimes.mjs';
import { TYPESCRIPTS } from '../../consumer-check/run.mjs';

const root = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const section = readme.slice(readme.indexOf('## Supported runtimes'), readme.indexOf('\n## ', readme.indexOf('## Supported runtimes') + 5));
/** The table's rows: first cell → [supported, tested on]. */
const rows = new Map(
  section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .map(([runtime, supported, tested]) => [runtime!, { supported: supported!, tested: tested! }]),
);
const PUBLISHED = [
  'package.json',
  'packages/types/package.json',
  'packages/validators/package.json',
  'packages/client/package.json',
  'tools/contract/package.json',
];

describe('supported runtimes: engines, README and CI agree', () => {
  it('the Node row is the matrix, every version satisfies engines, and 26 is in it', () => {
    const node = rows.get('Node.js');
    expect(node, 'a Node.js row').toBeDefined();
    expect(node!.tested.split(',').map((v) => v.trim())).toEqual(Object.values(NODE_VERSIONS));
    expect(Object.keys(NODE_VERSIONS)).toContain('26');
    for (const major of Object.keys(NODE_VERSIONS)) expect(node!.supported).toMatch(new RegExp(`\\b${major}\\b`));
    for (const file of PUBLISHED) {
      const range = JSON.parse(read(file)).engines?.node;
      expect(range, `${file} engines.node`).toBeTruthy();
      expect(section, `the README quotes ${file}'s engines`).toContain(`\`${range}\``);
      for (const version of Object.values(NODE_VERSIONS)) expect(semver.satisfies(version, range), `${version} satisfies ${file} ${range}`).toBe(true);
    }
  });

  it('the other rows are the versions the ecosystem smoke and the consumer check run', () => {
    expect(rows.get('Bun')?.tested).toBe(VERSIONS.bun);
    expect(rows.get('Deno')?.tested).toBe(VERSIONS.deno);
    expect(rows.get('Cloudflare Workers (workerd)')?.tested).toBe(`miniflare ${VERSIONS.miniflare}`);
    expect(rows.get('Browsers')?.tested).toMatch(/Chromium/);
    const ts = TYPESCRIPTS.map((t) => t.version);
    expect(
      rows
        .get('TypeScript (the types)')
        ?.tested.split(',')
        .map((v) => v.trim()),
    ).toEqual(ts);
  });

  it('pnpm test runs the Node matrix and the ecosystem smoke, and CI runs pnpm test', () => {
    const testAll = read('tools/scripts/test-all.mjs');
    expect(testAll).toContain("'tools/scripts/node-matrix.mjs'");
    expect(testAll).toContain("'@laevitas-api/ecosystem:ecosystem'");
    expect(JSON.parse(read('package.json')).scripts.test).toBe('node tools/scripts/test-all.mjs');
    expect(read('.ci/run')).toMatch(/pnpm install --frozen-lockfile && pnpm test\s*$/);
  });
});
