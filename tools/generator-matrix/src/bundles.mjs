// Every bundle of spec/dist, as another repo's linter would read it: Redocly (under the OpenAPI version the bundle
// declares) and Spectral's `oas` ruleset.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './generate.mjs';

const require = createRequire(import.meta.url);

/** The published bundles; the dereferenced one keeps its components for lookup, so unused components are expected. */
export const BUNDLES = [
  'spec/dist/openapi.yaml',
  'spec/dist/openapi.json',
  'spec/dist/openapi.deref.json',
  'spec/dist/openapi-3.0.yaml',
  'spec/dist/openapi.legacy.json',
  'spec/dist/openapi.v1.json',
];

/**
 * Redocly lint of bundles (one process) with the spec's own config; resolves `{ ok, output }`.
 * @param {string[]} bundles paths relative to the repository root
 * @param {{skipUnusedComponents?: boolean}} [options]
 * @returns {Promise<{ok: boolean, output: string}>}
 */
export function redoclyLint(bundles, { skipUnusedComponents = false } = {}) {
  const args = [require.resolve('@redocly/cli/bin/cli.js'), 'lint', ...bundles, '--config', 'spec/redocly.yaml', '--format', 'stylish'];
  if (skipUnusedComponents) args.push('--skip-rule', 'no-unused-components');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}`.replace(/^.*(Deprecation|║|╔|╚).*$/gm, '').trim() }),
    );
  });
}

/**
 * Spectral's `oas` ruleset (recommended rules) on one bundle; resolves the errors and the count of warnings.
 * @param {string} bundle a path relative to the repository root
 */
export async function spectralLint(bundle) {
  const { Spectral, Document } = require('@stoplight/spectral-core');
  const Parsers = require('@stoplight/spectral-parsers');
  const { oas } = require('@stoplight/spectral-rulesets');
  const spectral = new Spectral();
  // The ruleset union of spectral-core's types does not narrow to its `extends` member without the annotation.
  spectral.setRuleset(/** @type {import('@stoplight/spectral-core').RulesetDefinition} */ ({ extends: [[oas, 'recommended']] }));
  const text = readFileSync(join(ROOT, bundle), 'utf8');
  const document = bundle.endsWith('.json') ? new Document(text, Parsers.Json, bundle) : new Document(text, Parsers.Yaml, bundle);
  const results = await spectral.run(document);
  return {
    errors: results.filter((r) => r.severity === 0).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`),
    warnings: results.filter((r) => r.severity === 1).length,
  };
}
