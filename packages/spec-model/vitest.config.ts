// Coverage is measured by the package's test command (`vitest run --coverage`) over its source. Its own tests cover
// the readers added for the mock, the contract and the docs (responses.mjs, schema-chain.mjs); the older walks are
// exercised by the tests of the packages that read the spec through them (codegen, contract, docs), which this
// package's coverage does not see. The floors are what the suite reached when they were set, rounded down: raise them
// when coverage rises, never lower them. /tools/release/coverage-floors.json holds them to that
// (tools/release/test/coverage-floors.test.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    coverage: {
      reportOnFailure: true,
      provider: 'v8',
      include: ['src/**/*.mjs'],
      reporter: ['text-summary'],
      // Set 2026-12-02 at 53 / 45 / 64 / 55 %.
      thresholds: { statements: 53, branches: 45, functions: 64, lines: 55 },
    },
  },
});
