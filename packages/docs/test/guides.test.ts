// The guide machinery on its own: placeholders fail loudly, a status without advice fails the build, and the
// release notes page appears exactly when a CHANGELOG exists.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withoutCitations } from '../scripts/guide-citations.mjs';
import { GUIDES, guideTags, releaseNotes, renderGuide } from '../scripts/guides.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const spec = JSON.parse(readFileSync(join(pkg, '../../spec/dist/openapi.json'), 'utf8'));
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const temps: string[] = [];
const tempRoot = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-guides-'));
  temps.push(dir);
  return dir;
};
afterEach(() => temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('renderGuide', () => {
  it('fills samples and operation ids from the build input', () => {
    const out = renderGuide('{{sample GET /api/v1/options/ohlcvt curl}} and {{op GET /api/v1/options/ohlcvt}}', { spec, docs });
    expect(out).toMatch(/^```sh\ncurl --request GET \\\n {2}--url 'https:\/\/apiv2\.laevitas\.ch\/api\/v1\/options\/ohlcvt\?/);
    expect(out).toContain(' and getOptionsOhlcvt');
  });
  it('fails on an unknown placeholder, an unknown operation or an unknown sample label', () => {
    expect(() => renderGuide('{{nope}}', { spec, docs })).toThrow(/unknown placeholder \{\{nope\}\}/);
    expect(() => renderGuide('{{op GET /api/v1/none}}', { spec, docs })).toThrow(/no operation GET \/api\/v1\/none/);
    expect(() => renderGuide('{{sample GET /api/v1/options/ohlcvt Ruby}}', { spec, docs })).toThrow(/no sample labelled Ruby/);
  });
  it('refuses to publish an error status the guide has no advice for', () => {
    const strange = structuredClone(docs);
    strange.paths['/api/v1/options/ohlcvt'].get.responses['418'] = { description: 'Teapot.' };
    expect(() => renderGuide('{{errors}}', { spec, docs: strange })).toThrow(/no advice for documented status 418/);
  });
  it('tables every rate-limit window of the spec, and a changed window changes the table', () => {
    const changed = structuredClone(spec);
    changed.info['x-rate-limits'].v1[0].limit = 999;
    expect(renderGuide('{{rate-limits}}', { spec: changed, docs })).toContain('| 999 | 60 s |');
  });
});

describe('withoutCitations', () => {
  it('drops the test citations and HTML comments of a guide source, and keeps every other parenthesis', () => {
    const source = [
      '<!-- a note for maintainers -->',
      '',
      'A GET is retried (2 retries) on 5xx',
      '(tests: `packages/client/test/retry-rules.test.ts` › "a GET answered %i once is retried (and succeeds)",',
      '"backoff (capped)"; `packages/client/test/faults.test.ts` › "x") and then stops (test: `tools/a.mjs` › "y").',
      'Budgets hold (budgets: `packages/client/.size-limit.cjs` › "one operation").',
    ].join('\n');
    expect(withoutCitations(source)).toBe('A GET is retried (2 retries) on 5xx and then stops.\nBudgets hold.');
  });
  it('fails on a citation that is never closed, instead of dropping the rest of the page', () => {
    expect(() => withoutCitations('Claim (test: `packages/client/test/a.test.ts` › "name" and the rest')).toThrow(/not closed/);
  });
  it('leaves no citation in any rendered guide, though the client guides cite their tests in the source', () => {
    const guidesDir = join(pkg, 'guides');
    const sources = GUIDES.map((g: { file: string }) => readFileSync(join(guidesDir, g.file), 'utf8')).join('\n');
    expect(sources.match(/` › "/g)?.length).toBeGreaterThan(50);
    for (const tag of guideTags({ spec, docs, guidesDir, root: tempRoot() }).tags) {
      expect(tag.description, tag.name).not.toMatch(/` › |<!--/);
    }
  });
});

describe('release notes', () => {
  const guidesDir = join(pkg, 'guides');
  it('are a page when a CHANGELOG exists, without its top heading, and absent otherwise', () => {
    const root = tempRoot();
    expect(releaseNotes(root)).toBeUndefined();
    expect(guideTags({ spec, docs, guidesDir, root }).tags.map((t: { name: string }) => t.name)).not.toContain('Release notes');
    mkdirSync(join(root, 'packages/client'), { recursive: true });
    writeFileSync(join(root, 'packages/client/CHANGELOG.md'), '# @laevitas-api/client\n\n## 1.33.0\n\n- A venue with open-interest streams.\n');
    const { tags, group } = guideTags({ spec, docs, guidesDir, root });
    const notes = tags.find((t: { name: string }) => t.name === 'Release notes');
    expect(notes?.description).toBe('## 1.33.0\n\n- A venue with open-interest streams.');
    expect(group.tags).toContain('Release notes');
  });
});
