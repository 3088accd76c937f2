// Keeps one server of the main job running in a child process of its own (./servers.mjs): when it exits without
// being asked to, it is started again on the same port after a back-off that grows while it keeps failing (250 ms,
// doubling, at most 5 s; reset once a child has stayed up 10 s). A process per server is the isolation: whatever a
// client does to one server (or whatever bug it hits), the other keeps its own event loop, memory and sockets.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'servers.mjs');

/**
 * @typedef {{ready: true, url: string, streamUrl?: string, port: number}} Ready
 * @typedef {{name: string, ready: Promise<Ready>, pid: () => number | undefined, restarts: () => number,
 *   restart: () => Promise<Ready>, stop: () => Promise<void>}} Supervised
 */

/**
 * @param {'mock' | 'docs'} name
 * @param {{port: number, host?: string, log?: (line: string) => void, env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv)}} options
 *   `env` as a function is read at each start (the main job points a restart at a fresh copy of the build)
 * @returns {Supervised}
 */
export function supervise(name, { port, host = '127.0.0.1', log = (line) => process.stderr.write(`${line}\n`), env = process.env }) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let stopping = false;
  let restarts = 0;
  let backoff = 250;
  let boundPort = port; // port 0 binds an ephemeral port once; a restart reuses it, so the URL printed stays true

  /** @returns {Promise<Ready>} */
  const start = () =>
    new Promise((resolve, reject) => {
      const startedAt = Date.now();
      // A process group of its own (detached): a terminal's Ctrl-C reaches the supervisor only, which stops the
      // servers in order; and when a server dies, the group is killed with it, so nothing it started (the mock's
      // Prism processes) is left holding a port.
      const current = fork(ENTRY, [name], {
        env: { ...(typeof env === 'function' ? env() : env), PORT: String(boundPort), HOST: host },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        detached: true,
      });
      child = current;
      let ready = false;
      current.on('message', (/** @type {Ready} */ message) => {
        if (!message?.ready) return;
        ready = true;
        boundPort = message.port;
        resolve(message);
      });
      current.on('exit', (code, signal) => {
        try {
          process.kill(-(/** @type {number} */ (current.pid)), 'SIGKILL');
        } catch {
          // the group is already empty
        }
        if (child !== current || stopping) return;
        if (!ready && restarts === 0) return reject(new Error(`the ${name} server exited before it listened (${signal ?? `code ${code}`})`));
        if (Date.now() - startedAt > 10_000) backoff = 250;
        log(`[main job] the ${name} server exited (${signal ?? `code ${code}`}); starting it again in ${backoff} ms`);
        const wait = backoff;
        backoff = Math.min(backoff * 2, 5_000);
        restarts += 1;
        setTimeout(() => {
          if (!stopping)
            start().then(
              () => log(`[main job] the ${name} server is back on port ${boundPort}`),
              (error) => log(`[main job] ${error.message}`),
            );
        }, wait).unref();
      });
    });

  const stopChild = () =>
    /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        const current = child;
        if (!current || current.exitCode !== null || current.signalCode !== null) return resolve();
        current.once('exit', () => resolve());
        current.kill('SIGTERM');
        setTimeout(() => current.kill('SIGKILL'), 5_000).unref();
      })
    );

  const ready = start();
  return {
    name,
    ready,
    pid: () => child?.pid,
    restarts: () => restarts,
    // A deliberate restart (the background build changed what this server serves): no back-off, no "exited" line.
    restart: async () => {
      stopping = true;
      await stopChild();
      stopping = false;
      return start();
    },
    stop: async () => {
      stopping = true;
      await stopChild();
    },
  };
}
