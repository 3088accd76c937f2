// Where the contract artefacts live. In the workspace they are read where codegen writes them (spec/dist, codegen's
// spec model), so a regenerated spec is tested at once; the published package carries copies of its own version in
// vendor/ (made at pack time by scripts/vendor.mjs), so pinning the package pins the contract.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = resolve(PACKAGE_DIR, '../..');
/** True in the monorepo; false in an installed copy of the package (whose spec is vendor/). */
export const IN_WORKSPACE = existsSync(join(ROOT, 'packages/spec-model/src/spec-model.mjs')) && existsSync(join(ROOT, 'spec/openapi.yaml'));
const SPEC_DIR = IN_WORKSPACE ? join(ROOT, 'spec/dist') : join(PACKAGE_DIR, 'vendor/spec');
export const SPEC_BUNDLE = join(SPEC_DIR, 'openapi.yaml');
export const SPEC_BUNDLE_30 = join(SPEC_DIR, 'openapi-3.0.yaml');
export const SPEC_JSON = join(SPEC_DIR, 'openapi.json');
export const SPEC_MODEL = IN_WORKSPACE ? join(ROOT, 'packages/spec-model/src/spec-model.mjs') : join(PACKAGE_DIR, 'vendor/spec-model.mjs');
export const ASYNCAPI_JSON = join(SPEC_DIR, 'asyncapi.json');
export const PRISM_BIN = require.resolve('@stoplight/prism-cli/dist/index.js');
/** Dredd is an optional peer of the published package: undefined when it is not installed (the run says so). */
export const DREDD_BIN = (() => {
  try {
    return join(dirname(require.resolve('dredd/package.json')), 'bin/dredd');
  } catch {
    return undefined;
  }
})();
/** Reports go to the repository's reports/ in the workspace and to ./reports of the caller otherwise. */
export const REPORTS = IN_WORKSPACE ? join(ROOT, 'reports') : resolve('reports');
