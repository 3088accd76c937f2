// Layer: the parameters checked before anything is built or sent: their shape, the spec's preflight rules
// (x-currency-subsets, x-max-window, x-requires-one-of) and, when configured, the contract's request validators.
import { RequestValidationError } from '../../errors.js';
import type { Layer } from './types.js';

const PARAM_KEYS = new Set(['path', 'query', 'header', 'body']);

export const checkArguments: Layer = {
  name: 'check-arguments',
  handle(call, next) {
    const { operation: info, params, client } = call;
    const operationId = info.operationId;
    for (const key in params) {
      if (!PARAM_KEYS.has(key))
        throw new RequestValidationError(operationId, [
          { path: key, rule: 'unknown', message: `${key} is not path, query, header or body (per-call options go in the next argument)` },
        ]);
    }
    if (info.hasBody === false && params.body !== undefined) {
      throw new RequestValidationError(operationId, [{ path: 'body', rule: 'body', message: `${info.method} ${info.path} takes no body` }]);
    }
    const issues = info.preflight?.(info, params.path, params.query as Record<string, unknown> | undefined);
    if (issues?.length) throw new RequestValidationError(operationId, issues);
    const validator = client.settings.validateRequests === false ? undefined : client.validatorsFor?.(operationId);
    if (validator) {
      const result = validator.validateRequest({ path: params.path, query: params.query, headers: params.header, body: params.body });
      if (!result.ok) throw new RequestValidationError(operationId, result.issues ?? []);
    }
    return next(call);
  },
};
