// The spec model (operations, families, $ref resolution) is codegen's, so the runner and the generators can never
// disagree on what an operation is. The published package has no codegen: it carries a copy of this same module,
// made at pack time (see paths.mjs and scripts/vendor.mjs).
import { pathToFileURL } from 'node:url';
import { SPEC_MODEL } from './paths.mjs';

/** @type {typeof import('../../codegen/src/spec-model.mjs')} */
const model = await import(pathToFileURL(SPEC_MODEL).href);
export const { deref, operationsOf } = model;
