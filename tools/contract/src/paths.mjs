// Where the contract artefacts live, resolved from this package so the runner works from any working directory.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SPEC_BUNDLE = join(ROOT, 'spec/dist/openapi.yaml');
export const SPEC_BUNDLE_30 = join(ROOT, 'spec/dist/openapi-3.0.yaml');
export const SPEC_JSON = join(ROOT, 'spec/dist/openapi.json');
export const ASYNCAPI_JSON = join(ROOT, 'spec/dist/asyncapi.json');
export const PRISM_BIN = require.resolve('@stoplight/prism-cli/dist/index.js');
export const DREDD_BIN = join(dirname(require.resolve('dredd/package.json')), 'bin/dredd');
export const REPORTS = join(ROOT, 'reports');
