// The generated validators call each runtime check helper where the package defines it (runtime/checks.cjs, or
// runtime/rare-checks.cjs for those few validators use), read from those modules' exports, and require a module only
// when they call one of its helpers.
import { describe, expect, it } from 'vitest';
import { RuntimeHelpers } from '../src/validator-code.mjs';

describe('RuntimeHelpers', () => {
  it('calls a helper through the binding of the module that exports it, and requires only the modules called', () => {
    const helpers = new RuntimeHelpers(['typeError', 'pointer']);
    expect(helpers.requires()).toEqual(['const checks = require("../../runtime/checks.cjs");']);
    expect(helpers.use('typeError')).toBe('checks.typeError');
    expect(helpers.requires()).toEqual(['const checks = require("../../runtime/checks.cjs");']);
    expect(helpers.use('pointer')).toBe('rareChecks.pointer');
    expect(helpers.requires()).toEqual(['const checks = require("../../runtime/checks.cjs");', 'const rareChecks = require("../../runtime/rare-checks.cjs");']);
  });

  it('refuses a helper no check module exports, or one the generator does not call', () => {
    expect(() => new RuntimeHelpers(['notAHelper']).use('notAHelper')).toThrow('runtime/checks.cjs has no helper notAHelper');
    expect(() => new RuntimeHelpers(['typeError']).use('pointer')).toThrow('runtime/checks.cjs has no helper pointer');
  });
});
