#!/usr/bin/env node
// The one entry point that regenerates everything derived from the spec.
//   generate: writes spec/dist bundles (OpenAPI and AsyncAPI), the generated parts of packages/{types,validators,client,docs,testing}
//             and API.md, the per-operation index
//   check:    regenerates in memory and fails, listing the files, when anything committed is stale
//   bundle:   writes only spec/dist
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Output } from './output.mjs';
import { bundleSpec } from './bundle.mjs';
import { generateTypes } from './types.mjs';
import { generateValidators } from './validators.mjs';
import { generateRuntimeTwins } from './runtime-cjs.mjs';
import { generateClientTables } from './client-tables.mjs';
import { generateClientSettingsValidator } from './client-settings.mjs';
import { bundleAsyncApi } from './asyncapi-bundle.mjs';
import { generateStream } from './stream.mjs';
import { generateDocsInput } from './docs-input.mjs';
import { generateTesting } from './testing.mjs';
import { generateTestingStream } from './testing-stream.mjs';
import { generateApiIndex } from './api-index.mjs';
import { buildModel } from './model.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const command = process.argv[2] ?? 'generate';
if (!['generate', 'check', 'bundle'].includes(command)) {
  console.error(`usage: laevitas-codegen generate|check|bundle (got ${command})`);
  process.exit(2);
}

const started = performance.now();
const output = new Output({ root, check: command === 'check' });
const { files, document } = bundleSpec(root);
for (const [path, content] of Object.entries(files)) output.add(path, content);
const asyncapi = bundleAsyncApi(root);
for (const [path, content] of Object.entries(asyncapi.files)) output.add(path, content);
if (command !== 'bundle') {
  // One operations model for every generator (model.mjs), built once.
  const model = buildModel(document);
  await generateTypes(model, output);
  generateValidators(model, output);
  await generateRuntimeTwins(root, output);
  generateClientTables(model, output);
  generateClientSettingsValidator(root, output);
  await generateStream(asyncapi.document, output);
  generateDocsInput(model, output);
  generateTesting(model, output);
  generateTestingStream(asyncapi.document, output);
  generateApiIndex(root, model, output);
}
const stale = output.commit();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (stale.length) {
  console.error(`Generated files are stale (${stale.length}); run \`pnpm generate\` and commit the result:`);
  for (const line of stale.slice(0, 50)) console.error(`  ${line}`);
  if (stale.length > 50) console.error(`  … and ${stale.length - 50} more`);
  process.exit(1);
}
console.log(`${command}: ${output.files.size} files ${command === 'check' ? 'up to date' : 'written'} in ${seconds} s`);
