// Layer: one trace per call on the node:diagnostics_channel TracingChannel `laevitas-api:request`, so OpenTelemetry,
// Sentry or a test can subscribe without patching anything. It sits right after the request is built, so the trace
// carries the redacted URL, and above everything that can wait, retry or pay, so its end is the call's end.
// The channel is found through process.getBuiltinModule (Node >= 20.16, Bun, Deno): no import, so browser and worker
// bundles hold no reference to node:diagnostics_channel, and a runtime without it simply traces nothing.
import type { Layer } from './types.js';

/** What a subscriber sees: start, then end/asyncEnd (`result`) or error, of one call. */
export interface TraceContext {
  operationId: string;
  method: string;
  /** Credentials redacted. */
  url: string;
  /** Attempts made (retries + 1); set when the call settles. */
  attempts: number;
  /** Status of the last response; undefined when none arrived (or the call was refused before sending). */
  status: number | undefined;
}

interface TracingChannelLike {
  readonly hasSubscribers?: boolean;
  tracePromise<T>(fn: () => Promise<T>, context: object): Promise<T>;
}

let channel: TracingChannelLike | undefined;
try {
  const dc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:diagnostics_channel') as
    { tracingChannel?: (name: string) => TracingChannelLike } | undefined;
  channel = dc?.tracingChannel?.('laevitas-api:request');
} catch {
  // A runtime that denies the module (a permission model): no tracing.
}

export const trace: Layer<'trace'> = {
  name: 'trace',
  handle(call, next) {
    if (!channel?.hasSubscribers) return next(call);
    const { summary } = call;
    const context: TraceContext = { operationId: summary.operationId, method: summary.method, url: summary.url, attempts: 0, status: undefined };
    return channel.tracePromise(
      () =>
        next(call).then(
          (outcome) => {
            context.attempts = call.attempt;
            context.status = outcome.response.status;
            return outcome;
          },
          (error: { status?: number }) => {
            context.attempts = call.attempt;
            context.status = error?.status || undefined;
            throw error;
          },
        ),
      context,
    );
  },
};
