// The generated validators call each runtime check helper where the package defines it (runtime/checks.mjs, or
// runtime/rare-checks.mjs for those few validators use), read from those modules' exports, and import a module only
// when they call one of its helpers, in the module's form: an ES module imports the runtime's ES module source, a
// CommonJS module requires its generated twin (generated/runtime/<name>.cjs).
import { describe, expect, it } from 'vitest';
import { ModuleForm } from '../src/module-form.mjs';
import { RuntimeHelpers, runtimeFormat } from '../src/validator-code.mjs';

describe('RuntimeHelpers', () => {
  it('calls a helper through the binding of the module that exports it, and imports only the modules called', () => {
    const helpers = new RuntimeHelpers(['typeError', 'pointer']);
    const imports = (format: 'cjs' | 'esm') => {
      const form = new ModuleForm(format, 'module');
      helpers.importInto(form);
      return [...form.imports];
    };
    expect(imports('cjs')).toEqual(['const checks = require("../runtime/checks.cjs");']);
    expect(helpers.use('typeError')).toBe('checks.typeError');
    expect(imports('esm')).toEqual(['import * as checks from "../../runtime/checks.mjs";']);
    expect(helpers.use('pointer')).toBe('rareChecks.pointer');
    expect(imports('cjs')).toEqual(['const checks = require("../runtime/checks.cjs");', 'const rareChecks = require("../runtime/rare-checks.cjs");']);
    expect(imports('esm')).toEqual(['import * as checks from "../../runtime/checks.mjs";', 'import * as rareChecks from "../../runtime/rare-checks.mjs";']);
  });

  it('refuses a helper no check module exports, or one the generator does not call', () => {
    expect(() => new RuntimeHelpers(['notAHelper']).use('notAHelper')).toThrow('runtime/checks.mjs has no helper notAHelper');
    expect(() => new RuntimeHelpers(['typeError']).use('pointer')).toThrow('runtime/checks.mjs has no helper pointer');
  });
});

describe('runtimeFormat', () => {
  it("names the export of a format's function, read from runtime/formats.mjs", () => {
    expect(runtimeFormat('date-time')).toBe('dateTime');
    expect(runtimeFormat('uri')).toBe('uri');
    expect(runtimeFormat('date')).toBe('date');
  });

  it('refuses a format the runtime does not define, and a name that is only an export', () => {
    expect(() => runtimeFormat('email')).toThrow('format "email" is not in packages/validators/runtime/formats.mjs');
    expect(() => runtimeFormat('dateTime')).toThrow('format "dateTime" is not in');
    expect(() => runtimeFormat('byFormat')).toThrow('format "byFormat" is not in');
    expect(() => runtimeFormat(7)).toThrow('format 7 is not in');
  });
});

describe('ModuleForm', () => {
  it("exports a validator on the module or on an operation's validators object, in either form", () => {
    expect(new ModuleForm('cjs', 'module').exportValidator('validate', 'f')).toBe('exports.validate = f;');
    expect(new ModuleForm('esm', 'module').exportValidator('validate', 'f')).toBe('export const validate = f;');
    expect(new ModuleForm('cjs', 'validators').exportValidator('params', 'f')).toBe('exports.validators.params = f;');
    expect(new ModuleForm('esm', 'validators').exportValidator('params', 'f')).toBe('validators.params = f;');
  });

  it('declares an ES module export name, which the checks must then not use, and imports each line once', () => {
    expect(new ModuleForm('esm', 'module').declared(['validate'])).toEqual(['validate']);
    expect(new ModuleForm('cjs', 'module').declared(['validate'])).toEqual([]);
    const form = new ModuleForm('esm', 'validators');
    form.importName('dateTime', 'dateTimeFormat', form.runtime('formats'));
    form.importName('dateTime', 'dateTimeFormat', form.runtime('formats'));
    form.importName('uri', 'uri', form.runtime('formats'));
    expect(form.module('code')).toBe(
      'import { dateTime as dateTimeFormat } from "../../runtime/formats.mjs";\nimport { uri } from "../../runtime/formats.mjs";\ncode',
    );
  });
});
