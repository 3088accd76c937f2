#!/usr/bin/env node
// lint: publint (strict) and attw on the packed tarball, not the folder, so what is checked is what is published
// (the built bundle in dist/, workspace: ranges rewritten).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'contract-tarball-'));
try {
  execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: pkg, stdio: 'ignore' });
  // pnpm pack wrote exactly one tarball into the empty folder.
  const tarball = join(out, /** @type {string} */ (readdirSync(out).find((f) => f.endsWith('.tgz'))));
  execFileSync('pnpm', ['exec', 'publint', '--strict', tarball], { cwd: pkg, stdio: 'inherit' });
  execFileSync('pnpm', ['exec', 'attw', tarball], { cwd: pkg, stdio: 'inherit' });
} finally {
  rmSync(out, { recursive: true, force: true });
}
