// What goes wrong on a stream, one class per thing a caller branches on, and what the client does about each close
// code. The codes and the advice are the gateway's (its WebSocket page): 4001 is never retried, 1001 reconnects after
// 1-5 s, abnormal closes (1006, 1011) back off 1 s -> 30 s with +-20% jitter.
import { STREAM_CLOSE_CODES, type StreamReconnect } from '@laevitas-api/types/stream';
import { LaevitasError } from '../../errors.js';
import { contractBreachMessage, type ContractIssue } from '../contract-issues.js';

export class StreamError extends LaevitasError {
  override name = 'StreamError';
}

/** How the client reacts to a close code. */
export type ClosePolicy =
  /** Give up: every subscription ends with the error. */
  | 'fatal'
  /** Reconnect on the exponential schedule (1 s doubling to 30 s, +-20% jitter). */
  | 'backoff'
  /** Reconnect after 1-5 s (the server is restarting). */
  | 'soon'
  /** Reconnect at once (a planned cut, e.g. the 24 h lifetime). */
  | 'now';

/** The connection closed. `code` and `reason` are the close frame's; `policy` is what the client did about it. */
export class StreamClosedError extends StreamError {
  override name = 'StreamClosedError';
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly policy: ClosePolicy,
    message?: string,
  ) {
    super(message ?? `stream closed with ${code}${reason ? ` (${reason})` : ''}`);
  }
  /** Whether the client reconnects after this close. */
  get willReconnect(): boolean {
    return this.policy !== 'fatal';
  }
}
/**
 * The API key (or pass) was refused: close code 4001, a handshake refused with 401/403, or an error reply of code 401
 * or 403 (then `code` is 401 or 403 and `reason` the reply's message). Never retried: the same credentials would be
 * refused again.
 */
export class StreamAuthError extends StreamClosedError {
  override name = 'StreamAuthError';
}
/** 4002: the server saw no pong in time; also raised by the client itself when its own ping goes unanswered. */
export class StreamIdleTimeoutError extends StreamClosedError {
  override name = 'StreamIdleTimeoutError';
}
/** 4003: more than the gateway's slow-consumer threshold (2 MB) was queued for this connection. */
export class StreamSlowConsumerError extends StreamClosedError {
  override name = 'StreamSlowConsumerError';
}
/** 4004: the connection reached its 24 h lifetime. */
export class StreamLifetimeError extends StreamClosedError {
  override name = 'StreamLifetimeError';
}
/** 4005: the key (5) or the IP (20) has too many concurrent connections: wait for one to close. */
export class StreamTooManyConnectionsError extends StreamClosedError {
  override name = 'StreamTooManyConnectionsError';
}
/** 4006: no active streaming pass (x402 connections only): buy one (`postX402WsPassHour` / `...Day`) first. */
export class StreamPassRequiredError extends StreamClosedError {
  override name = 'StreamPassRequiredError';
}
/** 4008: more than 20 messages per second were sent to the gateway. */
export class StreamRateLimitError extends StreamClosedError {
  override name = 'StreamRateLimitError';
}
/** 1001: the server is going away (deploy, restart). */
export class StreamGoingAwayError extends StreamClosedError {
  override name = 'StreamGoingAwayError';
}

type ClosedErrorClass = new (code: number, reason: string, policy: ClosePolicy, message?: string) => StreamClosedError;

/** The error class of each documented code; the meaning and the reaction come from the contract. */
const ERROR_CLASSES: Readonly<Record<number, ClosedErrorClass>> = {
  1001: StreamGoingAwayError,
  4001: StreamAuthError,
  4002: StreamIdleTimeoutError,
  4003: StreamSlowConsumerError,
  4004: StreamLifetimeError,
  4005: StreamTooManyConnectionsError,
  4006: StreamPassRequiredError,
  4008: StreamRateLimitError,
};
const POLICY: Readonly<Record<StreamReconnect, ClosePolicy>> = { never: 'fatal', backoff: 'backoff', delay: 'soon', immediate: 'now' };

export interface CloseCodeRule {
  error: ClosedErrorClass;
  policy: ClosePolicy;
  meaning: string;
  /** For `soon`: the documented wait range in ms. */
  delayMs?: readonly [number, number];
}

/**
 * Every documented close code (the contract's `x-close-codes`, as STREAM_CLOSE_CODES): its error class, the
 * client's policy and the meaning in words. 1000 from the server (a normal close the client did not ask for) is
 * treated like an abnormal one: the subscriptions are still wanted.
 */
export const CLOSE_CODES: Readonly<Record<number, CloseCodeRule>> = Object.freeze({
  1000: { error: StreamClosedError, policy: 'backoff', meaning: 'normal closure by the server' },
  ...Object.fromEntries(
    STREAM_CLOSE_CODES.map((c) => [
      c.code,
      {
        error: ERROR_CLASSES[c.code] ?? StreamClosedError,
        policy: POLICY[c.reconnect],
        meaning: c.meaning.replace(/\.$/, ''),
        ...(c.delayMs ? { delayMs: c.delayMs } : {}),
      },
    ]),
  ),
});

/** The error for a close frame; codes not in the table reconnect on the backoff schedule. */
export function closeError(code: number, reason: string): StreamClosedError {
  const known = CLOSE_CODES[code];
  if (!known) return new StreamClosedError(code, reason, 'backoff', `stream closed with undocumented code ${code}${reason ? ` (${reason})` : ''}`);
  return new known.error(code, reason, known.policy, `stream closed with ${code}: ${known.meaning}${reason ? ` (${reason})` : ''}`);
}

/** A documented limit would be broken by this call; nothing was sent. */
export class StreamLimitError extends StreamError {
  override name = 'StreamLimitError';
  constructor(
    readonly limit: 'subscriptions' | 'messagesPerSecond',
    readonly max: number,
    message: string,
  ) {
    super(message);
  }
}

/** The gateway answered a subscribe or unsubscribe with an error reply (`{id, error: {code, message}}`). */
export class StreamRequestError extends StreamError {
  override name = 'StreamRequestError';
  /** The error's numeric code (the gateway's; 401/403 end the stream with StreamAuthError instead), when it sent one. */
  readonly code: number | undefined;
  constructor(
    readonly method: string,
    readonly channels: readonly string[],
    readonly error: unknown,
  ) {
    const detail = (error as { message?: unknown })?.message;
    const code = (error as { code?: unknown })?.code;
    super(
      `${method} ${channels.join(', ')} refused${typeof code === 'number' ? ` (${code})` : ''}: ${typeof detail === 'string' ? detail : JSON.stringify(error)}`,
    );
    this.code = typeof code === 'number' ? code : undefined;
  }
}

/**
 * The credentials cannot be sent the way the gateway takes them, so nothing was sent: a browser's WebSocket cannot set
 * the `apikey` header (and the gateway removed the `?apiKey=` query parameter in API v1.18.0), or an option asks for
 * the removed query parameter. `reason` says which.
 */
export class StreamCredentialsError extends StreamError {
  override name = 'StreamCredentialsError';
  constructor(
    readonly reason: 'headers-unsupported' | 'query-removed',
    message: string,
  ) {
    super(message);
  }
}

/** An event broke its channel's schema (only with `validate: 'throw'`). */
export class StreamEventValidationError extends StreamError {
  override name = 'StreamEventValidationError';
  constructor(
    readonly channel: string,
    readonly issues: readonly ContractIssue[],
    readonly event: unknown,
  ) {
    super(contractBreachMessage(`event on ${channel}`, issues));
  }
}

/** Something the gateway sent is not a JSON object of the grammar. */
export class StreamProtocolError extends StreamError {
  override name = 'StreamProtocolError';
}
