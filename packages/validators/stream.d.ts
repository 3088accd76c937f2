// The declarations live once, in stream.d.cts (the implementation is CommonJS); ESM importers get them here.
export * from './stream.cjs';
