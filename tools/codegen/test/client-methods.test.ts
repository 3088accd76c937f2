// The client's method signatures return the named schema aliases, so a hover on a call reads
// `Promise<OptionsOhlcvtResponse>`, and every alias they use is imported from the lean types entry.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadBundle, operations } from './load.js';

const methods = readFileSync(join(ROOT, 'packages/client/src/generated/methods.ts'), 'utf8');
const lean = readFileSync(join(ROOT, 'packages/types/generated/operations.d.ts'), 'utf8');
const ops = operations(loadBundle());

describe('client method signatures', () => {
  const named = ops.flatMap((op) => {
    const refs = op.responses.filter((r) => r.status < 300 && r.schema?.$ref).map((r) => r.schema.$ref.split('/').pop() as string);
    return refs.length ? [[op.operationId, refs] as const] : [];
  });

  it('most operations return a named schema', () => {
    expect(named.length).toBeGreaterThan(150);
  });

  it.each(named)('%s returns its schema by name', (id, refs) => {
    const line = methods.split('\n').find((l) => l.trimStart().startsWith(`${id}:`))!;
    expect(line).toBe(`  ${id}: ${refs.join(' | ')};`);
    for (const name of refs) {
      expect(methods).toMatch(new RegExp(`^  ${name},$`, 'm'));
      expect(lean).toMatch(new RegExp(`^  ${name},$`, 'm'));
    }
  });
});
