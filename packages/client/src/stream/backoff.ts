// Reconnect delays: the gateway's advice is exponential backoff from 1 s to a 30 s cap with +-20% jitter for
// abnormal closes, 1-5 s after a 1001, and no wait after a planned cut.
import type { ClosePolicy } from './errors.js';

export interface ReconnectSettings {
  /** First delay in ms. Default 1000. */
  initialDelayMs?: number;
  /** Cap in ms. Default 30 000. */
  maxDelayMs?: number;
  /** Relative jitter, 0.2 meaning +-20%. Default 0.2. */
  jitter?: number;
  /** Attempts in a row before giving up. Default Infinity. */
  maxAttempts?: number;
}

export const RECONNECT_DEFAULTS: Required<ReconnectSettings> = { initialDelayMs: 1000, maxDelayMs: 30_000, jitter: 0.2, maxAttempts: Infinity };

/** The wait before reconnect attempt `attempt` (0 for the first) after a close with `policy`. `random` is in [0, 1). */
export function reconnectDelay(policy: ClosePolicy, attempt: number, settings: Required<ReconnectSettings>, random: () => number = Math.random): number {
  if (policy === 'now') return 0;
  if (policy === 'soon') return 1000 + random() * 4000;
  const base = Math.min(settings.maxDelayMs, settings.initialDelayMs * 2 ** attempt);
  // The cap stays a cap: at 30 s the jitter only shortens the wait.
  return Math.min(settings.maxDelayMs, Math.max(0, base * (1 + settings.jitter * (2 * random() - 1))));
}
