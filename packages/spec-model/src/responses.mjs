// The documented answer of an operation at a status, read from the document the one way every reader needs it: the
// operation object (its path item's `$ref` followed), the response object (through a `$ref` to a shared response),
// its JSON media type and that media type's first example (and, the same way, the first example of a request body).
// The mock, the contract runner and the docs build each worked this out for themselves; reading it here keeps "what
// the spec documents for this status" one answer.
import { deref, resolveRef } from './spec-model.mjs';

/** @import { SpecNode } from './spec-model.mjs' */
/** @typedef {{path: string, method: string}} OperationRoute an operation by its route (an OperationModel or a rawOperationsOf entry) */

/** One token of a JSON pointer (RFC 6901): `a/b~c` → `a~1b~0c`.  @param {string | number} key */
export const pointerToken = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The operation object as the document writes it, or undefined when the document has no such operation.
 * @param {SpecNode} document  @param {OperationRoute} op
 * @returns {SpecNode | undefined}
 */
export function operationObjectOf(document, { path, method }) {
  return deref(document, document.paths?.[path])?.[method];
}

/**
 * The response an operation documents for a status (its `$ref` followed), or undefined when it documents none.
 * `status` is looked up as the document keys it (200 and '200' alike; '2XX' and 'default' only as written): no
 * fallback from a status to its range or to `default`, as no reader here wants one.
 * @param {SpecNode} document  @param {OperationRoute} op  @param {number | string} status
 * @returns {SpecNode | undefined}
 */
export function responseOf(document, op, status) {
  return deref(document, operationObjectOf(document, op)?.responses?.[String(status)]);
}

/**
 * responseOf, with the JSON pointer of where the response is defined: under the operation
 * (`/paths/~1api~1v1~1health/get/responses/200`), or the shared response its `$ref` chain ends at
 * (`/components/responses/RateLimited`). For tools that point at the spec (the drift proposals).
 * @param {SpecNode} document  @param {OperationRoute} op  @param {number | string} status
 * @returns {{response: SpecNode, pointer: string} | undefined}
 */
export function responseEntryOf(document, op, status) {
  const written = operationObjectOf(document, op)?.responses?.[String(status)];
  if (!written) return undefined;
  const response = deref(document, written); // throws on an unresolved or circular chain, so the walk below ends
  let pointer = `/paths/${pointerToken(op.path)}/${op.method}/responses/${pointerToken(status)}`;
  for (let node = written; typeof node?.$ref === 'string'; node = resolveRef(document, node.$ref)) pointer = node.$ref.slice(1);
  return { response, pointer };
}

/**
 * The JSON media type of a response or request body (`$ref` already followed): `application/json`, or with `anyJson`
 * the first declared type that names JSON (`application/problem+json` too). Undefined when it declares none.
 * @param {SpecNode | undefined} body  @param {{anyJson?: boolean}} [options]
 * @returns {{type: string, media: SpecNode} | undefined}
 */
export function jsonMediaOf(body, { anyJson = false } = {}) {
  /** @type {Record<string, SpecNode>} */
  const content = body?.content ?? {};
  const type = anyJson ? Object.keys(content).find((t) => /json/i.test(t)) : 'application/json';
  const media = type === undefined ? undefined : content[type];
  return type !== undefined && media ? { type, media } : undefined;
}

/**
 * The first example of a media type object: its `example` (named 'example'), else the first entry of its `examples`
 * (a `$ref` to a shared example followed). An `example` that is present counts, even `null`; an entry without an
 * inline `value` (an `externalValue`) gives its name with the value undefined.
 * @param {SpecNode} document  @param {SpecNode | undefined} media
 * @returns {{name: string, value: unknown} | undefined}
 */
export function firstExampleOf(document, media) {
  if (!media) return undefined;
  if (media.example !== undefined) return { name: 'example', value: media.example };
  const [name, entry] = Object.entries(media.examples ?? {})[0] ?? [];
  return name === undefined ? undefined : { name, value: deref(document, entry)?.value };
}

/**
 * The value of the first example of the JSON body an operation documents for a status, or undefined when the spec
 * shows none (no such status, no `application/json`, no example). The mock answers with it.
 * @param {SpecNode} document  @param {OperationRoute} op  @param {number | string} status
 * @returns {unknown}
 */
export function responseExampleOf(document, op, status) {
  return firstExampleOf(document, jsonMediaOf(responseOf(document, op, status))?.media)?.value;
}

/**
 * The request-side twin of responseExampleOf: the value of the first example of an operation's JSON request body
 * (its `$ref` followed), or undefined when it documents none. Samples and the contract run send it.
 * @param {SpecNode} document  @param {OperationRoute} op
 * @returns {unknown}
 */
export function requestBodyExampleOf(document, op) {
  return firstExampleOf(document, jsonMediaOf(deref(document, operationObjectOf(document, op)?.requestBody))?.media)?.value;
}
