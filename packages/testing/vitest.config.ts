import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The clean-project and browser tests pack, install and launch: minutes, not seconds, on a shared machine.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
