import mod from './index.cjs';
export const { operation, operationIds, validateResponse, validateRequest, assertResponse, assertRequest, ValidationError, formatErrors } = mod;
