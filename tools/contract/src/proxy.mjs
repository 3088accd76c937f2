// Prism's validating proxy in front of a live deployment: responses pass through unchanged unless they break the
// schema, in which case `--errors` turns them into a 500 VIOLATIONS problem (so Dredd's status check catches
// violations Dredd itself cannot see).
import { spawn } from 'node:child_process';
import { PRISM_BIN, SPEC_BUNDLE } from './paths.mjs';

export async function startValidatingProxy({ upstream, port, host = '127.0.0.1' }) {
  const child = spawn(process.execPath, [PRISM_BIN, 'proxy', SPEC_BUNDLE, upstream, '--port', String(port), '--host', host, '--errors'], {
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log = (log + c).slice(-20_000)));
  child.stderr.on('data', (c) => (log = (log + c).slice(-20_000)));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prism proxy exited before listening:\n${log}`);
    if (/listening on/i.test(log)) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Prism proxy did not start within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop: async () => child.exitCode === null && child.kill('SIGTERM') };
}
