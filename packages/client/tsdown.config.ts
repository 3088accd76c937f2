import { defineConfig } from 'tsdown';

export default defineConfig({
  // The full client, the core without the operation table, single operations (one export each, so bundlers keep
  // only those imported), the wire layer the contract runner shares, the WebSocket stream and the MCP agent helper
  // (REST-only users bundle neither of the last two).
  entry: {
    index: 'src/index.ts',
    core: 'src/core-entry.ts',
    operations: 'src/generated/operations.ts',
    wire: 'src/wire.ts',
    stream: 'src/stream-entry.ts',
    agent: 'src/agent.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  // No source maps in the package: without the sources (not shipped) they point nowhere, with them they triple the
  // tarball. The published JavaScript is readable ES2022 as it is.
  sourcemap: false,
  clean: true,
  deps: { neverBundle: [/^@laevitas-api\//, 'ws', /^@modelcontextprotocol\//] },
});
