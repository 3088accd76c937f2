// The manuals that moved out of the repository README cite the tests that prove their claims (`path` › "test name",
// paths from the repository root): this tool's README (contract runs, the mock, the stream check) and the release
// tooling's (the gate, corrections, publishing, coverage floors). Each cited test must exist, and each section keeps
// at least the citations it has today. The client's behaviour (the root README's former "Using the packages", 46
// citations) is now a section of packages/client/README.md, held by the client's own readme-claims test. The citation
// syntax and its check are shared with the client's README test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { citations, exists, sections } from '../../../packages/client/test/readme-citations.js';

const root = join(import.meta.dirname, '../../..');
const DOCUMENTS = ['README.md', 'tools/contract/README.md', 'tools/release/README.md'];
const text = Object.fromEntries(DOCUMENTS.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/** The sections that make claims, and how many citations each has at least (a section includes its sub-sections). */
const MINIMUM: { document: string; section: string; minimum: number }[] = [
  { document: 'tools/contract/README.md', section: 'Contract tests, here and in your CI', minimum: 83 },
  { document: 'tools/contract/README.md', section: 'What the mock does and does not simulate', minimum: 22 },
  { document: 'tools/contract/README.md', section: 'Hostile input, a dead Prism, speed', minimum: 37 },
  { document: 'tools/contract/README.md', section: 'Mock state: payments, credits, the agent endpoint and rate limits', minimum: 23 },
  { document: 'tools/contract/README.md', section: 'Streaming (WebSocket)', minimum: 6 },
  { document: 'tools/contract/README.md', section: 'Export a scan to a file', minimum: 5 },
  { document: 'tools/contract/README.md', section: 'In your CI with the action, and the nightly drift watch', minimum: 34 },
  { document: 'tools/release/README.md', section: 'Releases', minimum: 11 },
  { document: 'tools/release/README.md', section: 'Coverage floors', minimum: 1 },
];

it('every test the READMEs cite exists', () => {
  const cited = Object.values(text).flatMap((t) => citations(t, root));
  expect(cited.length).toBeGreaterThanOrEqual(83 + 6 + 11 + 1);
  expect(cited.filter((c) => !exists(c)).map(({ file, name }) => `${file.slice(root.length + 1)} › ${name}`)).toEqual([]);
});

it('each section that makes claims keeps its citations', () => {
  for (const { document, section, minimum } of MINIMUM) {
    const bySection = sections(text[document]!);
    expect(bySection.has(section), `${document} › "${section}"`).toBe(true);
    expect(citations(bySection.get(section)!, root).length, `${document} › ${section}`).toBeGreaterThanOrEqual(minimum);
  }
});

it('the repository README links each manual that moved out of it', () => {
  const readme = text['README.md']!;
  for (const target of [
    'tools/contract/README.md#contract-tests-here-and-in-your-ci',
    'tools/contract/README.md#what-the-mock-does-and-does-not-simulate',
    'tools/contract/README.md#streaming-websocket',
    'tools/release/README.md',
    'spec/README.md#what-the-spec-promises-and-what-it-does-not',
    'packages/client/README.md',
    'API.md',
  ])
    expect(readme).toContain(`](${target})`);
});

it('a citation of a test that does not exist is caught', () => {
  const [fake] = citations('(test: `tools/contract/test/guard.test.ts` › "no such test")', root);
  expect(exists(fake!)).toBe(false);
  const [real] = citations('(test: `tools/contract/test/guard.test.ts` › "tells a malformed escape from invalid UTF-8")', root);
  expect(exists(real!)).toBe(true);
});
