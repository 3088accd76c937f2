import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The clean-project and browser tests pack, install and launch: minutes, not seconds, on a shared machine.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Coverage is measured by the package's test command (`node scripts/test.mjs --coverage`; a single file runs
    // without it: `node scripts/test.mjs test/handlers.test.ts`). The floors are what the suite reached when they were
    // set, rounded down: raise them when coverage rises, never lower them. The record in
    // tools/release/coverage-floors.json holds them to that (tools/release/test/coverage-floors.test.ts).
    coverage: {
      reportOnFailure: true,
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      // Set 2026-11-28 at 96.47 / 82.07 / 98.63 / 99.03 % (with the stream handlers).
      thresholds: { statements: 96, branches: 82, functions: 98, lines: 99 },
    },
  },
});
