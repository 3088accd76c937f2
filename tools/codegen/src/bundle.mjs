// Bundles the multi-file spec into the published artefacts of spec/dist. Redocly does the bundling (it is the tool
// the layout is designed for); down-convert.mjs writes the 3.0 copy for tools that only read 3.0.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import YAML from 'yaml';
import { downConvertDocument } from './down-convert.mjs';
import { familyBundle } from './family-bundle.mjs';

const require = createRequire(import.meta.url);

export const BUNDLE_FILES = {
  yaml: 'spec/dist/openapi.yaml',
  json: 'spec/dist/openapi.json',
  deref: 'spec/dist/openapi.deref.json',
  oas30: 'spec/dist/openapi-3.0.yaml',
  legacy: 'spec/dist/openapi.legacy.json',
  v1: 'spec/dist/openapi.v1.json',
};

/** @param {string} root workspace root @returns {{files: Record<string,string>, document: import('@laevitas-api/spec-model').SpecDocument}} */
export function bundleSpec(root) {
  const work = mkdtempSync(join(tmpdir(), 'laevitas-bundle-'));
  try {
    const redocly = (/** @type {string[]} */ ...args) =>
      execFileSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), ...args], {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const config = ['--config', 'spec/redocly.yaml'];
    redocly('bundle', 'spec/openapi.yaml', ...config, '-o', join(work, 'openapi.yaml'));
    redocly('bundle', 'spec/openapi.yaml', ...config, '--dereferenced', '--ext', 'json', '-o', join(work, 'deref.json'));
    const yamlText = readFileSync(join(work, 'openapi.yaml'), 'utf8');
    const document = YAML.parse(yamlText);
    const deref = JSON.parse(readFileSync(join(work, 'deref.json'), 'utf8'));
    return {
      document,
      files: {
        [BUNDLE_FILES.yaml]: yamlText,
        [BUNDLE_FILES.json]: JSON.stringify(document, null, 2),
        // Compact: with every $ref expanded the pretty-printed file is over 5 MB; tools read it, people read openapi.yaml.
        [BUNDLE_FILES.deref]: JSON.stringify(deref),
        [BUNDLE_FILES.oas30]: downConvert(document),
        // One per family, for generators whose client has a single base URL (see family-bundle.mjs).
        [BUNDLE_FILES.legacy]: JSON.stringify(familyBundle(document, 'legacy'), null, 2),
        [BUNDLE_FILES.v1]: JSON.stringify(familyBundle(document, 'v1'), null, 2),
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** @param {import('@laevitas-api/spec-model').SpecDocument} document */
function downConvert(document) {
  return YAML.stringify(downConvertDocument(document), { lineWidth: 0 });
}
