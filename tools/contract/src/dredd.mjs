// Runs Dredd over the 3.0 bundle. Dredd on OpenAPI 3 checks only statuses, Content-Type and key presence (toolchain
// notes), so it complements the conformance run rather than replacing it. Its many "API description parser warning"
// lines (for keywords it does not support) are filtered out of the output. Its counts and failures are read from its
// xunit file (see dredd-report.mjs), never from stdout. Which Dredd runs, and its on-demand install: dredd-install.mjs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_BUNDLE_30, SPEC_JSON } from './paths.mjs';
import { dreddJUnit, parseDreddXUnit } from './dredd-report.mjs';

/**
 * @param {{dreddDir: string, endpoint: string, kind: 'mock'|'live', env?: Record<string, string>, reportsDir: string, verbose?: boolean}} options
 *   `dreddDir` is the folder of an installed Dredd (findDredd / ensureDredd in dredd-install.mjs).
 * @returns {Promise<import('./dredd-report.mjs').DreddReport & {ok: boolean, exitCode: number | null, problem?: string, output: string, xunitPath: string, junitPath: string}>}
 */
export function runDredd({ dreddDir, endpoint, kind, env = {}, reportsDir, verbose = false }) {
  mkdirSync(reportsDir, { recursive: true });
  const xunitPath = join(reportsDir, 'dredd.xunit.xml');
  const junitPath = join(reportsDir, 'dredd.junit.xml');
  rmSync(xunitPath, { force: true });
  rmSync(junitPath, { force: true });
  const args = [
    join(dreddDir, 'bin/dredd'),
    SPEC_BUNDLE_30,
    endpoint,
    `--hookfiles=${join(import.meta.dirname, 'dredd-hooks.cjs')}`,
    '--loglevel=warning',
    '--reporter=xunit',
    `--output=${xunitPath}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env, CONTRACT_TARGET_KIND: kind, CONTRACT_SPEC_JSON: SPEC_JSON },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    /** @param {Buffer} chunk */
    const keep = (chunk) => {
      const text = String(chunk)
        .split('\n')
        .filter((line) => line.trim() && !line.includes('API description parser warning') && !/^\s+(on line|in section|\d+ \|)/.test(line))
        .join('\n');
      if (!text) return;
      output = (output + text + '\n').slice(-200_000);
      if (verbose) process.stdout.write(text + '\n');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (/** @type {number | null} */ exitCode) => {
      /** @type {import('./dredd-report.mjs').DreddReport} */
      let report = { passed: 0, failed: 0, skipped: 0, total: 0, cases: [] };
      /** @type {string | undefined} */
      let problem;
      if (!existsSync(xunitPath)) problem = `Dredd wrote no xunit report (exit code ${exitCode})`;
      else {
        try {
          report = parseDreddXUnit(readFileSync(xunitPath, 'utf8'));
          if (report.total === 0) problem = `Dredd ran no transaction (exit code ${exitCode})`;
        } catch (error) {
          problem = `Dredd's xunit report is unreadable: ${/** @type {Error} */ (error).message}`;
        }
      }
      writeFileSync(junitPath, dreddJUnit(report));
      const ok = !problem && exitCode === 0 && report.failed === 0;
      if (!ok && !problem && report.failed === 0) problem = `Dredd exited with code ${exitCode} without a failed transaction`;
      resolve({ ...report, ok, exitCode, ...(problem ? { problem } : {}), output, xunitPath, junitPath });
    });
  });
}
