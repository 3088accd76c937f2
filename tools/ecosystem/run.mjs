#!/usr/bin/env node
// The ecosystem test: the packages as published (packed tarballs, installed with npm into a clean project per
// runtime) run one smoke program (smoke/smoke.mjs) against the mock on every runtime our users deploy to, one after
// another (the machine has 2 cores). Prints one line per runtime with the smoke's result and fails if any fails.
//   node run.mjs                    every runtime
//   ECOSYSTEM=node-26,workerd node run.mjs   only these (ids: node-20, node-22, node-24, node-26, bun, deno, workerd, chromium)
// Runtimes and projects are cached under ~/.cache/laevitas-api/ecosystem (ECOSYSTEM_CACHE); a project is reinstalled
// only when a tarball changed. Chromium is skipped, with the reason, when /usr/bin/chromium is missing, except under
// CI=true or ECOSYSTEM_REQUIRE_BROWSER=1 (.ci/run installs it), where a missing browser fails the run.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startMock } from '../contract/src/mock.mjs';
import { packAll, projectFor } from './src/project.mjs';
import { RUNTIMES } from './src/runtimes.mjs';

const started = Date.now();
const wanted = process.env.ECOSYSTEM?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = wanted?.filter((id) => !RUNTIMES.some((r) => r.id === id)) ?? [];
if (unknown.length) {
  console.error(`ECOSYSTEM: unknown runtime(s) ${unknown.join(', ')} (known: ${RUNTIMES.map((r) => r.id).join(', ')})`);
  process.exit(2);
}
const runtimes = RUNTIMES.filter((r) => !wanted || wanted.includes(r.id));
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const packStart = Date.now();
const packed = packAll();
console.log(`packed ${packed.tarballs.map((t) => t.name).join(', ')} in ${seconds(packStart)}`);
const mock = await startMock({ port: 0 });
const target = { baseUrl: mock.url, v2BaseUrl: mock.url, streamUrl: mock.streamUrl.replace(/\?.*$/, '') };

/** @type {{id: string, ok: boolean | 'skipped'}[]} */
const outcomes = [];
try {
  for (const runtime of runtimes) {
    const t0 = Date.now();
    const missing = runtime.available?.();
    if (missing) {
      const required = process.env.ECOSYSTEM_REQUIRE_BROWSER === '1' || process.env.CI === 'true' || wanted?.includes(runtime.id);
      console.log(`ecosystem ${runtime.label.padEnd(9)} ${required ? 'FAIL' : 'skip'}  ${missing}`);
      outcomes.push({ id: runtime.id, ok: required ? false : 'skipped' });
      continue;
    }
    let line;
    let ok = false;
    try {
      const { version, installedSeconds } = await runtime.prepare();
      const project = projectFor(runtime.id, packed.tarballs, join(import.meta.dirname, 'smoke'));
      const installs = [
        installedSeconds && `runtime installed in ${installedSeconds.toFixed(1)} s`,
        project.installedSeconds && `tarballs installed in ${project.installedSeconds.toFixed(1)} s`,
      ].filter(Boolean);
      const result = await runtime.run(project.dir, target);
      ok = result.checks.length > 0 && result.checks.every((c) => c.ok);
      const summary = result.checks.map((c) => `${c.name} ${c.ok ? 'ok' : 'FAIL'}`).join(', ');
      line =
        `${runtime.label} ${version}`.padEnd(34) + `${ok ? 'ok  ' : 'FAIL'}  ${summary}  (${seconds(t0)}${installs.length ? `; ${installs.join(', ')}` : ''})`;
      for (const c of result.checks)
        if (!c.ok || process.env.ECOSYSTEM_VERBOSE) line += `\n    ${c.name}: ${c.detail.length > 400 ? `${c.detail.slice(0, 400)}…` : c.detail}`;
    } catch (error) {
      line = `${runtime.label}`.padEnd(34) + `FAIL  ${/** @type {Error} */ (error).stack ?? error}`;
    }
    console.log(`ecosystem ${line}`);
    outcomes.push({ id: runtime.id, ok });
  }
} finally {
  await mock.stop();
  rmSync(packed.dir, { recursive: true, force: true });
}
const failed = outcomes.filter((o) => o.ok === false);
const passed = outcomes.filter((o) => o.ok === true);
const skipped = outcomes.filter((o) => o.ok === 'skipped');
console.log(
  `ecosystem: ${passed.length} passed, ${failed.length} failed, ${skipped.length} skipped in ${seconds(started)}${failed.length ? ` (failed: ${failed.map((o) => o.id).join(', ')})` : ''}`,
);
process.exit(failed.length ? 1 : 0);
