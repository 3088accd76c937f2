// No published tarball imports, at run time, a workspace-only package or a path outside itself: what a published
// package needs from a private one is bundled at build. Every publishable package is packed as it would be published
// (`pnpm pack`: workspace: ranges resolved), unpacked, and each of its JavaScript files read for its imports. The
// checker is first shown to catch each kind of escape on a package made for it. And no source module under packages/
// reaches into tools/ or another package's folder: they import each other by name.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packAll } from '../src/clean-install.mjs';
import { ROOT } from '../src/releases.mjs';
import { tarballImportProblems } from '../src/tarball-imports.mjs';
import { publishable, readJson } from '../src/workspace.mjs';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** The private packages of the workspace, by name (from the same globs pnpm reads). */
function privateNames() {
  const names = new Set<string>();
  for (const parent of ['packages', 'tools'])
    for (const dir of readdirSync(join(ROOT, parent))) {
      try {
        const pkg = readJson(join(ROOT, parent, dir, 'package.json'));
        if (pkg.private) names.add(pkg.name);
      } catch {
        // a folder without a package.json is not a workspace package
      }
    }
  return names;
}

describe('the checker', () => {
  it('reports a workspace-only package, an undeclared package, a path outside the package and a tools/ path, and passes a clean one', async () => {
    const dir = temp('tarball-probe-');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@probe/pkg', dependencies: { yaml: '2.9.1' } }));
    writeFileSync(
      join(dir, 'dist/index.mjs'),
      [
        "import { deref } from '@laevitas-api/spec-model';",
        "import { x } from 'left-pad';",
        "import { y } from '../../tools/contract/src/mock.mjs';",
        "import { parse } from 'yaml';",
        "import { join } from 'node:path';",
        "import fs from 'fs';",
        "import { z } from './own.mjs';",
        "// import { w } from 'in-a-comment';",
        'export { deref, x, y, parse, join, fs, z };',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'dist/own.mjs'), 'export const z = 1;');
    writeFileSync(join(dir, 'dist/index.cjs'), "const core = require('@laevitas-api/mock-core');\nmodule.exports = core;");
    const problems = await tarballImportProblems(dir, new Set(['@laevitas-api/spec-model', '@laevitas-api/mock-core']));
    expect(problems.sort()).toEqual(
      [
        '@probe/pkg/dist/index.mjs: imports @laevitas-api/spec-model, a workspace-only package (bundle it at build)',
        '@probe/pkg/dist/index.mjs: imports left-pad, which package.json does not declare',
        '@probe/pkg/dist/index.mjs: imports ../../tools/contract/src/mock.mjs, outside the package',
        '@probe/pkg/dist/index.mjs: imports ../../tools/contract/src/mock.mjs, a tools/ path',
        '@probe/pkg/dist/index.cjs: imports @laevitas-api/mock-core, a workspace-only package (bundle it at build)',
      ].sort(),
    );
    rmSync(join(dir, 'dist/index.cjs'));
    writeFileSync(join(dir, 'dist/index.mjs'), "import { parse } from 'yaml';\nimport { z } from './own.mjs';\nexport { parse, z };");
    expect(await tarballImportProblems(dir, new Set(['@laevitas-api/spec-model']))).toEqual([]);
  });
});

/** Modules a host injects into a file it loads, which no package.json can declare. */
const PROVIDED_BY_HOST = {
  // Dredd (the CLI's optional peer) loads its hook files with a `hooks` module of its own in scope.
  '@laevitas-api/contract/dist/dredd-hooks.cjs': ['hooks'],
};

describe('every published tarball', () => {
  it('imports at run time only what its package.json declares: no workspace-only package, no tools/ path', async () => {
    const out = temp('tarballs-');
    const packed = packAll(out);
    expect([...packed.keys()].sort()).toEqual(
      publishable(ROOT)
        .map((dir) => readJson(join(ROOT, dir, 'package.json')).name)
        .sort(),
    );
    const names = privateNames();
    expect(names).toContain('@laevitas-api/spec-model');
    const problems: string[] = [];
    for (const [name, { tarball }] of packed) {
      const dir = join(out, name.replace('/', '__'));
      mkdirSync(dir);
      execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
      problems.push(...(await tarballImportProblems(dir, names, PROVIDED_BY_HOST)));
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe('the sources under packages/', () => {
  it('import other workspace code by package name, never by a path into tools/ or another package', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'packages/*/src/*', 'packages/*/scripts/*'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(?:[cm]?[jt]s)$/.test(f) && !/(^|\/)generated\//.test(f));
    expect(files.length).toBeGreaterThan(50);
    const escapes = files.flatMap((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|@import\s+\{[^}]*\}\s+from\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      const inside = file.split('/').slice(2, -1).length; // packages/<name>/<folders...>/file: the folders below the package
      return specifiers
        .filter((s) => s.startsWith('.'))
        .filter((s) => (s.match(/^(?:\.\.\/)+/)?.[0].length ?? 0) / 3 > inside || /(^|\/)tools\//.test(s))
        .map((s) => `${file}: ${s}`);
    });
    expect(escapes).toEqual([]);
  });
});
