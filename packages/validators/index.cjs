'use strict';
// The whole set, loaded lazily per operation: the first call for an operation loads its module.
const registry = require('./generated/registry.cjs');
const { createOperationValidator, ValidationError } = require('./generated/runtime/operation.cjs');
const { formatErrors } = require('./generated/runtime/format.cjs');

/** @import { OperationValidator, RequestInput } from './runtime/operation.cjs' */
/** @import { OperationId } from '@laevitas-api/types/operations' */
/** @typedef {Headers | Record<string, unknown>} HeadersInput */

/** @type {Map<string, OperationValidator<OperationId>>} */
const cache = new Map();

/** @param {string} operationId */
function operation(operationId) {
  let validator = cache.get(operationId);
  if (validator) return validator;
  const load = registry[operationId];
  if (!load) throw new TypeError(`Unknown operationId "${operationId}"`);
  validator = createOperationValidator(load());
  cache.set(operationId, validator);
  return validator;
}

module.exports = {
  operation,
  operationIds: Object.freeze(Object.keys(registry)),
  validateResponse: (
    /** @type {string} */ operationId,
    /** @type {number} */ status,
    /** @type {unknown} */ body,
    /** @type {HeadersInput | undefined} */ headers,
  ) => operation(operationId).validateResponse(status, body, headers),
  validateRequest: (/** @type {string} */ operationId, /** @type {RequestInput<OperationId> | undefined} */ request) =>
    operation(operationId).validateRequest(request),
  assertResponse: (
    /** @type {string} */ operationId,
    /** @type {number} */ status,
    /** @type {unknown} */ body,
    /** @type {HeadersInput | undefined} */ headers,
  ) => operation(operationId).assertResponse(status, body, headers),
  assertRequest: (/** @type {string} */ operationId, /** @type {RequestInput<OperationId> | undefined} */ request) =>
    operation(operationId).assertRequest(request),
  ValidationError,
  formatErrors,
};
