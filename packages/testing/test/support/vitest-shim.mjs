// The part of Vitest's API the guide's examples use (it/describe, the four hooks, expect with the matchers they
// call), so the examples run unchanged where Vitest itself is not installed: the clean project of
// test/consumer.test.ts (Node) and a plain Chromium page. Tests run in order once the module has loaded;
// `globalThis.__guideResults` gets one entry per test and resolves when all have run.
const tests = [];
const hooks = { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] };
const prefix = [];

export const it = (name, fn) => void tests.push({ name: [...prefix, name].join(' › '), fn });
export const test = it;
export const describe = (name, fn) => {
  prefix.push(name);
  fn();
  prefix.pop();
};
export const beforeAll = (fn) => void hooks.beforeAll.push(fn);
export const afterAll = (fn) => void hooks.afterAll.push(fn);
export const beforeEach = (fn) => void hooks.beforeEach.push(fn);
export const afterEach = (fn) => void hooks.afterEach.push(fn);

const show = (value) => {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
};
const equal = (a, b) => show(a) === show(b) && JSON.stringify(a) === JSON.stringify(b);

function matchers(actual, negate = false) {
  const check = (ok, message) => {
    if (ok === negate) throw new Error(`expected ${show(actual)} ${negate ? 'not ' : ''}${message}`);
  };
  return {
    toBe: (expected) => check(Object.is(actual, expected), `to be ${show(expected)}`),
    toEqual: (expected) => check(equal(actual, expected), `to equal ${show(expected)}`),
    toBeTruthy: () => check(Boolean(actual), 'to be truthy'),
    toHaveLength: (length) => check(actual?.length === length, `to have length ${length}`),
    toBeGreaterThan: (n) => check(actual > n, `to be greater than ${n}`),
    toBeInstanceOf: (type) => check(actual instanceof type, `to be an instance of ${type?.name}`),
    toContain: (part) => check(actual?.includes?.(part), `to contain ${show(part)}`),
  };
}

export function expect(actual) {
  const rejects = new Proxy(
    {},
    {
      get:
        (_, name) =>
        async (...args) => {
          let error;
          try {
            await actual;
          } catch (e) {
            error = e;
          }
          if (error === undefined) throw new Error('expected the promise to reject');
          return matchers(error)[name](...args);
        },
    },
  );
  return { ...matchers(actual), not: matchers(actual, true), rejects };
}

async function run() {
  const results = [];
  const all = async (list) => {
    for (const fn of list) await fn();
  };
  await all(hooks.beforeAll);
  for (const { name, fn } of tests) {
    try {
      await all(hooks.beforeEach);
      await fn();
      await all(hooks.afterEach);
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
    }
  }
  await all(hooks.afterAll);
  return results;
}

// After the importing module has evaluated (its top-level it() calls registered), run everything.
globalThis.__guideResults = new Promise((resolve) => setTimeout(resolve, 0)).then(run);
