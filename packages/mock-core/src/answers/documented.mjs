// The documented answers of an operation: its JSON example and the examples of its documented headers, for a status.
// The in-process mock's last stage answers with them where the server would ask Prism (which answers the same
// examples: it runs with static examples first).
import { deref, firstExampleOf, jsonMediaOf, responseOf } from '@laevitas-api/spec-model';
import { json, problem } from '../answer-shapes.mjs';

/**
 * @typedef {import('../stage.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 */

/**
 * The documented answer of one status of an operation: its JSON example (first of `examples`) and the examples of
 * its documented headers; `example` undefined when the spec shows none.
 * @param {OpenApiDocument} document  @param {OperationModel} op  @param {number} status
 * @returns {{example: unknown, headers: Record<string, string>}}
 */
export function documentedAnswerOf(document, op, status) {
  const response = responseOf(document, op, status);
  const example = firstExampleOf(document, jsonMediaOf(response)?.media)?.value;
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, header] of Object.entries(response?.headers ?? {})) {
    const value = deref(document, header)?.example ?? deref(document, deref(document, header)?.schema)?.example;
    if (value !== undefined) headers[name.toLowerCase()] = String(value);
  }
  return { example: example === undefined ? undefined : structuredClone(example), headers };
}

/** The success status an operation documents first (200 for most).  @param {OperationModel} op */
export function successStatusOf(op) {
  return op.responses.find((r) => r.status >= 200 && r.status < 300)?.status ?? op.responses[0]?.status ?? 200;
}

/**
 * The documented example of the forced status (`Prefer: code=N`), else of the operation's success status; a
 * documented status without an example answers its status with an empty body.
 * @param {OpenApiDocument} document  @returns {import('../stage.mjs').Stage}
 */
export function documentedExampleStage(document) {
  return function documentedExample(ctx) {
    const op = ctx.op;
    if (!op) return problem(404, 'Not Found', `Cannot ${ctx.method} ${ctx.url.pathname}`);
    const status = ctx.preferred ?? successStatusOf(op);
    const { example, headers } = documentedAnswerOf(document, op, status);
    if (example === undefined) return { status, headers, body: '' };
    return json(status, example, { ...headers, 'content-type': 'application/json' });
  };
}
