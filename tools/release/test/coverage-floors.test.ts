// Coverage floors only rise: each package's test command measures coverage (`vitest run --coverage`) against the
// thresholds in its vitest.config.ts, and this test holds those thresholds at or above the committed record
// (tools/release/coverage-floors.json), so lowering a floor means lowering the record too, in plain sight of review.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/releases.mjs';

const METRICS = ['statements', 'branches', 'functions', 'lines'] as const;
type Floors = Record<(typeof METRICS)[number], number>;
const record = JSON.parse(readFileSync(join(ROOT, 'tools/release/coverage-floors.json'), 'utf8')) as {
  floors: Record<string, Floors>;
  unmeasured: Record<string, string>;
};
/** packages/* with a test folder: the packages whose test command runs vitest. */
const tested = readdirSync(join(ROOT, 'packages'))
  .map((name) => `packages/${name}`)
  .filter((dir) => existsSync(join(ROOT, dir, 'test')));

/** The metrics whose threshold is missing or below the recorded floor. */
const belowRecord = (thresholds: Partial<Floors> | undefined, floors: Floors) => METRICS.filter((metric) => !((thresholds?.[metric] ?? -1) >= floors[metric]));

async function thresholdsOf(dir: string): Promise<Partial<Floors> | undefined> {
  const config = (await import(pathToFileURL(join(ROOT, dir, 'vitest.config.ts')).href)).default;
  return config?.test?.coverage?.thresholds;
}

describe('coverage floors (tools/release/coverage-floors.json)', () => {
  it('every package with tests has a recorded floor, or is listed as unmeasured with the reason', () => {
    expect(tested.length).toBeGreaterThanOrEqual(5);
    for (const dir of tested) expect(dir in record.floors || Boolean(record.unmeasured[dir]), dir).toBe(true);
  });

  it.each(Object.keys(record.floors))('%s measures coverage in its test command', (dir) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    expect(pkg.scripts.test, dir).toMatch(/--coverage\b/);
  });

  it.each(Object.keys(record.floors))('%s sets every floor at or above its recorded value', async (dir) => {
    expect(belowRecord(await thresholdsOf(dir), record.floors[dir]!)).toEqual([]);
  });

  it('a floor below its record fails, and so does a config without floors', async () => {
    const floors = record.floors['packages/client']!;
    const thresholds = await thresholdsOf('packages/client');
    expect(belowRecord(thresholds, floors)).toEqual([]);
    expect(belowRecord({ ...thresholds, branches: floors.branches - 1 }, floors)).toEqual(['branches']);
    expect(belowRecord(undefined, floors)).toEqual([...METRICS]);
  });
});
