// The spec model (operations, families, $ref resolution) is the workspace's one model (@laevitas-api/spec-model), so
// the runner and the generators can never disagree on what an operation is. The published CLI inlines it at build
// (tsdown.config.mjs), and builds this file as dist/spec-model.mjs too, for the Dredd hooks (CommonJS, loaded by
// Dredd) to import beside it; the package itself is private to the workspace.

/**
 * The bundled OpenAPI 3.1 document as parsed JSON. Its nodes are walked loosely (any `$ref` may stand anywhere), so
 * the values are `any` and each reader checks what it needs.
 * @typedef {{paths: Record<string, any>, [key: string]: any}} OpenApiDocument
 * @typedef {import('@laevitas-api/spec-model').OperationModel} OperationModel
 * @typedef {import('@laevitas-api/spec-model').ParameterModel} ParameterModel
 */
export {
  deref,
  jsonMediaOf,
  operationObjectOf,
  operationsOf,
  pointerToken,
  rawOperationsOf,
  requestBodyExampleOf,
  responseEntryOf,
  responseOf,
} from '@laevitas-api/spec-model';
