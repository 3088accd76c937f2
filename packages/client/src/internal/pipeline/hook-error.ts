// A middleware's own error, wrapped by the middleware transport (middleware.ts) and unwrapped by the attempt
// (http-attempt.ts), so whatever a middleware throws ends the call as it was thrown (`cause`) instead of being
// mistaken for a network failure and retried. A file of its own so the core's attempt carries no middleware code.
export class HookError {
  constructor(readonly cause: unknown) {}
}
