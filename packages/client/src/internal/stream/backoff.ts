// Reconnect delays: the gateway's advice is exponential backoff from 1 s to a 30 s cap with +-20% jitter for
// abnormal closes, 1-5 s after a 1001, and no wait after a planned cut.
import { STREAM_CLOSE_CODES, STREAM_RECONNECT } from '@laevitas-api/types/stream';
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

/** The contract's `x-reconnect` (STREAM_RECONNECT): 1 s doubling to 30 s, +-20%. */
export const RECONNECT_DEFAULTS: Required<ReconnectSettings> = {
  initialDelayMs: STREAM_RECONNECT.initialDelayMs,
  maxDelayMs: STREAM_RECONNECT.maxDelayMs,
  jitter: STREAM_RECONNECT.jitter,
  maxAttempts: Infinity,
};
/** The documented wait after a 1001 (1-5 s). */
const GOING_AWAY_MS = STREAM_CLOSE_CODES.find((c) => c.code === 1001)?.delayMs ?? [1000, 5000];

/** The wait before reconnect attempt `attempt` (0 for the first) after a close with `policy`. `random` is in [0, 1). */
export function reconnectDelay(policy: ClosePolicy, attempt: number, settings: Required<ReconnectSettings>, random: () => number = Math.random): number {
  if (policy === 'now') return 0;
  if (policy === 'soon') return GOING_AWAY_MS[0] + random() * (GOING_AWAY_MS[1] - GOING_AWAY_MS[0]);
  const base = Math.min(settings.maxDelayMs, settings.initialDelayMs * STREAM_RECONNECT.multiplier ** attempt);
  // The cap stays a cap: at 30 s the jitter only shortens the wait.
  return Math.min(settings.maxDelayMs, Math.max(0, base * (1 + settings.jitter * (2 * random() - 1))));
}
