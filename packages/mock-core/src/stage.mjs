// The contract every stage of the mock keeps, in the Node server (tools/contract) and in the in-process handlers of
// @laevitas-api/testing alike. The order of the stages is declared once, in ./pipeline.mjs.
//
// A stage is `(ctx) => Answer | undefined | Promise<Answer | undefined>`: `undefined` hands the request on to the
// next stage, an Answer ends it. A stage that lets a request through but must mark the answer (the balance in
// `x-credits-remaining`, a `PAYMENT-RESPONSE` receipt, a warning about an unknown parameter) adds to
// `ctx.extraHeaders`; the runner merges them into whatever answer ends the request.
//
// A stage that concerns only some operations says which with `appliesTo(op)`: the runner asks it once per operation
// when the pipeline is built (`op` undefined stands for requests no operation matches: the mock's control routes),
// and a request only passes the stages its operation needs.
//
// Runtime-neutral: this package imports no `node:` module and uses no Buffer, process or file system (a test walks
// its import graph), so the same stages run in Node, Deno, Bun, workers and browsers.

/**
 * @typedef {{status: number, headers?: Record<string, string>, body?: string | Uint8Array}} Answer
 * @typedef {'legacy' | 'v1'} Family
 * @typedef {import('@laevitas-api/spec-model').OperationModel} OperationModel
 * @typedef {{paths: Record<string, any>, [key: string]: any}} OpenApiDocument the bundled OpenAPI document, walked loosely
 * @typedef {{
 *   method: string,              // upper case
 *   rawTarget?: string | undefined,          // the request target as sent (before any decoding), when the front has it
 *   rawHeaders?: string[] | undefined,       // the headers as sent, name and value alternating, when the front has them
 *   url: URL,                    // the request URL, already safely decoded and case-normalised
 *   headers: Record<string, string>, // lower-case names, one value each
 *   body?: Uint8Array | undefined,           // the raw request body, if any
 *   remoteAddress?: string | undefined,
 *   family?: Family | undefined,             // set once the route is matched
 *   op?: OperationModel | undefined,         // the matched operation
 *   pathParams?: Record<string, string> | undefined,
 *   query?: Record<string, string> | undefined, // the documented query parameters (route stage)
 *   unknownQuery?: string[],     // the undocumented ones, ignored and named in a Warning
 *   preferred?: number,          // the status forced with `Prefer: code=N`
 *   forcePrism?: boolean,        // a forced non-success status: answered with its documented example
 *   json?: unknown,              // the parsed JSON body (request validation)
 *   params?: unknown,            // the validated, coerced parameters (request validation)
 *   extraHeaders: Record<string, string>, // merged into the final answer
 * }} Context
 * @typedef {((ctx: Context) => Answer | undefined | Promise<Answer | undefined>) & {
 *   appliesTo?: ((op: OperationModel | undefined) => boolean) | undefined,
 *   selectsOperation?: boolean | undefined,
 * }} Stage `selectsOperation`: the route stage, after which the runner picks the operation's own stages
 */

/**
 * Marks a stage as concerning only the operations `appliesTo` accepts (asked once per operation, at start).
 * @template {Stage} S  @param {S} stage  @param {(op: OperationModel | undefined) => boolean} appliesTo  @returns {S}
 */
export function forOperations(stage, appliesTo) {
  stage.appliesTo = appliesTo;
  return stage;
}

/** Stages that concern only requests some operation matched (not the mock's control routes).  @param {OperationModel | undefined} op */
export const anyOperation = (op) => op !== undefined;
