// Runs one Prism process (`mock` or `proxy`) and waits until it accepts connections. Telemetry is denied, the last
// 20 kB of its log are kept for error messages, and `stop` waits for the process to exit.
//
// `supervisePrism` keeps one Prism alive for the mock front: when the child exits it logs why (exit code or signal
// and the tail of its output, where Prism prints the stack that killed it), restarts it on a fresh free port after a
// backoff (250 ms doubling to 8 s, back to 250 ms once a child has stayed up 30 s), and tells the front whether it is
// up so the front can answer 503 with Retry-After instead of hanging or failing opaquely.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PRISM_BIN } from './paths.mjs';

/**
 * @typedef {{code: number | null, signal: NodeJS.Signals | null}} Exit
 * @typedef {Awaited<ReturnType<typeof startPrism>>} PrismProcess
 */

/** @param {{args: string[], port: number, host?: string | undefined, quiet?: boolean | undefined}} options */
export async function startPrism({ args, port, host = '127.0.0.1', quiet = true }) {
  const child = spawn(process.execPath, [PRISM_BIN, ...args, '--port', String(port), '--host', host], {
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    log = (log + chunk).slice(-20_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const url = `http://${host}:${port}`;
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`Prism ${args[0]} exited (${child.exitCode ?? child.signalCode}) before listening:\n${log}`);
    // Any HTTP answer means it listens (a proxy may answer with an upstream error).
    if (
      await fetch(`${url}/api/v1/health`, { method: 'HEAD' }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Prism ${args[0]} did not listen on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    log: () => log,
    stop: async () => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), exited),
    pid: child.pid,
    /** Resolves with `{code, signal}` when the process exits, for whatever reason. */
    exited,
  };
}

/** @param {string} host */
async function freePort(host) {
  const server = createServer();
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, host, resolve)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Why a child died, in one line: the error it printed (Prism's fatal errors are uncaught exceptions such as
 * `URIError: URI malformed`), else the signal that killed it, else its exit code.
 * @param {string} log  @param {number | null} code  @param {string | null} signal
 */
export function deathReason(log, code, signal) {
  const lines = log
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-40);
  const error = lines.findLast((l) => /^(\w*(Error|Exception)\b|Error:|FATAL)/.test(l));
  return error ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
}

/**
 * @typedef {{at: string, code: number | null, signal: string | null, reason: string, tail: string, next: string}} Death
 * @typedef {{
 *   readonly state: 'starting' | 'up' | 'down' | 'stopped',
 *   readonly url: string | undefined,
 *   readonly pid: number | undefined,
 *   readonly deaths: Death[],
 *   readonly restarts: number,
 *   readonly standbyReady: boolean,
 *   retryAfterSeconds: () => number,
 *   whenUp: (timeoutMs?: number) => Promise<boolean>,
 *   log: () => string,
 *   stop: () => Promise<void>,
 * }} SupervisedPrism
 */

/**
 * Starts Prism and keeps it running. The first start must succeed (a spec Prism cannot load is a hard error); later
 * deaths are logged through `onDeath` (stderr by default: a dead child is never silent) and restarted.
 * With `spare`, a second child is kept started and idle, so a death is answered by the spare at once (no 503 window
 * for new requests) instead of after Prism's 3–10 s start; it costs one more idle Prism process (~170 MB).
 * With `background`, the supervisor is returned at once in state `starting` (Prism's boot, 3–20 s on a busy machine,
 * is what kept the main job's mock port shut): a first start that fails is then logged and retried like a death.
 * `startChild` replaces the Prism launcher (a test holds the boot with it).
 * @param {{args: string[], host?: string | undefined, quiet?: boolean | undefined, onDeath?: ((death: Death) => void) | undefined, spare?: boolean | undefined,
 *   backoff?: {initialMs?: number, maxMs?: number, stableMs?: number} | undefined, background?: boolean | undefined,
 *   startChild?: typeof startPrism | undefined}} options
 * @returns {Promise<SupervisedPrism>}
 */
export async function supervisePrism({
  args,
  host = '127.0.0.1',
  quiet = true,
  onDeath,
  backoff = {},
  spare = false,
  background = false,
  startChild = startPrism,
}) {
  const { initialMs = 250, maxMs = 8000, stableMs = 30_000 } = backoff;
  const report =
    onDeath ??
    ((death) =>
      process.stderr.write(
        `[mock] Prism exited (${death.signal ? `signal ${death.signal}` : `code ${death.code}`}) at ${death.at}: ${death.reason}; ${death.next}\n${death.tail
          .split('\n')
          .slice(-12)
          .map((l) => `[mock]   ${l}`)
          .join('\n')}\n`,
      ));
  /** @type {PrismProcess | undefined} */
  let current; // the child serving requests (startPrism's handle)
  /** @type {PrismProcess | undefined} */
  let standby; // a started child waiting to replace `current` the moment it dies (only with `spare`)
  /** @type {SupervisedPrism['state']} */
  let state = 'starting';
  let delay = initialMs;
  let restartAt = 0; // when the pending restart is expected to listen (for Retry-After)
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();
  let upSince = 0;
  let restarts = 0;
  /** @type {Set<Promise<PrismProcess>>} */
  const starting = new Set(); // launches in progress, awaited by stop() so no child outlives the supervisor
  /** @type {Death[]} */
  const deaths = [];
  /** @type {((up: boolean) => void)[]} */
  const waiters = [];
  let typicalStartMs = 5000;

  /** @param {SupervisedPrism['state']} next */
  const setState = (next) => {
    state = next;
    if (next === 'up') for (const w of waiters.splice(0)) w(true);
  };
  /** @param {Death} death */
  const record = (death) => {
    deaths.push(death);
    if (deaths.length > 20) deaths.shift();
    try {
      report(death);
    } catch {
      // a broken logger must not stop the restart
    }
  };

  /** Starts a child; resolves undefined if the supervisor was stopped meanwhile. */
  async function launch() {
    const started = Date.now();
    const job = freePort(host).then((port) => startChild({ args, port, host, quiet }));
    starting.add(job);
    try {
      const child = await job;
      typicalStartMs = Date.now() - started;
      if (state === 'stopped') return void (await child.stop());
      child.exited.then((exit) => onExit(child, exit));
      return child;
    } finally {
      starting.delete(job);
    }
  }

  /** @param {PrismProcess} child */
  function adopt(child) {
    current = child;
    upSince = Date.now();
    setState('up');
    if (spare && !standby && starting.size === 0 && timers.size === 0) scheduleLaunch('standby', { backoff: false });
  }

  /** @param {PrismProcess} child  @param {Exit} exit */
  function onExit(child, { code, signal }) {
    if (state === 'stopped') return;
    const log = child.log();
    const death = { at: new Date().toISOString(), code, signal, reason: deathReason(log, code, signal), tail: log.slice(-2000) };
    if (Date.now() - upSince > stableMs) delay = initialMs;
    if (child === standby) {
      standby = undefined;
      record({ ...death, next: 'the standby child died; starting another' });
      return scheduleLaunch('standby');
    }
    if (child !== current) return;
    current = undefined;
    restarts++;
    if (standby) {
      // The warm spare takes over at once; a new spare is started after the backoff.
      const next = standby;
      standby = undefined;
      record({ ...death, next: 'the standby child took over' });
      return adopt(next);
    }
    setState('down');
    record({ ...death, next: 'restarting' });
    scheduleLaunch('current');
  }

  /** @param {'current'|'standby'} role  @param {{backoff?: boolean}} [options] */
  function scheduleLaunch(role, { backoff = true } = {}) {
    if (state === 'stopped') return;
    const wait = backoff ? delay : 0;
    if (backoff) delay = Math.min(delay * 2, maxMs);
    if (role === 'current') restartAt = Date.now() + wait + typicalStartMs;
    const timer = setTimeout(() => {
      timers.delete(timer);
      launch().then(
        (child) => {
          if (!child) return;
          if (!current) adopt(child);
          else if (!standby) standby = child;
          else child.stop();
        },
        (error) => {
          if (state === 'stopped') return;
          if (!current) setState('down'); // a first start in the background that failed: 503s, not waits, until one succeeds
          record({
            at: new Date().toISOString(),
            code: null,
            signal: null,
            reason: `restart failed: ${error.message.split('\n')[0]}`,
            tail: error.message.slice(-2000),
            next: 'retrying',
          });
          scheduleLaunch(current ? 'standby' : 'current');
        },
      );
    }, wait);
    timers.add(timer);
  }

  if (background) scheduleLaunch('current', { backoff: false });
  // Nothing can have stopped the supervisor before it is returned, so the first launch yields a child.
  else adopt(/** @type {PrismProcess} */ (await launch()));

  return {
    get state() {
      return state;
    },
    get url() {
      return state === 'up' ? current?.url : undefined;
    },
    get pid() {
      return current?.pid;
    },
    get deaths() {
      return deaths;
    },
    /** Whether a warm spare is started and waiting (with `spare`). */
    get standbyReady() {
      return Boolean(standby);
    },
    get restarts() {
      return restarts;
    },
    retryAfterSeconds: () => Math.max(1, Math.ceil((restartAt - Date.now()) / 1000)),
    whenUp: (timeoutMs = 60_000) =>
      state === 'up'
        ? Promise.resolve(true)
        : new Promise((resolve) => {
            const t = setTimeout(() => resolve(false), timeoutMs);
            waiters.push((v) => (clearTimeout(t), resolve(v)));
          }),
    log: () => current?.log() ?? deaths.at(-1)?.tail ?? '',
    stop: async () => {
      setState('stopped');
      for (const w of waiters.splice(0)) w(false);
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...starting]);
      await Promise.all([current?.stop(), standby?.stop()]);
    },
  };
}
