// The repository README's sections about the client and the contract CLI cite the tests that prove their claims
// (`path` › "test name", paths from the repository root): each cited test must exist, and each section keeps at
// least the citations it has today. The citation syntax and its check are shared with the client's README test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { citations, exists, sections } from '../../../packages/client/test/readme-citations.js';

const root = join(import.meta.dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The sections that make claims, and how many citations each has at least (a section includes its sub-sections). */
const MINIMUM: Record<string, number> = {
  'Using the packages': 46,
  'Contract tests, here and in your CI': 83,
  'What the mock does and does not simulate': 22,
  'Hostile input, a dead Prism, speed': 37,
  'Mock state: payments, credits, the agent endpoint and rate limits': 23,
};

it('every test the README cites exists', () => {
  const cited = citations(readme, root);
  expect(cited.length).toBeGreaterThanOrEqual(46 + 83);
  expect(cited.filter((c) => !exists(c)).map(({ file, name }) => `${file.slice(root.length + 1)} › ${name}`)).toEqual([]);
});

it('each section that makes claims keeps its citations', () => {
  const bySection = sections(readme);
  for (const [title, minimum] of Object.entries(MINIMUM)) {
    expect(bySection.has(title), `section "${title}"`).toBe(true);
    expect(citations(bySection.get(title)!, root).length, title).toBeGreaterThanOrEqual(minimum);
  }
});

it('a citation of a test that does not exist is caught', () => {
  const [fake] = citations('(test: `tools/contract/test/guard.test.ts` › "no such test")', root);
  expect(exists(fake!)).toBe(false);
  const [real] = citations('(test: `tools/contract/test/guard.test.ts` › "tells a malformed escape from invalid UTF-8")', root);
  expect(exists(real!)).toBe(true);
});
