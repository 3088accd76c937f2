// The README cites a test for every claim (`test/<file>` › "name"; `tools/…` paths are from the repository root):
// each cited test must exist, so a renamed or deleted test cannot leave a claim without proof, and each section keeps
// at least the citations it has today, so a section cannot silently lose them.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citations, exists, sections } from './readme-citations.js';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The sections that make claims, and how many citations each has at least. */
const MINIMUM: Record<string, number> = {
  'Calling operations': 21,
  'Time series': 10,
  Settings: 24,
  'Small bundles: the core and single operations': 7,
  'The wire layer': 4,
  'Timeouts and cost': 2,
  'Payments and credits': 26,
  Streaming: 38,
  'Agent endpoint (MCP)': 7,
};

it('every test the README cites exists', () => {
  const cited = citations(readme, root);
  expect(cited.length).toBeGreaterThanOrEqual(Object.values(MINIMUM).reduce((a, b) => a + b));
  expect(cited.filter((c) => !exists(c)).map(({ file, name }) => `${file.slice(root.length + 1)} › ${name}`)).toEqual([]);
});

it('each section that makes claims keeps its citations', () => {
  const bySection = sections(readme);
  const counts = Object.fromEntries(Object.keys(MINIMUM).map((title) => [title, citations(bySection.get(title) ?? '', root).length]));
  for (const [title, minimum] of Object.entries(MINIMUM)) expect(counts[title], title).toBeGreaterThanOrEqual(minimum);
});

it('a citation of a test that does not exist is caught', () => {
  const [fake] = citations('(test: `test/payments.test.ts` › "no such test")', root);
  expect(exists(fake!)).toBe(false);
  const [real] = citations('(test: `test/payments.test.ts` › "perCall")', root);
  expect(exists(real!)).toBe(true);
  const [missingFile] = citations('(test: `tools/contract/test/no-such.test.ts` › "perCall")', root);
  expect(exists(missingFile!)).toBe(false);
  const [prefix] = citations('(test: `test/payments.test.ts` › "no such test …")', root);
  expect(exists(prefix!)).toBe(false);
});
