// Redocly lint reports no error on any bundle of spec/dist, each under the OpenAPI version it declares (spec/redocly.yaml,
// with spec/.redocly.lint-ignore.yaml for the components only an extension names).
import { describe, expect, it } from 'vitest';
import { BUNDLES, redoclyLint } from '../src/bundles.mjs';

describe('Redocly lint', () => {
  it('passes every bundle but the dereferenced one', async () => {
    const { ok, output } = await redoclyLint(BUNDLES.filter((b) => !b.endsWith('deref.json')));
    expect(ok, output).toBe(true);
  });
  it('passes the dereferenced bundle (its components stay for lookup, so unused components are expected)', async () => {
    const { ok, output } = await redoclyLint(
      BUNDLES.filter((b) => b.endsWith('deref.json')),
      { skipUnusedComponents: true },
    );
    expect(ok, output).toBe(true);
  });
  it('fails a bundle with a 3.1-only construct under 3.0 (the check can fail)', async () => {
    const { mkdtempSync, writeFileSync, readFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { ROOT } = await import('../src/generate.mjs');
    const dir = mkdtempSync(join(ROOT, 'tools/generator-matrix/.tmp-lint-'));
    try {
      const broken = readFileSync(join(ROOT, 'spec/dist/openapi-3.0.yaml'), 'utf8').replace(/^info:\n/m, 'info:\n  summary: 3.1 only\n');
      writeFileSync(join(dir, 'broken-3.0.yaml'), broken);
      const { ok, output } = await redoclyLint([join(dir, 'broken-3.0.yaml')]);
      expect(ok).toBe(false);
      expect(output).toMatch(/summary/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
