// The packages' CHANGELOGs hold the API's known 1.x history, newest first, say plainly that the versions in between
// are not published, say how the version follows the API's line, and start with the heading Changesets prepends its entries under.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const fixed: string[] = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8')).fixed.flat();
const dirs = ['packages/types', 'packages/validators', 'packages/client', 'packages/docs', 'tools/contract', 'spec'];

describe('CHANGELOG', () => {
  it('every package of the fixed group has one', () => {
    const names = dirs.map((d) => JSON.parse(readFileSync(join(ROOT, d, 'package.json'), 'utf8')).name);
    expect(names.sort()).toEqual([...fixed].sort());
  });
  for (const dir of dirs) {
    it(`${dir}: the known releases newest first, the unpublished range said plainly`, () => {
      const text = readFileSync(join(ROOT, dir, 'CHANGELOG.md'), 'utf8');
      const { name, version } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
      expect(text.startsWith(`# ${name}\n`)).toBe(true);
      const order = ['## 1.33.0', '2026-04-27', '2026-02-26', '2026-02-25', '### 1.23.0', '### 1.17.0', '### 1.3.0', '### 1.0.0 – 1.32.x'].map((h) =>
        text.indexOf(h),
      );
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(text).toContain(`## ${version}`);
      expect(text).toMatch(/None of the versions\s+before 1\.33\.0 was published as a package/);
      expect(text).toMatch(/from 10 to 240 requests per 60 seconds/);
      // The versioning rule users read: the major is the API's; a correction is announced, not released as a 2.0.0.
      expect(text).toMatch(/its major is the API's[\s\S]*a 2\.0\.0 would mean the API\s+itself broke/);
      expect(text).toMatch(/\*\*Correction\*\* says that code compiled against the old types may need changes/);
    });
  }
});
