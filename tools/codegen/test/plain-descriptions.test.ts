// openapi-typescript opens descriptions with `@description`; types.mjs drops the tag where the description is the
// comment's first text (alone, on its first line, or after a schema's title line), so an editor shows it as the
// documentation itself. A description after another tag keeps its tag: without it the text would join that tag.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { plainDescriptions } from '../src/types.mjs';
import { ROOT } from './load.js';

describe('plainDescriptions', () => {
  it('drops the tag of a description that opens its comment, on one line or several', () => {
    expect(plainDescriptions('/** @description Strike price. */')).toBe('/** Strike price. */');
    expect(plainDescriptions('    /**\n     * @description Side of the positions.\n     * @enum {string}\n     */')).toBe(
      '    /**\n     * Side of the positions.\n     * @enum {string}\n     */',
    );
  });
  it('drops it after a title line, and keeps it after another tag', () => {
    expect(plainDescriptions('/**\n * MarketsA\n * @description Market codes.\n */')).toBe('/**\n * MarketsA\n * Market codes.\n */');
    const tagged = '/**\n * @deprecated\n * @description Old route.\n */';
    expect(plainDescriptions(tagged)).toBe(tagged);
  });
  it('leaves no opening @description in the generated declarations', () => {
    for (const name of ['schemas.d.ts', 'signatures.d.ts', 'openapi.d.ts', 'paths.d.ts']) {
      const text = readFileSync(join(ROOT, 'packages/types/generated', name), 'utf8');
      expect(text, name).not.toMatch(/\/\*\* @description |\/\*\*\n[ \t]*\* @description /);
    }
  });
});
