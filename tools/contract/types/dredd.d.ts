// Not published (the package's "files" list has no types/): the declarations are for the tools' own type check.
// Declarations for the third-party modules the contract tools use that ship no types of their own. Each declares only
// what the tools use, after the module's documentation; nothing here is generated.

/**
 * The `hooks` module Dredd 14 hands to a hook file (https://dredd.org/en/latest/hooks/js.html). Transactions are
 * plain objects Dredd builds from the spec (https://dredd.org/en/latest/data-structures.html#transaction).
 */
declare module 'hooks' {
  namespace hooks {
    /** What Dredd expects of the answer: the documented status, headers and (example or schema-made) body. */
    interface Expectation {
      statusCode: string | number;
      headers?: Record<string, string>;
      body?: string;
      bodySchema?: unknown;
    }
    interface Transaction {
      /** `METHOD (status) uri` by default; the hooks replace it, and Dredd's reporters print it. */
      id: string;
      name: string;
      protocol: string;
      host: string;
      port: string | number;
      skip: boolean;
      request: { method: string; uri: string; headers: Record<string, string>; body: string };
      /** Where in the description the transaction comes from; for OpenAPI 3 `resourceName` is the path template. */
      origin: { resourceName: string; actionName?: string; exampleName?: string; [key: string]: unknown };
      expected: Expectation;
      /** The answer, once received (in `beforeEachValidation` and later). */
      real?: { statusCode: string | number; headers: Record<string, string>; body: string };
    }
    type Done = (error?: unknown) => void;
  }
  const hooks: {
    beforeAll(hook: (transactions: hooks.Transaction[], done: hooks.Done) => void): void;
    beforeEach(hook: (transaction: hooks.Transaction, done: hooks.Done) => void): void;
    beforeEachValidation(hook: (transaction: hooks.Transaction, done: hooks.Done) => void): void;
    log(message: string): void;
  };
  export = hooks;
}
