// The public formatErrors: turns ajv errors (the user's own schemas', the stream validators') into issues, worded by
// runtime/wording.mjs, after checking what it is handed and dropping the errors of anyOf/oneOf branches.

/** @import { ValidationIssue } from './operation.cjs' */
/** @import { WordedError } from './wording.mjs' */
import { wordErrors, toPath } from './wording.mjs';

/**
 * An ajv error, or a TypeError naming the entry that is not one (formatErrors is public: users pass their own).
 * @param {unknown} error
 * @param {number} index
 * @returns {WordedError & { schemaPath: string | undefined }}
 */
function ajvError(error, index) {
  if (!error || typeof error !== 'object') throw new TypeError(`formatErrors: errors[${index}] is not an ajv error object`);
  const { keyword, instancePath, schemaPath, params, message } = /** @type {Record<string, unknown>} an object, checked above */ (error);
  if (typeof keyword !== 'string') throw new TypeError(`formatErrors: errors[${index}].keyword must be a string`);
  if (typeof instancePath !== 'string') throw new TypeError(`formatErrors: errors[${index}].instancePath must be a string`);
  return {
    keyword,
    instancePath,
    schemaPath: typeof schemaPath === 'string' ? schemaPath : undefined,
    params: params && typeof params === 'object' ? /** @type {Record<string, unknown>} an object, checked here */ (params) : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

/**
 * @param {ReadonlyArray<unknown> | null | undefined} errors ajv errors (a validator's `errors`, null when it passed)
 * @param {string} prefix where the data sits: 'body', 'query', 'response', …
 * @returns {ValidationIssue[]}
 */
function formatErrors(errors, prefix) {
  const list = (errors || []).map(ajvError);
  // Branch failures of an anyOf/oneOf are noise next to the union's own failure ("must match one of its accepted
  // forms"): keep the summary, drop the errors of the branches under it.
  const unions = list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  // An error without schemaPath (a hand-built one: formatErrors is public) is never a branch's.
  return wordErrors(
    list.filter(({ schemaPath }) => !schemaPath || !unions.some((u) => schemaPath.startsWith(u))),
    prefix,
  );
}

export { formatErrors, toPath };
