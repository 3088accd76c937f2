import { defineConfig } from 'tsdown';

export default defineConfig({
  // Three entries: REST (index), the WebSocket stream and the MCP agent helper, so REST-only users bundle neither.
  entry: { index: 'src/index.ts', stream: 'src/stream-entry.ts', agent: 'src/agent.ts' },
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
