// The stateful mock (the contract tool's `startMock`: Prism behind the front) for one test file, the way the
// end-to-end tests use it: started once on a free port before the first test, stopped after the last, and reset
// before each test (POST /__mock/reset must answer 204), optionally with the mock's clock in the test's hands. Shared
// by the contract tool's mock tests and the client's tests against the mock. The caller passes `startMock` (from
// `@laevitas-api/contract/mock`, or the tool's own src/mock.mjs), so this package imports no workspace package and
// sits below every one that uses it.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

/**
 * @typedef {{port: number, now?: () => number, rateLimit?: boolean}} StartOptions what mockPerFile asks of the mock
 * @typedef {{url: string, state: any, stop(): Promise<unknown>}} RunningMock
 */

/**
 * Registers the file's hooks and returns the mock (its `url` and `state`, readable once the file's tests run) and the
 * clock: with `start`, the mock reads the time from `clock.now`, which is set back to `start` before each test.
 * Without it the mock keeps the real time.
 * @template {RunningMock} M
 * @param {(options: StartOptions) => Promise<M>} startMock
 * @param {{start?: number, rateLimit?: boolean}} [options] `rateLimit`: the mock enforces x-rate-limits (MOCK_RATE_LIMIT=on)
 * @returns {{mock: {readonly url: string, readonly state: M['state']}, clock: {now: number}}}
 */
export function mockPerFile(startMock, { start, rateLimit } = {}) {
  const clock = { now: start ?? Date.now() };
  /** @type {M | undefined} */
  let running;
  const started = () => {
    if (!running) throw new Error('mockPerFile: the mock starts in beforeAll; read mock.url and mock.state inside a test or hook');
    return running;
  };
  beforeAll(async () => {
    running = await startMock({
      port: 0,
      ...(start === undefined ? {} : { now: () => clock.now }),
      ...(rateLimit === undefined ? {} : { rateLimit }),
    });
  }, 120_000);
  afterAll(async () => running?.stop());
  beforeEach(async () => {
    if (start !== undefined) clock.now = start;
    expect((await fetch(`${started().url}/__mock/reset`, { method: 'POST' })).status, 'POST /__mock/reset').toBe(204);
  });
  const mock = {
    get url() {
      return started().url;
    },
    get state() {
      return started().state;
    },
  };
  return { mock, clock };
}
