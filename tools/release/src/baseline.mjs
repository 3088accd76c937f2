#!/usr/bin/env node
// `pnpm release:baseline`: records the current bundle as the released bundle of its info.version
// (spec/releases/<version>/openapi.json), and the AsyncAPI document beside it once the repository has one. Run it when a version is published, from the commit that is published.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HEAD_BUNDLE, RELEASES, ROOT, headAsyncApi, readDocument, readJson } from './releases.mjs';

const version = readJson(HEAD_BUNDLE).info.version;
const dir = join(RELEASES, version);
mkdirSync(dir, { recursive: true });
copyFileSync(HEAD_BUNDLE, join(dir, 'openapi.json'));
console.log(`release:baseline: ${relative(ROOT, HEAD_BUNDLE)} → ${relative(ROOT, join(dir, 'openapi.json'))}`);
const asyncApi = headAsyncApi({});
if (asyncApi) {
  writeFileSync(join(dir, 'asyncapi.json'), JSON.stringify(readDocument(asyncApi), null, 2) + '\n');
  console.log(`release:baseline: ${relative(ROOT, asyncApi)} → ${relative(ROOT, join(dir, 'asyncapi.json'))}`);
}
