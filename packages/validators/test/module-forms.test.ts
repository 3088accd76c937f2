// The package ships each operation's validators in two forms made from the same checks: CommonJS (the lazy index,
// `require('@laevitas-api/validators/ops/<id>')`) and ES modules (`import … from '@laevitas-api/validators/ops/<id>'`),
// each over its own copy of the runtime (runtime/*.mjs and their generated CommonJS twins). The equivalence test holds
// both to the same verdicts and messages; this one holds what a caller sees of them to be the same too: the shape of
// an operation's validator, and one ValidationError class as far as `instanceof` can tell.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ValidationError as EsValidationError } from '../runtime/operation.mjs';
import { ValidationError as IndexEsValidationError } from '../index.mjs';
import { getOptionsOhlcvt as esOperation } from '../generated/ops/getOptionsOhlcvt.mjs';
import * as esModule from '../generated/ops/getOptionsOhlcvt.mjs';

const require = createRequire(import.meta.url);
const { ValidationError: CjsValidationError } = require('../index.cjs');
const { getOptionsOhlcvt: cjsOperation } = require('../generated/ops/getOptionsOhlcvt.wrapper.cjs');
const broken = { data: [{ date: 'yesterday' }], meta: { next_cursor: null } };

/** What the validator of an operation offers, by name and kind. */
const surface = (operation: object) => Object.entries(operation).map(([name, value]) => `${name}: ${typeof value}`);

describe('the two forms of an operation', () => {
  it('offer the same validator: same members, same documented statuses', () => {
    expect(surface(esOperation)).toEqual(surface(cjsOperation));
    expect(esOperation.statuses).toEqual(cjsOperation.statuses);
    expect(esOperation.operationId).toBe('getOptionsOhlcvt');
  });

  it('the ES module exports the validator and nothing else (its checks and meta stay inside)', () => {
    expect(Object.keys(esModule).sort()).toEqual(['default', 'getOptionsOhlcvt']);
    expect(esModule.default).toBe(esOperation);
  });
});

describe('ValidationError across the two forms', () => {
  const thrown = (assert: () => unknown) => {
    try {
      assert();
    } catch (error) {
      return error;
    }
    throw new Error('expected the assertion to throw');
  };
  const fromEs = thrown(() => esOperation.assertResponse(200, broken));
  const fromCjs = thrown(() => cjsOperation.assertResponse(200, broken));

  it('two classes, one answer: an error of either form is an instance of either class', () => {
    expect(EsValidationError).not.toBe(CjsValidationError);
    expect(IndexEsValidationError).toBe(CjsValidationError);
    for (const error of [fromEs, fromCjs]) {
      expect(error).toBeInstanceOf(EsValidationError);
      expect(error).toBeInstanceOf(CjsValidationError);
      expect(error).toBeInstanceOf(Error);
    }
    expect((fromEs as Error).message).toBe((fromCjs as Error).message);
  });

  it('is no wider than the class: other errors and look-alikes are not instances', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'ValidationError', operationId: 'getOptionsOhlcvt', issues: [] });
    for (const value of [lookAlike, new TypeError('x'), {}, null, undefined, 'ValidationError'])
      for (const Class of [EsValidationError, CjsValidationError]) expect(value instanceof Class).toBe(false);
  });

  it('a subclass keeps the prototype chain: its instances are ValidationErrors, not the other way round', () => {
    class AppValidationError extends EsValidationError {}
    const own = new AppValidationError('getThing', 'response body', []);
    expect(own).toBeInstanceOf(AppValidationError);
    expect(own).toBeInstanceOf(EsValidationError);
    expect(own).toBeInstanceOf(CjsValidationError);
    expect(fromEs).not.toBeInstanceOf(AppValidationError);
    expect(fromCjs).not.toBeInstanceOf(AppValidationError);
  });
});
