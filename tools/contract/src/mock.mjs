// Starts Prism on the bundled spec: both families on one port, static examples first (so responses are stable and
// documented), request validation on (a bad enum, a limit over its maximum or a missing required parameter get
// the documented 400 body). `Prefer: code=429` (or 402, 401, …) returns that documented response on purpose.
import { spawn } from 'node:child_process';
import { PRISM_BIN, SPEC_BUNDLE } from './paths.mjs';

/**
 * @param {{port?: number, host?: string, spec?: string, dynamic?: boolean, quiet?: boolean}} options
 * @returns {Promise<{url: string, stop: () => Promise<void>}>}
 */
export async function startMock({ port = 4010, host = '127.0.0.1', spec = SPEC_BUNDLE, dynamic = false, quiet = true } = {}) {
  const args = [PRISM_BIN, 'mock', spec, '--port', String(port), '--host', host];
  if (dynamic) args.push('--dynamic');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk) => {
    log = (log + chunk).slice(-20_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://${host}:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism exited (${child.exitCode}) before listening:\n${log}`);
    try {
      await fetch(`${url}/api/v1/health`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`Prism did not listen on ${url} within 60 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url,
    log: () => log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
