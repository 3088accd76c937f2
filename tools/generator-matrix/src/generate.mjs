// Generates clients from spec/dist the way another repo would, once, into one directory: hey-api from the combined
// bundle and from each family's bundle, orval (validation on) from the 3.0 bundle and from the combined one, and
// openapi-typescript from the combined bundle. The three generators run at the same time.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const DIST = join(ROOT, 'spec/dist');

/** Output folders under the generation directory, by generator and input. */
export const OUTPUTS = {
  hey: 'hey-api/combined',
  heyLegacy: 'hey-api/legacy',
  heyV1: 'hey-api/v1',
  orval30: 'orval/from-3.0',
  orval31: 'orval/from-3.1',
  openapiTs: 'openapi-typescript',
};

/**
 * Each generator with the time it took; throws (naming the generator) when one fails.
 * @param {string} dir the generation directory
 * @returns {Promise<{name: string, seconds: number}[]>}
 */
export async function generateAll(dir) {
  mkdirSync(dir, { recursive: true });
  // ESM for nodenext: the generated files and the consumers are modules.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  /** @param {string} name @param {() => Promise<void>} run */
  const timed = (name, run) => {
    const started = performance.now();
    return run().then(
      () => ({ name, seconds: (performance.now() - started) / 1000 }),
      (/** @type {{stack?: string} | undefined} */ error) => {
        throw new Error(`${name} failed: ${error?.stack ?? error}`);
      },
    );
  };
  return Promise.all([timed('hey-api', () => heyApi(dir)), timed('orval', () => orval(dir)), timed('openapi-typescript', () => openapiTypescript(dir))]);
}

/** @param {string} dir */
async function heyApi(dir) {
  const { createClient } = await import('@hey-api/openapi-ts');
  /**
   * @param {string} input
   * @param {string} output
   * @returns {import('@hey-api/openapi-ts').UserConfig}
   */
  const job = (input, output) => ({
    input: join(DIST, input),
    output: { path: join(dir, output) },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent', file: false },
  });
  await createClient([job('openapi.json', OUTPUTS.hey), job('openapi.legacy.json', OUTPUTS.heyLegacy), job('openapi.v1.json', OUTPUTS.heyV1)]);
}

/** @param {string} dir */
async function orval(dir) {
  const { generate } = await import('orval');
  const { default: rulesets } = await import('@stoplight/spectral-rulesets');
  const { oas } = rulesets;
  /** @param {string} input @param {string} output */
  const job = (input, output) =>
    generate(
      {
        // Validation on, with Spectral's `oas` ruleset. orval's default (`validation: true`) is IBM's API style guide,
        // which asks for snake_case path segments, enum values and field names: the real service's own names.
        input: { target: join(DIST, input), validation: { extends: [[oas, 'recommended']] } },
        output: {
          target: join(dir, output, 'client.ts'),
          client: 'fetch',
          mode: 'single',
          // Each operation calls the first server of its path: the family's real host.
          baseUrl: { getBaseUrlFromSpecification: true },
        },
      },
      dir,
    );
  // One at a time: orval keeps per-run state in module scope. It logs a failure instead of throwing, so a missing
  // output is the failure signal.
  // Its validation warnings (Spectral oas) go to the console line by line; they are kept and shown only on failure.
  /** @type {string[]} */
  const log = [];
  const saved = { log: console.log, warn: console.warn, error: console.error, info: console.info };
  for (const key of /** @type {(keyof typeof saved)[]} */ (Object.keys(saved))) console[key] = (...args) => log.push(args.join(' '));
  try {
    for (const [input, output] of /** @type {[input: string, output: string][]} */ ([
      ['openapi-3.0.yaml', OUTPUTS.orval30],
      ['openapi.json', OUTPUTS.orval31],
    ])) {
      await job(input, output);
      if (!existsSync(join(dir, output, 'client.ts'))) throw new Error(`orval wrote nothing from ${input}:\n${log.join('\n')}`);
    }
  } finally {
    Object.assign(console, saved);
  }
}

/** @param {string} dir */
async function openapiTypescript(dir) {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const { readFileSync } = await import('node:fs');
  const ast = await openapiTS(JSON.parse(readFileSync(join(DIST, 'openapi.json'), 'utf8')));
  mkdirSync(join(dir, OUTPUTS.openapiTs), { recursive: true });
  writeFileSync(join(dir, OUTPUTS.openapiTs, 'schema.ts'), astToString(ast));
}
