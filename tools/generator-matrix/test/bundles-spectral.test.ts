// Spectral's `oas` ruleset reports no error on any bundle of spec/dist (this file runs in its own worker, beside the
// Redocly and generator checks).
import { describe, expect, it } from 'vitest';
import { BUNDLES, spectralLint } from '../src/bundles.mjs';

describe("Spectral's oas ruleset", () => {
  it.each(BUNDLES)('%s', async (bundle) => {
    const { errors } = await spectralLint(bundle);
    expect(errors).toEqual([]);
  });
});
