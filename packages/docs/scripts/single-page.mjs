// The site as it was built up to 1.33: the whole reference and every guide in one self-contained Redoc page
// (`--inlineBundle`). Kept so that `pnpm bench` can measure the page-per-section site against it in the same run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideTags } from './guides.mjs';
import { buildInlinePage } from './redoc-render.mjs';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(pkg, '../..');

/** Writes `<outDir>/index.html` (the single page) and returns its path. */
/** @param {string} outDir */
export function buildSinglePage(outDir) {
  const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
  const spec = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
  const { tags, group } = guideTags({ spec, docs, guidesDir: join(pkg, 'guides'), root });
  docs.tags = [...tags, ...(docs.tags ?? [])];
  docs['x-tagGroups'] = [group, ...(docs['x-tagGroups'] ?? [])];
  mkdirSync(outDir, { recursive: true });
  const input = join(outDir, 'openapi.site.json');
  writeFileSync(input, JSON.stringify(docs));
  const out = join(outDir, 'index.html');
  buildInlinePage({ input, out, title: 'Laevitas API reference', cwd: root });
  const css = readFileSync(join(pkg, 'scripts/site.css'), 'utf8');
  const html = readFileSync(out, 'utf8')
    .replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, 'data:,')
    .replace('<head>', `<head>\n<style>\n${css}</style>`);
  writeFileSync(out, html);
  return out;
}
