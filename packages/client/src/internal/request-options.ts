/** Per-call options shared by every operation. */
export interface RequestOptions {
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
  /** Per-attempt timeout in ms, overriding the client's. */
  timeout?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}
