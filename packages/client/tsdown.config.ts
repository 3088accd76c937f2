import { defineConfig } from 'tsdown';

export default defineConfig({
  // The full client, the core without the operation table, single operations (one export each, so bundlers keep
  // only those imported) and the wire layer the contract runner shares.
  entry: { index: 'src/index.ts', core: 'src/core-entry.ts', operations: 'src/generated/operations.ts', wire: 'src/wire.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  deps: { neverBundle: [/^@laevitas-api\//] },
});
