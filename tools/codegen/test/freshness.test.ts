// The freshness check: `check` mode reports a generated file that was edited by hand, one that is missing and one
// that is no longer generated, and `generate` mode repairs all three. The last test runs the real check on the
// committed tree.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Output } from '../src/output.mjs';
import { ROOT } from './load.js';

function produce(root: string, check: boolean) {
  const output = new Output({ root, check });
  output.own('gen');
  output.add('gen/a.ts', 'export const a = 1;\n');
  output.add('gen/b.ts', 'export const b = 2;\n');
  return output.commit();
}

describe('generated-file freshness', () => {
  it('reports edited, missing and orphaned files, and generate repairs them', () => {
    const root = mkdtempSync(join(tmpdir(), 'fresh-'));
    expect(produce(root, false)).toEqual([]);
    expect(produce(root, true)).toEqual([]);
    writeFileSync(join(root, 'gen/a.ts'), 'export const a = 42; // edited by hand\n');
    execFileSync('rm', [join(root, 'gen/b.ts')]);
    mkdirSync(join(root, 'gen/old'), { recursive: true });
    writeFileSync(join(root, 'gen/old/c.ts'), 'stale\n');
    expect(produce(root, true).sort()).toEqual(['gen/a.ts (differs)', 'gen/b.ts (missing)', 'gen/old/c.ts (no longer generated)']);
    expect(produce(root, false)).toEqual([]);
    expect(readFileSync(join(root, 'gen/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(existsSync(join(root, 'gen/old/c.ts'))).toBe(false);
    expect(produce(root, true)).toEqual([]);
  });

  it('refuses to generate one file twice', () => {
    const output = new Output({ root: tmpdir(), check: true });
    output.add('x.ts', '1');
    expect(() => output.add('x.ts', '2')).toThrow(/generated twice/);
  });

  // The check regenerates every operation's validator (some 280 operations since the whole legacy catalog is in), which
  // takes about a minute on a loaded two-core machine.
  it('passes on the committed tree', () => {
    expect(() => execFileSync(process.execPath, [join(ROOT, 'tools/codegen/src/cli.mjs'), 'check'], { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
  }, 180_000);
});
