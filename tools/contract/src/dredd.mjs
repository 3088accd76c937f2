// Runs Dredd over the 3.0 bundle. Dredd on OpenAPI 3 checks only statuses, Content-Type and key presence (toolchain
// notes), so it complements the conformance run rather than replacing it. Its many "API description parser warning"
// lines (for keywords it does not support) are filtered out of the output.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DREDD_BIN, SPEC_BUNDLE_30 } from './paths.mjs';

/** @returns {Promise<{passed: number, failed: number, errors: number, skipped: number, total: number, ok: boolean, output: string}>} */
export function runDredd({ endpoint, kind, env = {}, junitPath, verbose = false }) {
  const args = [DREDD_BIN, SPEC_BUNDLE_30, endpoint, `--hookfiles=${join(import.meta.dirname, 'dredd-hooks.cjs')}`, '--loglevel=warning'];
  if (junitPath) args.push('--reporter=junit', `--output=${junitPath}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env, CONTRACT_TARGET_KIND: kind }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      const text = String(chunk)
        .split('\n')
        .filter((line) => line.trim() && !line.includes('API description parser warning') && !/^\s+(on line|in section|\d+ \|)/.test(line))
        .join('\n');
      if (!text) return;
      output += text + '\n';
      if (verbose) process.stdout.write(text + '\n');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      const m = /complete.*?(\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
      const [passed, failed, errors, skipped, total] = m ? m.slice(1).map(Number) : [0, 0, 0, 0, 0];
      resolve({ passed, failed, errors, skipped, total, ok: code === 0 && Boolean(m), output });
    });
  });
}
