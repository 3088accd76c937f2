// The two examples of the "Testing your code" guide (packages/docs/guides/testing.md), found by their first line.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const GUIDE = fileURLToPath(new URL('../../../docs/guides/testing.md', import.meta.url));

export function guideExample(kind: 'node' | 'browser'): string {
  const text = readFileSync(GUIDE, 'utf8');
  const block = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.startsWith(`// testing-guide: ${kind}\n`));
  if (!block) throw new Error(`${GUIDE}: no \`\`\`ts block starting with "// testing-guide: ${kind}"`);
  return block;
}
