// The README's payments section cites a test for every claim (`test/<file>` › "name"): each cited test must exist,
// so a renamed or deleted test cannot leave a claim without proof.
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Payments and credits'));

/** Every (file, test name) the section cites: a `test/x.test.ts` reference followed by › and quoted names. */
function citations(text: string): { file: string; name: string }[] {
  const found: { file: string; name: string }[] = [];
  for (const match of text.matchAll(/`(test\/[\w.-]+\.test\.ts)` › ((?:"[^"]+"(?:,\s*)?)+)/g)) {
    for (const name of match[2]!.matchAll(/"([^"]+)"/g)) found.push({ file: match[1]!, name: name[1]! });
  }
  return found;
}

it('every test the payments section cites exists', () => {
  const cited = citations(section);
  expect(cited.length).toBeGreaterThanOrEqual(15);
  const missing = cited.filter(({ file, name }) => {
    const source = readFileSync(join(root, file), 'utf8').replace(/\\'/g, "'");
    return !source.includes(`'${name}'`) && !source.includes(`"${name}"`) && !source.includes(`\`${name}\``);
  });
  expect(missing).toEqual([]);
});

it('a citation of a test that does not exist is caught', () => {
  const [fake] = citations('(test: `test/payments.test.ts` › "no such test")');
  expect(readFileSync(join(root, fake!.file), 'utf8').includes(fake!.name)).toBe(false);
});
