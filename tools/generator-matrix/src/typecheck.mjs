// Type-checks each generator's output through its consumer (consumers/*.ts) under `strict`, `skipLibCheck: false`,
// once with `nodenext` and once with `bundler` resolution, several `tsc` at a time.
import { spawn } from 'node:child_process';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const CONSUMERS = fileURLToPath(new URL('../consumers/', import.meta.url));

export const SETTINGS = {
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
};

/** Every (consumer, setting) pair, as `{ consumer, setting }`. */
export function checks() {
  const consumers = readdirSync(CONSUMERS).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
  return consumers.flatMap((consumer) => Object.keys(SETTINGS).map((setting) => ({ consumer, setting })));
}

/** Writes the consumers and one tsconfig per check into `dir` (the generation directory). */
export function prepare(dir) {
  for (const file of readdirSync(CONSUMERS)) copyFileSync(join(CONSUMERS, file), join(dir, file));
  for (const { consumer, setting } of checks()) {
    const compilerOptions = {
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      ...SETTINGS[setting],
    };
    writeFileSync(join(dir, `tsconfig.${consumer}.${setting}.json`), JSON.stringify({ compilerOptions, files: [`${consumer}.ts`] }, null, 2));
  }
}

/** Runs one check: resolves with `{ consumer, setting, ok, seconds, output }`. */
export function runCheck(dir, { consumer, setting }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', `tsconfig.${consumer}.${setting}.json`, '--pretty', 'false'], { cwd: dir });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ consumer, setting, ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

/** Runs every check, `concurrency` at a time. */
export async function runChecks(dir, concurrency = 3) {
  const queue = checks();
  const results = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await runCheck(dir, next));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
