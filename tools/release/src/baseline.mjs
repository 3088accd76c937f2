#!/usr/bin/env node
// `pnpm release:baseline`: records the current bundle as the released bundle of the version it ships in, the fixed
// group's version (spec/releases/<version>/openapi.json), and the AsyncAPI document beside it once the repository has
// one. Run it when a version is published, from the commit that is published (`pnpm release:version` runs it right
// after `changeset version`). The folder is the package version, not info.version: a release that corrects the
// contract (1.34.0) describes the same API version (1.33.0), and must not overwrite the 1.33.0 release's bundle.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HEAD_BUNDLE, RELEASES, ROOT, headAsyncApi, readDocument, readJson } from './releases.mjs';
import { groupVersion } from './workspace.mjs';

const version = groupVersion(ROOT);
const dir = join(RELEASES, version);
mkdirSync(dir, { recursive: true });
copyFileSync(HEAD_BUNDLE, join(dir, 'openapi.json'));
console.log(`release:baseline: ${relative(ROOT, HEAD_BUNDLE)} (API ${readJson(HEAD_BUNDLE).info.version}) → ${relative(ROOT, join(dir, 'openapi.json'))}`);
const asyncApi = headAsyncApi({});
if (asyncApi) {
  writeFileSync(join(dir, 'asyncapi.json'), JSON.stringify(readDocument(asyncApi), null, 2) + '\n');
  console.log(`release:baseline: ${relative(ROOT, asyncApi)} → ${relative(ROOT, join(dir, 'asyncapi.json'))}`);
}
