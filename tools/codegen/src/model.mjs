// The operations model every generator reads, built once per run by cli.mjs: the bundled document and its operations
// as @laevitas-api/spec-model walks them (method, path, family, parameters, request body, responses, extensions),
// sorted by operationId. Generators take it instead of walking the document themselves, so a run walks it once and every
// generated file describes the same operations.
import { operationsOf } from '@laevitas-api/spec-model';

/** @import { OperationModel, SpecDocument } from '@laevitas-api/spec-model' */

/**
 * @typedef {object} CodegenModel
 * @property {SpecDocument} document the bundled OpenAPI document (spec/dist/openapi.json)
 * @property {readonly OperationModel[]} operations every operation, sorted by operationId
 * @property {ReadonlyMap<string, OperationModel>} byPath the GET operation of each path
 */

/**
 * @param {SpecDocument} document
 * @returns {CodegenModel}
 */
export function buildModel(document) {
  const operations = Object.freeze(operationsOf(document));
  const byPath = new Map(operations.filter((op) => op.method === 'get').map((op) => [op.path, op]));
  return Object.freeze({ document, operations, byPath });
}
