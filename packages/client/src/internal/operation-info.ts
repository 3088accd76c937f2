// What the client knows about one operation at run time. The values are generated from the spec
// (generated/operations.ts, one export per operation); the type is written and checked here, so a change to it is
// reviewed as code rather than hidden in a generator's template string.

/** Pagination an operation declares (`x-pagination`). */
export type PaginationInfo =
  | { readonly style: 'cursor'; readonly cursorParam: string; readonly nextCursorPath: string; readonly itemsPath: string }
  | { readonly style: 'page'; readonly pageParam: string; readonly limitParam: string; readonly itemsPath: string; readonly totalPagesPath: string };

/** Which API family (and so which base URL) serves an operation: `legacy` → `baseUrl`, `v1` → `v2BaseUrl`. */
export type ApiFamily = 'legacy' | 'v1';
/**
 * @deprecated Use `ApiFamily`. `Family` of '@laevitas-api/client/stream' is a stream channel's data family, another
 * thing; this alias goes in the next major.
 */
export type Family = ApiFamily;

/** One broken rule found before sending. */
export interface PreflightIssue {
  readonly path: string;
  readonly rule: string;
  readonly message: string;
}

export interface OperationInfo<Id extends string = string> {
  readonly operationId: Id;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  readonly path: string;
  readonly family: ApiFamily;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly headerParams: readonly string[];
  /** Parameters the service upper-cases itself (x-case-insensitive): the client normalises them. */
  readonly caseInsensitive: readonly string[];
  readonly hasBody: boolean;
  readonly successStatuses: readonly number[];
  readonly pagination?: PaginationInfo;
  /** Most rows one bucket of `resolution` holds in one answer (x-rows-per-bucket), where the spec says so. */
  readonly rowsPerBucket?: number;
  /** Fixed x402 price per call in USDC, when the operation can be paid per call. */
  readonly x402Price?: string;
  /** Market → accepted currencies, where one path parameter cannot express the per-market subset. */
  readonly currencySubsets?: Readonly<Record<string, readonly string[]>>;
  readonly maxWindow?: { readonly days: number; readonly unlessParam?: string };
  readonly maxCells?: number;
  readonly requiresOneOf?: readonly string[];
  /** Query parameters the service requires; a call without one is refused before sending. */
  readonly requiredQuery?: readonly string[];
  /** Checks of the rules above (x-currency-subsets, x-max-window) before sending; present only where there are such rules. */
  readonly preflight?: (info: OperationInfo, path?: Record<string, unknown>, query?: Record<string, unknown>) => readonly PreflightIssue[];
  /** Key in `RATE_LIMITS` whose windows govern this operation instead of the family's (x-rate-limit-group). */
  readonly rateLimitGroup?: string;
  /** The exact Accept header the operation requires (x-required-accept); the client sends it. */
  readonly requiredAccept?: string;
  /** Credits charged per JSON-RPC method (x-credit-cost); the client charges them against the spend caps. */
  readonly creditCost?: Readonly<Record<string, number>>;
  /** A pay request never charged twice (x-idempotent-payment): after a 202 the client polls this status operation. */
  readonly idempotentPayment?: { readonly statusOperationId: string };
}
