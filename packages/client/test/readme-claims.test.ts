// The README and the client guides it links (packages/docs/guides/client-*.md, where the rest of its manual moved)
// cite a test for every claim (`test/<file>` › "name" in the README; `tools/…` and `packages/…` paths are from the
// repository root): each cited test must exist, so a renamed or deleted test cannot leave a claim without proof, and
// each section keeps at least the citations it has today, so a section cannot silently lose them.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citations, exists, sections } from './readme-citations.js';

const root = join(import.meta.dirname, '..');
const guides = join(root, '../docs/guides');
/** The README, then each client guide, by the name the README links it with. */
const DOCUMENTS: Record<string, string> = {
  README: join(root, 'README.md'),
  'Client: time series': join(guides, 'client-time-series.md'),
  'Client: hooks and bundles': join(guides, 'client-hooks.md'),
  'Client: payments': join(guides, 'client-payments.md'),
  'Client: streaming': join(guides, 'client-streaming.md'),
};
const text = Object.fromEntries(Object.entries(DOCUMENTS).map(([name, file]) => [name, readFileSync(file, 'utf8')]));

/** The sections that make claims (a document, and a heading of it or the whole guide), and how many citations each has at least. */
const MINIMUM: { document: string; section?: string; minimum: number }[] = [
  { document: 'README', section: 'Calling operations', minimum: 21 },
  { document: 'README', section: 'Errors, retries, redirects, the rate limit and scans', minimum: 46 },
  { document: 'README', section: 'Settings', minimum: 24 },
  { document: 'Client: time series', minimum: 10 },
  { document: 'Client: hooks and bundles', section: 'Small bundles: the core and single operations', minimum: 7 },
  { document: 'Client: hooks and bundles', section: 'The wire layer', minimum: 4 },
  { document: 'Client: hooks and bundles', section: 'Timeouts and cost', minimum: 2 },
  // The README's "Payments and credits" (26 citations) is the guide's first four sections.
  { document: 'Client: payments', section: 'Pay per call (x402)', minimum: 15 },
  { document: 'Client: payments', section: 'Checkouts answering 202', minimum: 5 },
  { document: 'Client: payments', section: 'Credit tokens', minimum: 4 },
  { document: 'Client: payments', section: 'The agent endpoint (`POST /api/v1/mcp`)', minimum: 2 },
  { document: 'Client: payments', section: 'Calling the agent endpoint (MCP)', minimum: 7 },
  { document: 'Client: streaming', minimum: 38 },
];

it('every test the README and the client guides cite exists', () => {
  const cited = Object.values(text).flatMap((t) => citations(t, root));
  expect(cited.length).toBeGreaterThanOrEqual(MINIMUM.reduce((sum, m) => sum + m.minimum, 0));
  expect(cited.filter((c) => !exists(c)).map(({ file, name }) => `${file.slice(root.length + 1)} › ${name}`)).toEqual([]);
});

it('each section that makes claims keeps its citations', () => {
  for (const { document, section, minimum } of MINIMUM) {
    const body = section === undefined ? text[document]! : sections(text[document]!).get(section);
    expect(body, `${document} › ${section}`).toBeDefined();
    expect(citations(body!, root).length, `${document} › ${section ?? '(whole guide)'}`).toBeGreaterThanOrEqual(minimum);
  }
});

it('the README links every client guide, and every guide it links exists', () => {
  const readme = text.README!;
  for (const [name, file] of Object.entries(DOCUMENTS).slice(1)) expect(readme).toContain(`[${name}](../docs/guides/${file.slice(guides.length + 1)})`);
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
