// The two examples of the "Testing your code" guide (packages/docs/guides/testing.md), found by their first line.
// They are fenced as ```typescript, not ```ts: the docs package's snippet check compiles ```ts blocks against its own
// dependencies (no msw, no testing kit); these two are compiled and run here instead, against the packed packages.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GUIDE = fileURLToPath(new URL('../../../docs/guides/testing.md', import.meta.url));

export function guideExample(kind: 'node' | 'browser'): string {
  const text = readFileSync(GUIDE, 'utf8');
  const block = [...text.matchAll(/```typescript\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.startsWith(`// testing-guide: ${kind}\n`));
  if (!block) throw new Error(`${GUIDE}: no \`\`\`typescript block starting with "// testing-guide: ${kind}"`);
  return block;
}
