// Every claim of this package's README names the test that proves it, and every cited test exists (the citation
// syntax and its check are the client's: packages/client/test/readme-citations.ts).
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { citations, exists, sections } from '../../client/test/readme-citations.js';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(folder, 'README.md'), 'utf8');

it('every test the README cites exists, and every claim bullet cites one', () => {
  const cited = citations(readme, folder);
  expect(cited.length).toBeGreaterThanOrEqual(15);
  expect(cited.filter((c) => !exists(c)).map((c) => `${c.file} › ${c.name}`)).toEqual([]);
  for (const title of ['Handlers that answer as the contract mock does', 'Typed overrides: `http`', 'Fixtures', 'Stream handlers: `createStreamGateway`']) {
    const section = sections(readme).get(title);
    expect(section, title).toBeDefined();
    const bullets = section!
      .split('\n- ')
      .slice(1)
      .map((b) => b.split('\n\n')[0]!);
    const claims = bullets.filter((b) => /\(`test\//.test(b) || !/^(the success body|`\{ status|a `Response`|`undefined`|`fixtures\.)/.test(b));
    expect(claims.filter((b) => !/`test\/[\w./-]+` ›/.test(b))).toEqual([]);
  }
});
