// @laevitas-api/mock-core: the mock's runtime-neutral stages and state, shared by the mock server of the contract
// tool (tools/contract) and the MSW handlers of @laevitas-api/testing, in Node and in the browser. Private: the
// testing kit bundles it at build. The stages, in order, are declared in ./pipeline.mjs; the stage contract is in
// ./stage.mjs.
//
// Runtime-neutral means: nothing here (or in what it imports) may import a `node:` module or use Buffer, process or
// the file system; the spec document and the generated validators are passed in. tools/contract/test/mock-core.test.ts
// walks this package's import graph to keep it that way.
import { operationsOf } from '@laevitas-api/spec-model';
import { createPipeline } from './pipeline.mjs';
import { caseRules, normaliseCase } from './request/case.mjs';

export { createPipeline } from './pipeline.mjs';
export { caseRules, normaliseCase } from './request/case.mjs';
export { compileRoutes, matchRoute } from './request/route.mjs';
export { answerOf, planOf } from './answers/synth.mjs';
export { documentedAnswerOf, successStatusOf } from './answers/documented.mjs';
export { hash32 } from './answers/pagination.mjs';
export { problem } from './answer-shapes.mjs';
export { MOCK_DEFECT } from './runner.mjs';
export { RESET_PATH } from './state/reset.mjs';

/**
 * @typedef {import('./stage.mjs').Answer} Answer
 * @typedef {import('./pipeline.mjs').PipelineParts} PipelineParts
 */

/**
 * The in-process mock: the server's pipeline without its transport (no guard, no discovery routes, no Prism), ending
 * in the documented example where the server would ask Prism; one store per created mock; the rate limit stays off,
 * as in the server by default.
 * @param {Omit<PipelineParts, 'transport' | 'rateLimit'>} parts
 * @returns {{handle: (request: {method: string, url: URL, headers: Record<string, string>, body?: Uint8Array}) => Promise<Answer>,
 *   store: import('./state/store.mjs').Store}}
 */
export function createMockCore(parts) {
  const operations = parts.operations ?? operationsOf(parts.document);
  const pipeline = createPipeline({ ...parts, operations });
  const rules = caseRules(operations);
  return {
    store: pipeline.store,
    handle: ({ method, url, headers, body }) =>
      pipeline.run({
        method: method.toUpperCase(),
        url: normaliseCase(new URL(url), rules),
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: body?.length ? body : undefined,
        extraHeaders: {},
      }),
  };
}
