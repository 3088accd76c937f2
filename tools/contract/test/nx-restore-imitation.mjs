// Plays the main job's background Nx check (tools/scripts/start.mjs runs `pnpm exec nx run-many ...`; a test puts a
// `pnpm` on PATH that runs this) the way a cache hit behaves: every output directory is deleted, stays missing for a
// while, and comes back as it was (the same build, timestamps and all: the job must find it up to date). Nx's own window
// is short (about a second for the validators on an idle machine); this one is held open until the test says so, so
// that every probe it sends meets the missing files.
// Env: RESTORE_CONTROL, a directory: this waits for `go` there, writes `open` once the outputs are gone and waits for
// `close` (each wait at most 60 s).
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OUTPUTS = ['spec/dist', 'packages/validators/generated', 'packages/client/dist', 'packages/docs/dist'];
const control = process.env.RESTORE_CONTROL;
if (!control) throw new Error('nx-restore-imitation: RESTORE_CONTROL (a directory) is not set');

/** @param {string} name */
async function waitFor(name) {
  const end = Date.now() + 60_000;
  while (!existsSync(join(/** @type {string} */ (control), name)) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

await waitFor('go');
const held = mkdtempSync(join(tmpdir(), 'nx-restore-'));
for (const [index, output] of OUTPUTS.entries()) if (existsSync(output)) renameSync(output, join(held, String(index)));
writeFileSync(join(control, 'open'), '');
await waitFor('close');
for (const [index, output] of OUTPUTS.entries()) {
  const from = join(held, String(index));
  if (existsSync(from)) renameSync(from, output);
}
rmSync(held, { recursive: true, force: true });
