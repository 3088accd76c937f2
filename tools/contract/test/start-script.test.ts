// `pnpm start` on a fresh clone builds the packages first and only then loads the mock, which imports the client's
// built wire layer. A static import of the mock would be resolved before the build ran, and the main job would die
// with ERR_MODULE_NOT_FOUND on every fresh clone, as it once did.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const script = readFileSync(join(import.meta.dirname, '../../scripts/start.mjs'), 'utf8');

it('the main job imports statically only what exists before the build: Node built-ins', () => {
  const statics = [...script.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
  expect(statics.length).toBeGreaterThan(0);
  expect(statics.filter((specifier) => !specifier!.startsWith('node:'))).toEqual([]);
});

it('the mock and the docs server are loaded after the build step', () => {
  const build = script.indexOf("'run-many', '-t', 'generate', 'build'");
  expect(build).toBeGreaterThan(0);
  expect(script.indexOf("await import('../contract/src/mock.mjs')")).toBeGreaterThan(build);
  expect(script.indexOf("await import('../../packages/docs/scripts/serve.mjs')")).toBeGreaterThan(build);
});
