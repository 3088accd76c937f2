// The spec model (operations, families, $ref resolution) is codegen's, so the runner and the generators can never
// disagree on what an operation is. The published package has no codegen: it carries a copy of this same module,
// made at pack time (see paths.mjs and scripts/vendor.mjs).
import { pathToFileURL } from 'node:url';
import { SPEC_MODEL } from './paths.mjs';

/**
 * The bundled OpenAPI 3.1 document as parsed JSON. Its nodes are walked loosely (any `$ref` may stand anywhere), so
 * the values are `any` and each reader checks what it needs.
 * @typedef {{paths: Record<string, any>, [key: string]: any}} OpenApiDocument
 * @typedef {import('@laevitas-api/spec-model').OperationModel} OperationModel
 * @typedef {import('@laevitas-api/spec-model').ParameterModel} ParameterModel
 */

/** @type {{deref: (document: Record<string, any>, node: any) => any, operationsOf: (document: OpenApiDocument) => OperationModel[]}} */
const model = await import(pathToFileURL(SPEC_MODEL).href);
export const { deref, operationsOf } = model;
