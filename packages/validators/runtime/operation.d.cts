import type { HeaderParams, OperationId, PathParams, QueryParams, RequestBody, ResponseBody, ResponseStatus } from '@laevitas-api/types/operations';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/** One broken rule, e.g. `{ path: 'data[3].resolution', rule: 'enum', allowedValues: ['1m', …], message: 'data[3].resolution must be one of 1m, …' }`. */
export interface ValidationIssue {
  /** JSON path in JavaScript notation, prefixed by the location for requests (`query.limit`, `body.positions[0].expiry`). */
  readonly path: string;
  /** The JSON Schema keyword broken (`required`, `type`, `enum`, `pattern`, `format`, `maximum`, …). */
  readonly rule: string;
  /** One readable sentence that names the field and the rule. */
  readonly message: string;
  readonly allowedValues?: readonly unknown[];
  readonly limit?: number;
}

export type ValidationFailure = {
  readonly ok: false;
  readonly operationId: string;
  /** 'response body', 'response headers', 'response status', 'request parameters' or 'request body'. */
  readonly where: string;
  readonly issues: readonly ValidationIssue[];
};
export type ValidationResult<T> = { readonly ok: true; readonly data: T } | ValidationFailure;

type Loose<T> = [T] extends [never] ? undefined : T;
/** A request as the caller has it: parameters by location (headers in any case) and the JSON body. */
export interface RequestInput<Op extends OperationId> {
  path?: Loose<PathParams<Op>> | Record<string, unknown>;
  query?: Loose<QueryParams<Op>> | Record<string, unknown>;
  headers?: Loose<HeaderParams<Op>> | Record<string, unknown> | Headers;
  body?: unknown;
}
export interface ValidRequest<Op extends OperationId> {
  path: Loose<PathParams<Op>>;
  query: Loose<QueryParams<Op>>;
  headers: Record<string, string>;
  body: Loose<RequestBody<Op>>;
}

/**
 * Standard Schema (`~standard`, @standard-schema/spec 1.x): the validator itself checks the operation's success
 * response body, so tRPC's `.output()`, TanStack Form, Hono and any other Standard Schema consumer accept it as is;
 * `response(status)` and `request` are Standard Schemas of another documented response and of a request.
 */
export interface OperationValidator<Op extends OperationId> extends StandardSchemaV1<unknown, ResponseBody<Op>> {
  /** A Standard Schema of the body of one documented response (an undocumented status fails with an issue naming it). */
  response<S extends ResponseStatus<Op>>(status: S): StandardSchemaV1<unknown, ResponseBody<Op, S>>;
  response(status: number): StandardSchemaV1<unknown, unknown>;
  /** A Standard Schema of a request (`{ path, query, headers, body }`), the same checks as `validateRequest`. */
  readonly request: StandardSchemaV1<RequestInput<Op>, ValidRequest<Op>>;
  readonly operationId: Op;
  readonly method: string;
  readonly path: string;
  /** Status codes the operation documents. */
  readonly statuses: readonly number[];
  /** Checks a response body (and, when given, its headers, including the decoded `payment-required`). */
  validateResponse<S extends ResponseStatus<Op>>(status: S, body: unknown, headers?: Headers | Record<string, unknown>): ValidationResult<ResponseBody<Op, S>>;
  validateResponse(status: number, body: unknown, headers?: Headers | Record<string, unknown>): ValidationResult<unknown>;
  /** Checks path, query and header parameters (strings are coerced as on the wire) and the JSON body. */
  validateRequest(request?: RequestInput<Op>): ValidationResult<ValidRequest<Op>>;
  assertResponse<S extends ResponseStatus<Op>>(status: S, body: unknown, headers?: Headers | Record<string, unknown>): ResponseBody<Op, S>;
  assertResponse(status: number, body: unknown, headers?: Headers | Record<string, unknown>): unknown;
  assertRequest(request?: RequestInput<Op>): ValidRequest<Op>;
}

/** Thrown by the assert* functions; `issues` lists every broken rule. */
export declare class ValidationError extends Error {
  readonly name: 'ValidationError';
  readonly operationId: string;
  readonly where: string;
  readonly issues: readonly ValidationIssue[];
}

export declare function createOperationValidator<Op extends OperationId>(mod: unknown): OperationValidator<Op>;
