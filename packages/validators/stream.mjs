export * from './runtime/stream.mjs';
