// Runs one Prism process (`mock` or `proxy`) and waits until it accepts connections. Telemetry is denied, the last
// 20 kB of its log are kept for error messages, and `stop` waits for the process to exit.
import { spawn } from 'node:child_process';
import { PRISM_BIN } from './paths.mjs';

/** @param {{args: string[], port: number, host?: string, quiet?: boolean}} options */
export async function startPrism({ args, port, host = '127.0.0.1', quiet = true }) {
  const child = spawn(process.execPath, [PRISM_BIN, ...args, '--port', String(port), '--host', host], {
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
    if (child.exitCode !== null) throw new Error(`Prism ${args[0]} exited (${child.exitCode}) before listening:\n${log}`);
    // Any HTTP answer means it listens (a proxy may answer with an upstream error).
    if (await fetch(`${url}/api/v1/health`, { method: 'HEAD' }).then(() => true, () => false)) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Prism ${args[0]} did not listen on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, log: () => log, stop: async () => (child.exitCode === null && child.kill('SIGTERM'), exited) };
}
