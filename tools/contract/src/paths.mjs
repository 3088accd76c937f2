// Where the contract artefacts live. The spec bundles come from the @laevitas-api/spec package: in the workspace that
// is spec/ itself (a workspace link, so a regenerated spec is tested at once); installed, it is the version the CLI
// was released with (the fixed version group keeps them equal), so pinning the CLI pins the contract.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// src/ in the workspace, dist/ in the published bundle: one level below the package either way.
export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = resolve(PACKAGE_DIR, '../..');
/** True in the monorepo (the hand-written spec sits beside this package); false in an installed copy. */
export const IN_WORKSPACE = existsSync(join(ROOT, 'spec/openapi.yaml')) && existsSync(join(ROOT, 'pnpm-workspace.yaml'));
const SPEC_DIR = join(dirname(require.resolve('@laevitas-api/spec/package.json')), 'dist');
export const SPEC_BUNDLE = join(SPEC_DIR, 'openapi.yaml');
export const SPEC_BUNDLE_30 = join(SPEC_DIR, 'openapi-3.0.yaml');
export const SPEC_JSON = join(SPEC_DIR, 'openapi.json');
export const ASYNCAPI_JSON = join(SPEC_DIR, 'asyncapi.json');
export const PRISM_BIN = require.resolve('@stoplight/prism-cli/dist/index.js');
/** Reports go to the repository's reports/ in the workspace and to ./reports of the caller otherwise. */
export const REPORTS = IN_WORKSPACE ? join(ROOT, 'reports') : resolve('reports');
