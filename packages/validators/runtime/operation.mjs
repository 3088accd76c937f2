// ESM face of operation.cjs: one implementation, so `instanceof ValidationError` holds across module systems.
import mod from './operation.cjs';
export const { createOperationValidator, ValidationError } = mod;
