export * from './runtime/stream.cjs';
