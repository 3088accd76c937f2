// The client's method signatures return the named schema aliases, so a hover on a call reads
// `Promise<OptionsOhlcvtResponse>`, and every alias they use is imported from the types entry the client loads
// (`@laevitas-api/types/signatures`, which re-exports schemas.d.ts, where each name is declared).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadBundle, operations } from './load.js';

const methods = readFileSync(join(ROOT, 'packages/client/src/generated/methods.ts'), 'utf8');
const signatures = readFileSync(join(ROOT, 'packages/types/generated/signatures.d.ts'), 'utf8');
const schemas = readFileSync(join(ROOT, 'packages/types/generated/schemas.d.ts'), 'utf8');
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
      expect(schemas).toMatch(new RegExp(`^export (interface|type) ${name}\\b`, 'm'));
    }
  });

  it('imports them from the signatures entry, which re-exports every schema name', () => {
    expect(methods).toContain("} from '@laevitas-api/types/signatures';");
    expect(signatures).toContain("export type * from './schemas.js';");
  });
});
