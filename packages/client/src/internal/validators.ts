// Response and request validation is injected, so the client has no dependency on @laevitas-api/validators and a
// browser app ships only the validators it uses: either the whole module, or a map of the per-operation validators
// (`import { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt'`).

import type { ContractIssue } from './contract-issues.js';

export interface ValidationOutcome {
  readonly ok: boolean;
  readonly issues?: readonly ContractIssue[];
}

/** What `@laevitas-api/validators` offers (or anything with the same two functions). */
export interface ValidatorsModule {
  validateResponse(operationId: string, status: number, body: unknown): ValidationOutcome;
  validateRequest(operationId: string, request: object): ValidationOutcome;
}

/** One operation's validators, as `@laevitas-api/validators/ops/<operationId>` exports them. */
export interface OperationValidatorLike {
  readonly operationId?: string;
  validateResponse(status: number, body: unknown): ValidationOutcome;
  validateRequest(request: object): ValidationOutcome;
}

/** Per-operation validators by operationId; operations not in the map are not validated. */
export type ValidatorMap = { readonly [operationId: string]: OperationValidatorLike };

/** The validators of one operation, whatever form they were given in; undefined when it has none. */
export type ValidatorLookup = (operationId: string) => OperationValidatorLike | undefined;

/**
 * Checks the `validators` option and turns it into a lookup. A map entry must be the validator of the operation it
 * is filed under; a mismatch would otherwise only show as validation that never runs.
 */
export function validatorLookup(validators: ValidatorsModule | ValidatorMap): ValidatorLookup {
  const module = validators as ValidatorsModule;
  if (typeof module.validateResponse === 'function' && typeof module.validateRequest === 'function') {
    return (operationId) => ({
      validateResponse: (status, body) => module.validateResponse(operationId, status, body),
      validateRequest: (request) => module.validateRequest(operationId, request),
    });
  }
  const map = validators as ValidatorMap;
  for (const [key, value] of Object.entries(map)) {
    if (typeof value?.validateResponse !== 'function' || typeof value.validateRequest !== 'function' || (value.operationId ?? key) !== key) {
      throw new TypeError(`Invalid client options: options.validators.${key} must be the validator of ${key}`);
    }
  }
  return (operationId) => map[operationId];
}
