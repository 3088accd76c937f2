// The two ways a run ends without a verdict on the contract, each with its own exit code in the CLI: a usage error
// (a bad flag, an unknown name, an empty selection) and an unreachable target. Both exit 2, so a CI never reads
// "could not check" as "the contract was violated" (exit 1) or as "passed" (exit 0).
export class UsageError extends Error {
  /** @override */
  name = 'UsageError';
  exitCode = 2;
}

export class TargetUnreachable extends Error {
  /** @override */
  name = 'TargetUnreachable';
  exitCode = 2;
  /** @param {{url: string, host: string, port: number, cause: string}} target */
  constructor(target) {
    super(`target unreachable: ${target.url} (host ${target.host}, port ${target.port}): ${target.cause}`);
    this.target = target;
  }
}
