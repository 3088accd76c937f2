// What a validator reports and how an error built from it reads: shared by the response, request and stream-event
// errors (errors.ts, stream/errors.ts) and the injected validators' outcome. A module of its own so neither the public
// error modules nor the stream entry re-export it.

/** One broken rule of the contract: where (`query.currency`, `data[0].price`), which rule, and the message. */
export interface ContractIssue {
  path: string;
  rule: string;
  message: string;
}

/**
 * How every error for data that breaks the contract reads (a response, a stream event): what broke it, then the
 * first five issues, enough to act on without flooding a log line.
 */
export function contractBreachMessage(subject: string, issues: readonly ContractIssue[]): string {
  return `${subject} breaks the contract: ${issues
    .slice(0, 5)
    .map((i) => i.message)
    .join('; ')}`;
}
