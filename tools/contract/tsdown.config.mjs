// The published CLI is one bundle of src/: what it needs from the workspace's private packages (the spec model, the
// mock's runtime-neutral core) is inlined at build, so the tarball imports only its declared dependencies. In the
// workspace the same sources run unbundled (tests, `pnpm mock`), importing those packages by name.
import { defineConfig } from 'tsdown';

/** The workspace-only packages, which no published tarball may import at run time (test/tarball-imports.test.ts). */
const PRIVATE_PACKAGES = /^@laevitas-api\/(spec-model|mock-core|stream-mock-core)(\/|$)/;

export default defineConfig({
  // The spec model's facade is an entry of its own: the Dredd hooks, copied below, import it by that name.
  entry: { cli: 'src/cli.mjs', 'spec-model': 'src/spec-model.mjs' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  dts: false,
  sourcemap: false,
  clean: true,
  outExtensions: () => ({ js: '.mjs' }),
  // Inline only the private packages; every published dependency (Prism, the client's wire layer, the validators,
  // ws, Dredd) stays an import, resolved from the installing project.
  deps: { alwaysBundle: [PRIVATE_PACKAGES] },
  // Read by path at run time, beside the bundle: Dredd loads its hook file, the conformance runner requires its skip list.
  copy: [
    { from: 'src/dredd-hooks.cjs', to: 'dist' },
    { from: 'src/live-skips.cjs', to: 'dist' },
  ],
});
