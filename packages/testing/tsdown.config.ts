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
  // Bundled: the mock's stages (@laevitas-api/mock-core), the stream mock's protocol (@laevitas-api/stream-mock-core),
  // the spec model (@laevitas-api/spec-model), the generated document, json-schema-faker (ESM-only: as a dependency it
  // would break require() of the CommonJS build) and the client's wire module (the stages import it; tree-shaken
  // away). The published packages this one builds on stay dependencies.
  deps: { neverBundle: [/^@laevitas-api\/(types|validators)/, 'msw', /^msw\//, /^@noble\//] },
});
