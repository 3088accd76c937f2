// Logging: the `logger` option (any object with debug/info/warn/error, default console) at `logLevel` ('off',
// 'error', 'warn' (default), 'info', 'debug'), or the LAEVITAS_LOG environment variable when the option is not given.
// Resolved once per client to a Log whose methods below the level are undefined, so a disabled level costs a check.
// Every message is built from what errors show (the summary: method, URL with credentials redacted, operationId),
// never from headers; the configured key and credit token are also scrubbed from every message as a last guard.

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export type Log = { readonly [L in Exclude<LogLevel, 'off'>]?: (message: string) => void };

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export function logOf(logger: Logger | undefined, level: string | undefined, secrets: readonly (string | undefined)[]): Log {
  const sink = logger ?? console;
  const env = typeof process !== 'undefined' ? process.env?.LAEVITAS_LOG : undefined;
  const chosen = level ?? env ?? 'warn';
  const known = chosen === 'off' || LEVELS.includes(chosen as (typeof LEVELS)[number]);
  const rank = known ? LEVELS.indexOf(chosen as (typeof LEVELS)[number]) : 1;
  const log: { -readonly [L in keyof Log]: Log[L] } = {};
  const hidden = secrets.filter((s): s is string => !!s);
  LEVELS.forEach((name, i) => {
    if (i <= rank)
      log[name] = (message) => {
        for (const secret of hidden) message = message.split(secret).join('[redacted]');
        sink[name](`[laevitas] ${message}`);
      };
  });
  // An unknown LAEVITAS_LOG value falls back to 'warn' and says so (an option's value is checked with the others).
  if (!known) log.warn?.(`LAEVITAS_LOG=${chosen} is not one of off, error, warn, info, debug; logging at warn`);
  return log;
}
