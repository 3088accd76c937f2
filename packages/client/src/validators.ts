// Response and request validation is injected, so the client has no dependency on @laevitas-api/validators and a
// browser app ships only the validators it uses: either the whole module, or a map of the per-operation validators
// (`import { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt'`).

export interface ValidationOutcome {
  readonly ok: boolean;
  readonly issues?: readonly { path: string; rule: string; message: string }[];
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

const isModule = (v: object): v is ValidatorsModule => typeof (v as ValidatorsModule).validateResponse === 'function' && typeof (v as ValidatorsModule).validateRequest === 'function';

/**
 * Checks the `validators` option and turns it into a lookup. A map entry must be an operation validator filed
 * under its own operationId; a mismatch is a mistake the caller would otherwise only find as missing validation.
 */
export function validatorLookup(validators: ValidatorsModule | ValidatorMap): ValidatorLookup {
  if (isModule(validators)) {
    return (operationId) => ({
      validateResponse: (status, body) => validators.validateResponse(operationId, status, body),
      validateRequest: (request) => validators.validateRequest(operationId, request),
    });
  }
  const problems: string[] = [];
  for (const [key, value] of Object.entries(validators)) {
    if (!value || typeof value.validateResponse !== 'function' || typeof value.validateRequest !== 'function') {
      problems.push(`options.validators.${key} must be an operation validator (with validateRequest and validateResponse)`);
    } else if (value.operationId !== undefined && value.operationId !== key) {
      problems.push(`options.validators.${key} validates ${value.operationId}, not ${key}`);
    }
  }
  if (problems.length) throw new TypeError(`Invalid client options: ${problems.join('; ')}`);
  const map = new Map(Object.entries(validators));
  return (operationId) => map.get(operationId);
}
