// Runs a request's Context through the declared stages (./pipeline.mjs) until one answers, and merges every stage's
// `extraHeaders` into that answer. The stages after the route stage are chosen once per operation, when the runner is
// built, from each stage's `appliesTo` (./stage.mjs): a GET of a data route passes only the stages that concern it,
// and no stage asks "is this request mine?" of requests it can never answer.
import { problem } from './answer-shapes.mjs';

/**
 * @typedef {import('./stage.mjs').Stage} Stage
 * @typedef {import('./stage.mjs').Context} Context
 * @typedef {import('./stage.mjs').Answer} Answer
 * @typedef {import('./stage.mjs').OperationModel} OperationModel
 */

/** What every 500 of the mock's own making says: the request may be fine, the mock failed on it. */
export const MOCK_DEFECT = 'a defect of the mock, not of the request; please report it';

/**
 * @param {Stage[]} stages in order, the route stage (`selectsOperation`) among them
 * @param {OperationModel[]} operations the operations the route stage can match
 * @returns {{run: (ctx: Context) => Promise<Answer>, stagesOf: (op: OperationModel | undefined) => Stage[]}}
 */
export function createRunner(stages, operations) {
  const routeAt = stages.findIndex((stage) => stage.selectsOperation);
  // Without a route stage every stage runs for every request, in order.
  const head = routeAt < 0 ? [] : stages.slice(0, routeAt + 1);
  const tail = routeAt < 0 ? stages : stages.slice(routeAt + 1);
  /** @param {OperationModel | undefined} op */
  const select = (op) => tail.filter((stage) => !stage.appliesTo || stage.appliesTo(op));
  /** @type {Map<OperationModel, Stage[]>} */
  const byOperation = new Map(operations.map((op) => [op, select(op)]));
  const unmatched = select(undefined);
  /** @param {OperationModel | undefined} op */
  const stagesOf = (op) => (op && byOperation.get(op)) || (op ? select(op) : unmatched);

  /** @param {Context} ctx  @returns {Promise<Answer>} */
  async function run(ctx) {
    const answer = (await runList(head, ctx)) ?? (await runList(stagesOf(ctx.op), ctx));
    return withExtraHeaders(answer ?? problem(500, 'Internal Server Error', `mock front: no stage answered (${MOCK_DEFECT})`), ctx.extraHeaders);
  }
  return { run, stagesOf };
}

/**
 * The first answer of `stages`. A stage that throws ends the request with a 500 naming the stage, so a bug in one
 * stage is visible instead of a hang. Stages that answer synchronously are not awaited: most do, and a request
 * passes a dozen of them.
 * @param {Stage[]} stages  @param {Context} ctx  @returns {Promise<Answer | undefined>}
 */
async function runList(stages, ctx) {
  for (const stage of stages) {
    /** @type {Answer | undefined | Promise<Answer | undefined>} */
    let answer;
    try {
      answer = stage(ctx);
      if (answer instanceof Promise) answer = await answer;
    } catch (error) {
      answer = problem(
        500,
        'Internal Server Error',
        `mock front: stage ${stage.name || '(anonymous)'} failed (${MOCK_DEFECT}): ${/** @type {any} */ (error)?.message ?? error}`,
      );
    }
    if (answer) return answer;
  }
  return undefined;
}

/**
 * A stage's own headers win over the marks added on the way (a forced answer knows its headers best); a new object,
 * so cached answers stay untouched. Without marks the answer itself goes on (nothing is ever written into it).
 * @param {Answer} answer  @param {Record<string, string>} extra  @returns {Answer}
 */
function withExtraHeaders(answer, extra) {
  for (const _ in extra) return { ...answer, headers: { ...extra, ...(answer.headers ?? {}) } };
  return answer.headers ? answer : { ...answer, headers: {} };
}
