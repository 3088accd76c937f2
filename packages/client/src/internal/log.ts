// Logging (the full client): the `logger` option (any object with debug/info/warn/error, default console) at
// `logLevel` ('off', 'error', 'warn' (default), 'info', 'debug'), or the LAEVITAS_LOG environment variable when the
// option is not given. The core bundles none of this file (runtime.ts gives it a console warning log instead); the
// full client passes `logOf` and `attemptLog` in (client.ts).
// Resolved once per client to a Log whose methods below the level are undefined, so a disabled level costs a check.
// Every message is built from what errors show (the summary: method, URL with credentials redacted, operationId),
// never from headers; the configured key and credit token are also scrubbed from every message as a last guard.

import { scrub } from './url.js';
import type { Logger } from './public-types.js';
import type { AttemptLog, Log } from './pipeline/types.js';

/** The attempt lines, only when debug is on: the retry layer then reads the clock and calls these. */
export function attemptLog(log: Log): AttemptLog | undefined {
  const debug = log.debug;
  return (
    debug && {
      ended: ({ summary, attempt }, started, result) =>
        debug(
          typeof result === 'number'
            ? `${summary.method} ${summary.url} -> ${result} in ${Date.now() - started} ms (attempt ${attempt})`
            : `${summary.method} ${summary.url} failed in ${Date.now() - started} ms (attempt ${attempt}): ${result?.name}`,
        ),
      retrying: ({ summary }, reason, delayMs) =>
        debug(`${summary.method} ${summary.url}: retrying (${reason}) after ${delayMs === undefined ? 'the rate-limit pause' : `${Math.round(delayMs)} ms`}`),
    }
  );
}

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export function logOf(logger: Logger | undefined, level: string | undefined, secrets: readonly (string | undefined)[]): Log {
  const sink = logger ?? console;
  const env = typeof process !== 'undefined' ? process.env?.LAEVITAS_LOG : undefined;
  const chosen = level ?? env ?? 'warn';
  const known = chosen === 'off' || LEVELS.includes(chosen as (typeof LEVELS)[number]);
  const rank = known ? LEVELS.indexOf(chosen as (typeof LEVELS)[number]) : 1;
  const log: { -readonly [L in keyof Log]: Log[L] } = {};
  const hidden = secrets.filter(Boolean) as string[];
  LEVELS.forEach((name, i) => {
    if (i <= rank)
      log[name] = (message) => {
        sink[name](`[laevitas] ${scrub(message, hidden)}`);
      };
  });
  // An unknown LAEVITAS_LOG value falls back to 'warn' and says so (an option's value is checked with the others).
  if (!known) log.warn?.(`LAEVITAS_LOG=${chosen} is not one of off, error, warn, info, debug; logging at warn`);
  return log;
}
