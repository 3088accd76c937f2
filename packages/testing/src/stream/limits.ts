// The gateway's limits a test may lower (createStreamGateway({ limits })), checked before any connection: each one the
// handler enforces, with the close code or error reply the contract documents for it. A limit the handler cannot
// enforce, a misspelt one or a value that is no count is refused by name rather than silently ignored.
import { STREAM_LIMITS } from '@laevitas-api/types/stream';

/** The limits the handler enforces: subscriptions (error reply 400), inbound rate (4008), connections (4005), lifetime (4004). */
export type EnforcedStreamLimits = Pick<
  typeof STREAM_LIMITS,
  'subscriptionsPerConnection' | 'inboundMessagesPerSecond' | 'concurrentConnectionsPerApiKey' | 'concurrentConnectionsPerIp' | 'maxLifetimeSeconds'
>;

/** Why a limit of the contract is not simulated here. */
const NOT_SIMULATED: Record<string, string> = {
  slowConsumerBytes: 'an intercepted socket has no send buffer to measure; close with gateway.close(4003) to test a slow consumer',
};

/** The contract's limits with the test's over them; `lifetime` is true when the test set maxLifetimeSeconds. */
export function limitsOf(given: Partial<EnforcedStreamLimits> | undefined): { limits: typeof STREAM_LIMITS; lifetime: boolean } {
  const fail = (message: string) => new RangeError(`@laevitas-api/testing: limits.${message}`);
  for (const [name, value] of Object.entries(given ?? {})) {
    if (NOT_SIMULATED[name]) throw fail(`${name} is not simulated: ${NOT_SIMULATED[name]}`);
    if (!(name in STREAM_LIMITS)) throw fail(`${name} is not a limit of the gateway (one of ${Object.keys(STREAM_LIMITS).join(', ')})`);
    const lifetime = name === 'maxLifetimeSeconds';
    if (lifetime ? !(typeof value === 'number' && value > 0 && value <= STREAM_LIMITS.maxLifetimeSeconds) : !(Number.isSafeInteger(value) && value >= 0))
      throw fail(
        `${name} must be ${lifetime ? `a number of seconds > 0, at most the contract's ${STREAM_LIMITS.maxLifetimeSeconds}` : 'a whole number >= 0'} (got ${String(value)})`,
      );
  }
  return { limits: { ...STREAM_LIMITS, ...given }, lifetime: given?.maxLifetimeSeconds !== undefined };
}
