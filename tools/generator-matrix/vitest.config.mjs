import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Generates every client once (test/global-setup.mjs) for all test files; the checks themselves run in parallel.
    globalSetup: ['./test/global-setup.mjs'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
