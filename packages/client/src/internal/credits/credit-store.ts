// The credit token and balance of one client (shared with its withOptions copies), in memory only. Every response is
// shown to `observe`: a new `x-credit-token` replaces the cached one (the service rotates it), `x-credits-remaining`
// updates the balance. The token is a credential: it lives in a private field, so neither inspect nor JSON shows it.

export interface CreditState {
  /** Last balance the service reported (`x-credits-remaining`); undefined until one was reported. */
  readonly remaining: number | undefined;
  /** True when this response carried a new credit token that replaced the cached one. */
  readonly rotated: boolean;
}

export class CreditStore {
  #token: string | undefined;
  #remaining: number | undefined;

  constructor(token?: string) {
    this.#token = token;
  }

  /** The token sent as `X-Credit-Token`; undefined when the client has none. */
  get token(): string | undefined {
    return this.#token;
  }

  get remaining(): number | undefined {
    return this.#remaining;
  }

  /** Reads the credit headers of one response; what it learnt, for the response's meta. */
  observe(headers: Headers | undefined): CreditState {
    let rotated = false;
    const token = headers?.get('x-credit-token')?.trim();
    if (token && token !== this.#token) {
      this.#token = token;
      rotated = true;
    }
    const remaining = headers?.get('x-credits-remaining');
    if (remaining !== null && remaining !== undefined && /^\d+$/.test(remaining.trim())) this.#remaining = Number(remaining);
    return { remaining: this.#remaining, rotated };
  }

  /** The service refused the token (spent or unknown): forget it, so the next call does not send it again. */
  clear(): void {
    this.#token = undefined;
  }

  toJSON(): Record<string, unknown> {
    return { token: this.#token === undefined ? undefined : '[redacted]', remaining: this.#remaining };
  }
}
