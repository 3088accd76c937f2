// The first read of the repository is a map of links (the root README to each part's manual, the client README to
// its guides, API.md to every file it names): every relative link of those documents must reach a file, and every
// `#anchor` a heading of its target (GitHub's slug of the heading), so a moved or renamed section cannot leave a
// dead link behind; and the two READMEs a newcomer reads first stay within their size budgets.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const DOCUMENTS = [
  'README.md',
  'ARCHITECTURE.md',
  'API.md',
  'spec/README.md',
  'packages/client/README.md',
  'packages/testing/README.md',
  'packages/types/README.md',
  'packages/validators/README.md',
  'packages/docs/README.md',
  'tools/contract/README.md',
  'tools/release/README.md',
  'tools/codegen/README.md',
];

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(slug(heading[1]!));
  }
  return anchors;
}

/** Relative links outside code: `[text](target)`, without the ones inside backticks or fences. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code));
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z+.-]*:/.test(target));
}

it('every relative link of the first-read documents reaches a file, and every anchor a heading', () => {
  const anchors = new Map<string, Set<string>>();
  const anchorsAt = (file: string) => anchors.get(file) ?? anchors.set(file, anchorsOf(readFileSync(file, 'utf8'))).get(file)!;
  const broken: string[] = [];
  let checked = 0;
  for (const document of DOCUMENTS) {
    const text = readFileSync(join(root, document), 'utf8');
    for (const link of linksOf(text)) {
      checked++;
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? join(root, dirname(document), path) : join(root, document);
      if (!existsSync(target)) {
        broken.push(`${document}: ${link} (no such file)`);
        continue;
      }
      if (anchor && (statSync(target).isDirectory() || !anchorsAt(target).has(anchor))) broken.push(`${document}: ${link} (no such heading)`);
    }
  }
  expect(checked).toBeGreaterThan(600);
  expect(broken).toEqual([]);
});

it('the first read fits: the repository README within 15,000 bytes, the client README within 25,000', () => {
  // Each part's manual lives in its own README or guide; these two are what a newcomer reads first.
  expect(statSync(join(root, 'README.md')).size).toBeLessThanOrEqual(15_000);
  expect(statSync(join(root, 'packages/client/README.md')).size).toBeLessThanOrEqual(25_000);
});

it('tells a dead link and a dead anchor from live ones', () => {
  expect(linksOf('[a](README.md) `[b](c.md)` [d](https://x.y/z) [e](#f)')).toEqual(['README.md', '#f']);
  expect(anchorsOf('## Contract tests, here and in your CI\n```sh\n# not a heading\n```')).toEqual(new Set(['contract-tests-here-and-in-your-ci']));
  expect(slug('Streaming (WebSocket)')).toBe('streaming-websocket');
  expect(slug('More: the client guides')).toBe('more-the-client-guides');
});
