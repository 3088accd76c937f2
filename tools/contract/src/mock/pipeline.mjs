// The mock front's request pipeline: a request's Context (stage contract in ./answers.mjs) runs through an ordered
// list of stages until one answers, and the answer gets every stage's `extraHeaders` merged in. The list is explicit
// (see `frontStages` in ../mock.mjs) so a new stage is one line in one place.
import { problem } from './answers.mjs';

/**
 * Runs the stages in order; the first Answer wins. A stage that throws ends the request with a 500 naming the stage,
 * so a bug in one stage is visible instead of a hang.
 * @param {import('./answers.mjs').Stage[]} stages  @param {import('./answers.mjs').Context} ctx
 * @returns {Promise<import('./answers.mjs').Answer>}
 */
export async function runStages(stages, ctx) {
  for (const stage of stages) {
    let answer;
    try {
      answer = await stage(ctx);
    } catch (error) {
      answer = problem(
        500,
        'Internal Server Error',
        `mock front: stage ${stage.name || '(anonymous)'} failed: ${/** @type {any} */ (error)?.message ?? error}`,
      );
    }
    if (answer) return withExtraHeaders(answer, ctx.extraHeaders);
  }
  return withExtraHeaders(problem(500, 'Internal Server Error', 'mock front: no stage answered'), ctx.extraHeaders);
}

/**
 * A stage's own headers win over the marks added on the way (a forced answer knows its headers best); a new object, so cached answers stay untouched.
 * @param {import('./answers.mjs').Answer} answer  @param {Record<string, string>} extra  @returns {import('./answers.mjs').Answer}
 */
export function withExtraHeaders(answer, extra) {
  return { ...answer, headers: { ...extra, ...(answer.headers ?? {}) } };
}
