// The two versions a run is pinned to: the package's own and the contract's (the bundled spec's info.version).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_DIR, SPEC_JSON } from './paths.mjs';

export function versions() {
  const version = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')).version;
  const specVersion = JSON.parse(readFileSync(SPEC_JSON, 'utf8')).info.version;
  return { version, specVersion };
}
