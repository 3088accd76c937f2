// The declarations live once, in index.d.cts (the implementation is CommonJS); ESM importers get them here.
export * from './index.cjs';
