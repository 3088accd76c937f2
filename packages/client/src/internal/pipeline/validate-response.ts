// Layer: the optional check of the final body against the contract (`validateResponses`: warn or throw). It sits
// above billing so it sees what the caller gets (a settled checkout's status body, not the 202).
import { ResponseValidationError } from '../../errors.js';
import type { Layer } from './types.js';

export const validateResponse: Layer = {
  name: 'validate-response',
  handle(call, next) {
    const { client } = call;
    const mode = client.settings.validateResponses ?? 'off';
    const validator = mode === 'off' ? undefined : client.validatorsFor?.(call.operation.operationId);
    if (!validator) return next(call);
    return next(call).then((outcome) => {
      const result = validator.validateResponse(outcome.response.status, outcome.data);
      if (result.ok) return outcome;
      const error = new ResponseValidationError(call.operation.operationId, outcome.response.status, result.issues ?? [], outcome.data);
      if (mode === 'throw') throw error;
      client.log.warn?.(error.message);
      return outcome;
    });
  },
};
