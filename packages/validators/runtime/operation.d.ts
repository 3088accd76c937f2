// The declarations live once, in operation.d.cts (the implementation is CommonJS); ESM importers get them here.
export * from './operation.cjs';
