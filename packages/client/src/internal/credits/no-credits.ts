// `no_credits`: the wallet behind the credit token (or the one redeeming a token) has no credits left. The service
// says so in the 402's x402 quote (`error: "no_credits"`, data routes and the agent endpoint) or in the
// credit-token route's error body (`code: "no_credits"`).
import { PaymentRequiredError } from '../../errors.js';

export class NoCreditsError extends PaymentRequiredError {
  override name = 'NoCreditsError';
  readonly code = 'no_credits';
}

/** True when a 402 says the credits ran out. */
export function saysNoCredits(error: PaymentRequiredError): boolean {
  const body = error.body as { code?: unknown; error?: { message?: unknown } } | undefined;
  return error.requirements?.error === 'no_credits' || body?.code === 'no_credits' || body?.error?.message === 'no_credits';
}
