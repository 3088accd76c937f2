import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  // Neutral: the handlers run in Node and in the browser (MSW's setupServer or setupWorker).
  platform: 'neutral',
  target: 'es2022',
  sourcemap: false,
  clean: true,
  // The mock's stages (tools/contract/src/mock/core.mjs), codegen's spec model and the generated document are
  // bundled (so is the client's wire module the stages name a family with; tree-shaken away); the published packages
  // this one builds on stay dependencies.
  deps: { neverBundle: [/^@laevitas-api\/(types|validators)/, 'msw', /^msw\//, 'json-schema-faker', /^@noble\//] },
});
