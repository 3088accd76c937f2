#!/usr/bin/env node
// prepack: copies what the published CLI reads at run time into vendor/ (git-ignored): the spec bundles this version
// (REST and streaming) was generated from and codegen's spec model. The validators come from the @laevitas-api/validators dependency,
// which the fixed version group keeps at this package's version. `--clean` (postpack) removes the copy again.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(pkg, '../..');
const vendor = join(pkg, 'vendor');
rmSync(vendor, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  mkdirSync(join(vendor, 'spec'), { recursive: true });
  for (const file of ['openapi.json', 'openapi.yaml', 'openapi-3.0.yaml', 'asyncapi.json', 'asyncapi.yaml']) {
    const from = join(root, 'spec/dist', file);
    if (!existsSync(from)) throw new Error(`${from} is missing: run \`pnpm generate\` before packing`);
    copyFileSync(from, join(vendor, 'spec', file));
  }
  copyFileSync(join(root, 'packages/spec-model/src/spec-model.mjs'), join(vendor, 'spec-model.mjs'));
  const spec = JSON.parse(readFileSync(join(vendor, 'spec/openapi.json'), 'utf8')).info.version;
  const own = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version;
  console.log(`vendored spec ${spec} into @laevitas-api/contract ${own}`);
}
