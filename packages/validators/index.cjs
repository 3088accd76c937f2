'use strict';
// The whole set, loaded lazily per operation: the first call for an operation loads its module.
const registry = require('./generated/registry.cjs');
const { createOperationValidator, ValidationError } = require('./runtime/operation.cjs');
const { formatErrors } = require('./runtime/format.cjs');

const cache = new Map();

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
  validateResponse: (operationId, status, body, headers) => operation(operationId).validateResponse(status, body, headers),
  validateRequest: (operationId, request) => operation(operationId).validateRequest(request),
  assertResponse: (operationId, status, body, headers) => operation(operationId).assertResponse(status, body, headers),
  assertRequest: (operationId, request) => operation(operationId).assertRequest(request),
  ValidationError,
  formatErrors,
};
