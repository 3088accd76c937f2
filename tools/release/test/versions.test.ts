// Version comparisons of the release tools go through node-semver (npm's own): a hand-rolled split on dots put
// 11.5.1-rc.1 on a par with 11.5.1 and ordered rc.10 before rc.2.
import { expect, it } from 'vitest';
import { onVersionLine } from '../src/release-dry.mjs';
import { atLeast, MIN_NPM } from '../src/release-publish.mjs';

it('a prerelease is below its release, and prerelease identifiers order numerically', () => {
  expect(atLeast('11.5.1-rc.1', '11.5.1')).toBe(false);
  expect(atLeast('11.5.1', '11.5.1-rc.1')).toBe(true);
  expect(atLeast('11.5.1-rc.10', '11.5.1-rc.2')).toBe(true);
  expect(atLeast('11.5.1-rc.2', '11.5.1-rc.10')).toBe(false);
  expect(atLeast('11.5.1-alpha', '11.5.1-beta')).toBe(false);
  expect(atLeast('11.5.1-alpha.1', '11.5.1-alpha')).toBe(true);
  expect(atLeast('11.6.0-rc.0', MIN_NPM)).toBe(true);
});

it('the usual ordering, and anything that is not a version is never at least the minimum', () => {
  expect(atLeast('11.10.0', '11.5.1')).toBe(true);
  expect(atLeast('11.5.0', '11.5.1')).toBe(false);
  expect(atLeast('10.99.99', '11.5.1')).toBe(false);
  for (const bad of ['', '11', '11.5', 'eleven', 'v']) expect(atLeast(bad, MIN_NPM), bad).toBe(false);
});

it('the fixed group stays on the API line, prereleases included', () => {
  expect(onVersionLine('1.34.0-next.0', '1.33.0')).toBe('1');
  expect(() => onVersionLine('2.0.0-rc.1', '1.33.0')).toThrow(/off the API's version line/);
  expect(() => onVersionLine('1.x', '1.33.0')).toThrow(/not a version: 1\.x/);
});
