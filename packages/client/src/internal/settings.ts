// The data part of the client options. It is plain data (no functions) so tools/codegen can turn it into a JSON
// Schema with typescript-json-schema and a validator compiled ahead of time; `createClient` checks the options a
// caller passes against it and names the field and rule of any mistake. The JSDoc tags are schema constraints.

export interface RetrySettings {
  /**
   * Attempts after the first. Default 2.
   * @minimum 0
   * @maximum 10
   * @TJS-type integer
   */
  maxRetries?: number;
  /**
   * First backoff in ms; doubles per attempt. Default 500.
   * @minimum 0
   */
  initialDelayMs?: number;
  /**
   * Backoff cap in ms. Default 8000.
   * @minimum 0
   */
  maxDelayMs?: number;
  /**
   * A Retry-After longer than this (ms) is not waited for: the error is thrown instead. Default 60 000.
   * @minimum 0
   */
  maxRetryAfterMs?: number;
}

export interface RateWindowSetting {
  /**
   * @minimum 1
   * @TJS-type integer
   */
  limit: number;
  /**
   * @exclusiveMinimum 0
   */
  windowSeconds: number;
}

export interface RateLimitSettings {
  /** Windows of the default group; default: the spec's `info.x-rate-limits.v1`. */
  windows?: RateWindowSetting[];
  /**
   * Each request holds its slot until its response has arrived plus the window plus this margin (ms): the service
   * counts a request when it arrives, somewhere between sending and the response, and may round its clock. Default 100.
   * @minimum 0
   */
  safetyMarginMs?: number;
  /**
   * Share one budget with every client of this process that uses the same API key (default true), as the service
   * counts per key. `false` gives this client (and its `withOptions` copies) a budget of its own.
   */
  shared?: boolean;
}

export interface ClientSettings {
  /** API key; defaults to the LAEVITAS_API_KEY environment variable where there is one. */
  apiKey?: string | undefined;
  /**
   * Base URL of the legacy family (/analytics, /historical). Default https://api.laevitas.ch.
   * @pattern ^https?://[^\s/]+
   */
  baseUrl?: string;
  /**
   * Base URL of the versioned family (/api/v1). Default https://apiv2.laevitas.ch.
   * @pattern ^https?://[^\s/]+
   */
  v2BaseUrl?: string;
  /** Prepaid credit token sent as X-Credit-Token on versioned calls. */
  creditToken?: string;
  /**
   * Header that carries the key on the versioned family: 'X-API-Key' (the scheme the API declares, default) or
   * 'apiKey' (what the official CLI sends). The legacy family always gets 'apiKey'.
   */
  v1KeyHeader?: 'X-API-Key' | 'apiKey';
  /**
   * Per-attempt timeout in ms. Default 60 000.
   * @exclusiveMinimum 0
   */
  timeout?: number;
  /** Retry policy, or `false` to never retry. */
  retry?: RetrySettings | false;
  /**
   * Client-side rolling-window limiter matching the versioned family's documented limits (`info.x-rate-limits`,
   * per `x-rate-limit-group`). Default on, shared per API key. `false` turns it off; an array replaces the default
   * group's windows.
   */
  rateLimit?: boolean | RateWindowSetting[] | RateLimitSettings;
  /** Headers sent on every request. */
  defaultHeaders?: { [name: string]: string };
  /** Check parameters and bodies against the contract before sending (needs `validators`). */
  validateRequests?: boolean;
  /** Check response bodies against the contract: off (default), warn (the logger) or throw (ResponseValidationError). */
  validateResponses?: 'off' | 'warn' | 'throw';
  /**
   * What the client logs through `logger`: 'debug' adds one line per attempt (method, URL, status, time, retry
   * reason). Default: the LAEVITAS_LOG environment variable, else 'warn'. No level ever prints a credential.
   */
  logLevel?: 'off' | 'error' | 'warn' | 'info' | 'debug';
}
