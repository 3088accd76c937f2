// A consumer that imports one value-set constant bundles only that constant: each constant is marked pure and the
// package declares `sideEffects: false`. Bundled with esbuild exactly as an app would import the package.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const esmSource = readFileSync(new URL('../generated/index.js', import.meta.url), 'utf8');
const constants = [...esmSource.matchAll(/^export const (\w+) =/gm)].map((m) => m[1]!);

async function bundle(entry: string, plugins: Plugin[] = []): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: packageDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]!.text;
}

/** Serves generated/index.js without its pure annotations: what the package shipped before. */
const withoutPureAnnotations: Plugin = {
  name: 'without-pure-annotations',
  setup(b) {
    b.onLoad({ filter: /generated[\\/]index\.js$/ }, () => ({ contents: esmSource.replaceAll('/*#__PURE__*/ ', ''), loader: 'js' }));
  },
};

describe('tree-shaking of the value-set constants', () => {
  it('the package declares no side effects and every ESM constant is marked pure', () => {
    expect(pkg.sideEffects).toBe(false);
    expect(constants.length).toBeGreaterThan(10);
    for (const name of constants) expect(esmSource).toMatch(new RegExp(`^export const ${name} = /\\*#__PURE__\\*/ Object\\.freeze\\(`, 'm'));
  });

  it('a consumer importing only RESOLUTIONS gets only RESOLUTIONS', async () => {
    const code = await bundle("import { RESOLUTIONS } from '@laevitas-api/types';\nconsole.log(RESOLUTIONS);\n");
    expect(code).toContain('["1m", "5m", "15m", "1h", "4h", "1d"]');
    expect(code.match(/Object\.freeze\(/g)).toHaveLength(1);
    const others = constants.filter((name) => name !== 'RESOLUTIONS' && code.includes(name));
    expect(others).toEqual([]);
  });

  it('a bare import of the package bundles no constant at all', async () => {
    const code = await bundle("import '@laevitas-api/types';\nexport const id = 'getOptionsOhlcvt';\n");
    expect(code).not.toContain('Object.freeze');
  });

  it('without the annotations the other constants stay in the bundle (the check can fail)', async () => {
    const code = await bundle("import { RESOLUTIONS } from '@laevitas-api/types';\nconsole.log(RESOLUTIONS);\n", [withoutPureAnnotations]);
    expect(code.match(/Object\.freeze\(/g)?.length).toBeGreaterThan(1);
  });
});
