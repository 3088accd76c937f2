export { mockPerFile } from './mock-per-file.mjs';
