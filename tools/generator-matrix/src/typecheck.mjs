// Type-checks each generator's output through its consumer (consumers/*.ts) under `strict`, `skipLibCheck: false`,
// once with `nodenext` and once with `bundler` resolution, several `tsc` at a time.
import { spawn } from 'node:child_process';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const CONSUMERS = fileURLToPath(new URL('../consumers/', import.meta.url));

/** @type {Record<string, {module: string, moduleResolution: string}>} */
export const SETTINGS = {
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
};

/** The consumers (one per generator), by name. */
export const consumers = () =>
  readdirSync(CONSUMERS)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''));

/** Every (consumer, setting) pair, as `{ consumer, setting }`. */
export function checks() {
  return consumers().flatMap((consumer) => Object.keys(SETTINGS).map((setting) => ({ consumer, setting })));
}

/**
 * Writes the consumers and one tsconfig per setting into `dir` (the generation directory). One `tsc` per setting
 * compiles every consumer: the standard library is checked once instead of once per generator, and each error is
 * still told apart by its file (`hey-api.ts` or `hey-api/…`).
 */
export function prepare(/** @type {string} */ dir) {
  for (const file of readdirSync(CONSUMERS)) copyFileSync(join(CONSUMERS, file), join(dir, file));
  for (const setting of Object.keys(SETTINGS)) {
    const compilerOptions = {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      ...SETTINGS[setting],
    };
    writeFileSync(join(dir, `tsconfig.${setting}.json`), JSON.stringify({ compilerOptions, files: consumers().map((c) => `${c}.ts`) }, null, 2));
  }
}

/**
 * @typedef {{setting: string, ok: boolean, seconds: number, output: string}} SettingRun
 */

/**
 * Runs one setting: resolves with `{ setting, ok, seconds, output }`.
 * @param {string} dir
 * @param {string} setting
 * @returns {Promise<SettingRun>}
 */
export function runSetting(dir, setting) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `tsconfig.${setting}.json`, '--pretty', 'false'], { cwd: dir });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ setting, ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

/** Both settings at once; each check's result carries the compiler lines of its own files. */
export async function runChecks(/** @type {string} */ dir) {
  const runs = await Promise.all(Object.keys(SETTINGS).map((setting) => runSetting(dir, setting)));
  return checks().map(({ consumer, setting }) => {
    const run = /** @type {SettingRun} one run per setting */ (runs.find((r) => r.setting === setting));
    const lines = run.output.split('\n').filter((line) => line.startsWith(`${consumer}.ts`) || line.startsWith(`${consumer}/`));
    return { consumer, setting, ok: run.ok || lines.length === 0, seconds: run.seconds, output: lines.join('\n'), all: run.output };
  });
}
