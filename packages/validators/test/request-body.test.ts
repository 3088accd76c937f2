// A request body is checked for NaN and Infinity before its validator (JSON has neither: serialised, they would become
// null). The check comes with the generated module of an operation that takes a body (runtime/finite-numbers.mjs,
// exported by it), so the bundle of an operation without one leaves it out; each of those operations still reports
// every non-finite number, and a module that declares a body but lacks the check is named as such.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
import { createOperationValidator } from '../runtime/operation.mjs';
const operationIds: string[] = require('../generated/operation-ids.json');
const load = (id: string) => require(`../generated/ops/${id}.cjs`);

describe('non-finite numbers in a request body', () => {
  const withBody = operationIds.filter((id) => load(id).meta.requestBody);

  it('are reported, every one at its path, by each operation that takes a body, before its validator runs', () => {
    expect(withBody.length).toBeGreaterThan(0);
    for (const id of withBody) {
      const result = createOperationValidator(load(id)).validateRequest({ body: { a: NaN, b: [1, Infinity], c: { d: -Infinity } } });
      expect(result).toEqual({
        ok: false,
        operationId: id,
        where: 'request body',
        issues: [
          { path: 'body.a', rule: 'finite', message: 'body.a must be a finite number (NaN is not JSON)' },
          { path: 'body.b[1]', rule: 'finite', message: 'body.b[1] must be a finite number (Infinity is not JSON)' },
          { path: 'body.c.d', rule: 'finite', message: 'body.c.d must be a finite number (-Infinity is not JSON)' },
        ],
      });
    }
  });

  it('are checked only by the modules of operations that take a body', () => {
    for (const id of operationIds) expect(typeof load(id).nonFiniteNumbers === 'function').toBe(withBody.includes(id));
  });

  it('need the check from a module that declares a body: one without it is named', () => {
    const { meta, validators } = load(withBody[0]!);
    const op = createOperationValidator({ meta, validators });
    expect(() => op.validateRequest({ body: { a: 1 } })).toThrow(`${meta.operationId}: the generated module has no nonFiniteNumbers`);
  });
});
