// Imported into Postman (its own converter, openapi-to-postmanv2, in the mode Postman's importer uses), every request
// of the combined bundle is aimed at its own family's host. The converter reads servers on the operation or the root,
// never on the path item, so before the bundler copied each path's servers onto its operations every legacy request
// went to the versioned host (the root's first server).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Converter, { type ConversionResult, type PostmanItem } from 'openapi-to-postmanv2';
import { ROOT, loadBundle, operations } from './load.js';
import { withOperationServers } from '../src/operation-servers.mjs';

const HOST = { legacy: 'api.laevitas.ch', v1: 'apiv2.laevitas.ch' } as const;

function convert(data: string): Promise<PostmanItem[]> {
  return new Promise((resolve, reject) => {
    Converter.convertV2({ type: 'string', data }, {}, (error: Error | null, result: ConversionResult) => {
      if (error) return reject(error);
      if (!result.result) return reject(new Error(`postman conversion failed: ${result.reason}`));
      const requests: PostmanItem[] = [];
      const walk = (items: PostmanItem[]) => items.forEach((i) => (i.item ? walk(i.item) : requests.push(i)));
      walk(result.output[0]?.data.item ?? []);
      resolve(requests);
    });
  });
}

/** `METHOD /path/{param}` of a converted request (Postman writes path parameters as `:param`). */
const routeOf = (item: PostmanItem) => `${item.request?.method} /${(item.request?.url.path ?? []).map((s) => s.replace(/^:(.+)$/, '{$1}')).join('/')}`;

describe('the combined bundle imported by Postman', () => {
  const doc = loadBundle();
  const familyOf = new Map(operations(doc).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.family]));

  it('aims every request at its family host', { timeout: 120_000 }, async () => {
    const requests = await convert(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));
    expect(requests).toHaveLength(familyOf.size);
    const wrong = requests.flatMap((item) => {
      const family = familyOf.get(routeOf(item));
      if (!family) return [`${routeOf(item)}: no such operation in the bundle`];
      const host = (item.request?.url.host ?? []).join('.');
      return host === HOST[family] && item.request?.url.protocol === 'https' ? [] : [`${routeOf(item)}: ${item.request?.url.protocol}://${host}`];
    });
    expect(wrong).toEqual([]);
  });

  it('the servers on the operations are what sends them there (path-level servers alone are not read)', { timeout: 120_000 }, async () => {
    const pathLevelOnly = structuredClone(doc);
    for (const item of Object.values<any>(pathLevelOnly.paths))
      for (const op of Object.values<any>(item)) if (op && typeof op === 'object' && !Array.isArray(op)) delete op.servers;
    const hosts = (await convert(JSON.stringify(pathLevelOnly))).map((i) => (i.request?.url.host ?? []).join('.'));
    expect(hosts).toHaveLength(familyOf.size);
    expect(hosts.every((h) => h === '{{baseUrl}}')).toBe(true);
    // ...and copying them back is all the bundler does: every operation gets exactly its path item's list.
    const restored = withOperationServers(pathLevelOnly);
    for (const op of operations(restored)) expect(restored.paths[op.path]?.[op.method]?.servers).toEqual(doc.paths[op.path].servers);
  });
});
