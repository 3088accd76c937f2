// The tarball checks catch each way a package can be unfit for the registry; a clean package passes.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packedIssues } from '../pack-check.mjs';

const MIT = 'MIT License\n\nPermission is hereby granted, free of charge, ...';
const good = {
  name: '@x/y',
  version: '1.0.0',
  license: 'MIT',
  keywords: ['x'],
  homepage: 'https://example.org',
  bugs: { url: 'https://example.org/issues' },
  repository: { type: 'git', url: 'git+https://example.org/x.git' },
  peerDependencies: { '@x/z': '^1.0.0' },
  dependencies: { '@x/w': '1.0.0' },
};
const dirs: string[] = [];
function unpacked(pkg: object, files: Record<string, string> = {}, { readme = true, license = MIT as string | null } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pack-check-test-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  if (readme) writeFileSync(join(dir, 'README.md'), '# y');
  if (license !== null) writeFileSync(join(dir, 'LICENSE'), license);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('packedIssues', () => {
  it('passes a complete package whose source maps are shipped without sources', () => {
    const dir = unpacked(good, {
      'dist/index.js': 'x\n//# sourceMappingURL=index.js.map',
      'dist/index.js.map': JSON.stringify({ version: 3, sources: ['../src/index.ts'], mappings: '' }),
    });
    expect(packedIssues(dir)).toEqual([]);
  });
  it('names a missing README and LICENSE, and a LICENSE that is not the declared one', () => {
    expect(packedIssues(unpacked(good, {}, { readme: false, license: null }))).toEqual(['README.md is not in the tarball', 'LICENSE is not in the tarball']);
    expect(packedIssues(unpacked(good, {}, { license: 'Apache License' }))).toEqual(['LICENSE is not the MIT text although package.json says MIT']);
  });
  it('names each missing metadata field', () => {
    for (const field of ['repository', 'homepage', 'bugs', 'keywords']) {
      const { [field as keyof typeof good]: _, ...rest } = good;
      expect(packedIssues(unpacked(rest)), field).toEqual([`package.json has no ${field}`]);
    }
  });
  it('refuses an exact or workspace peer range', () => {
    expect(packedIssues(unpacked({ ...good, peerDependencies: { '@x/z': '1.33.0' } }))[0]).toMatch(
      /^peerDependencies\.@x\/z is 1\.33\.0; a peer range starts with \^/,
    );
    expect(packedIssues(unpacked({ ...good, peerDependencies: { '@x/z': 'workspace:*' } }))).toContain('peerDependencies.@x/z is still workspace:*');
  });
  it('finds a sourceMappingURL to a map that is not shipped, an inline map and a map embedding its sources', () => {
    expect(packedIssues(unpacked(good, { 'dist/index.d.ts': 'export {};\n//# sourceMappingURL=index.d.ts.map' }))).toEqual([
      'dist/index.d.ts points to index.d.ts.map, which is not in the tarball',
    ]);
    expect(packedIssues(unpacked(good, { 'dist/a.js': '//# sourceMappingURL=data:application/json;base64,e30=' }))).toEqual([
      'dist/a.js inlines its source map',
    ]);
    expect(packedIssues(unpacked(good, { 'dist/a.js.map': JSON.stringify({ version: 3, sources: ['a.ts'], sourcesContent: ['export {}'] }) }))).toEqual([
      'dist/a.js.map embeds its sources (sourcesContent)',
    ]);
  });
});
