import type { OperationId, ResponseBody, ResponseStatus } from '@laevitas-api/types/operations';
import type { OperationValidator, RequestInput, ValidationResult, ValidRequest, ValidationIssue } from './runtime/operation.cjs';
export type { OperationValidator, RequestInput, ValidationResult, ValidationFailure, ValidRequest, ValidationIssue } from './runtime/operation.cjs';
export { ValidationError } from './runtime/operation.cjs';

/** The validators of one operation (loaded on first use). */
export declare function operation<Op extends OperationId>(operationId: Op): OperationValidator<Op>;
/** Every operationId that has validators. */
export declare const operationIds: readonly OperationId[];
export declare function validateResponse<Op extends OperationId, S extends ResponseStatus<Op>>(
  operationId: Op,
  status: S,
  body: unknown,
  headers?: Headers | Record<string, unknown>,
): ValidationResult<ResponseBody<Op, S>>;
export declare function validateRequest<Op extends OperationId>(operationId: Op, request?: RequestInput<Op>): ValidationResult<ValidRequest<Op>>;
export declare function assertResponse<Op extends OperationId, S extends ResponseStatus<Op>>(
  operationId: Op,
  status: S,
  body: unknown,
  headers?: Headers | Record<string, unknown>,
): ResponseBody<Op, S>;
export declare function assertRequest<Op extends OperationId>(operationId: Op, request?: RequestInput<Op>): ValidRequest<Op>;
/** Formats raw ajv errors the same way (for users compiling their own schemas). */
export declare function formatErrors(errors: readonly unknown[], prefix: string): ValidationIssue[];
