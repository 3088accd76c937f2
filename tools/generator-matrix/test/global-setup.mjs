// Runs each generator once, into .tmp/gen, before any test file; the files read the directory through inject('genDir').
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAll } from '../src/generate.mjs';

/** @param {import('vitest/node').TestProject} project */
export default async function setup({ provide }) {
  const dir = join(fileURLToPath(new URL('..', import.meta.url)), '.tmp/gen');
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const timings = await generateAll(dir);
  const seconds = (performance.now() - started) / 1000;
  console.log(`generator-matrix: generated in ${seconds.toFixed(1)} s (${timings.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(', ')}, in parallel)`);
  provide('genDir', dir);
}
