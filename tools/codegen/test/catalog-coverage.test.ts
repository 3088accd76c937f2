// The legacy family is the whole catalog of the real service: every endpoint of its machine catalog
// (`GET https://api.laevitas.ch/api/catalog/v2`, stored flattened in catalog/legacy-endpoint-index.json) is either an
// operation of the spec or listed in spec/README.md, under "Legacy catalog endpoints left out", with its reason.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC, loadBundle, operations } from './load.js';

interface CatalogEntry {
  method: string;
  path: string;
  operationId: string | null;
  description: string;
}

const catalog: CatalogEntry[] = JSON.parse(readFileSync(join(import.meta.dirname, 'catalog/legacy-endpoint-index.json'), 'utf8'));
const ops = operations(loadBundle());

/** A path with its parameter names erased: the spec may name a parameter differently from the catalog. */
export const shapeOf = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

/** The rows of the README's exclusion table: path → reason. */
export function exclusionsOf(readme: string): Map<string, string> {
  const section = /^## Legacy catalog endpoints left out\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    // Cells may be padded to align the columns (Prettier pads them).
    const m = /^\| `(GET|POST|PUT|DELETE|PATCH) ([^`]+)` +\| (.*?) *\|$/.exec(line.trim());
    if (m) rows.set(`${m[1]} ${m[2]}`, m[3]!.trim());
  }
  return rows;
}

/** Catalog endpoints that are neither in the spec nor excluded with a reason. */
export function uncovered(entries: CatalogEntry[], specKeys: Set<string>, excluded: Map<string, string>): string[] {
  return entries
    .map((e) => `${e.method.toUpperCase()} ${e.path}`)
    .filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return !specKeys.has(`${method} ${shapeOf(path)}`) && !excluded.get(key)?.length;
    });
}

/** The operationId rule of the legacy family: `getLegacy` + the catalog name in PascalCase without a leading `get`. */
export function legacyOperationId(methodName: string): string {
  const name = /^get[A-Z]/.test(methodName) ? methodName.slice(3) : methodName;
  return `getLegacy${name
    .split('_')
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('')}`;
}

const readme = readFileSync(join(SPEC, 'README.md'), 'utf8');
const excluded = exclusionsOf(readme);
const specKeys = new Set(ops.map((o) => `${o.method.toUpperCase()} ${shapeOf(o.path)}`));

describe('the legacy catalog', () => {
  it('holds the 169 endpoints of the stored catalog', () => {
    expect(catalog).toHaveLength(169);
    expect(new Set(catalog.map((e) => `${e.method} ${e.path}`)).size).toBe(169);
  });

  it('every endpoint is in the spec or left out with a reason', () => {
    expect(uncovered(catalog, specKeys, excluded)).toEqual([]);
  });

  it('the exclusion list names only catalog endpoints the spec does not hold, each with a reason', () => {
    const catalogKeys = new Set(catalog.map((e) => `${e.method.toUpperCase()} ${e.path}`));
    for (const [key, reason] of excluded) {
      expect(catalogKeys.has(key), `${key} is not in the catalog`).toBe(true);
      const [method, path] = key.split(' ') as [string, string];
      expect(specKeys.has(`${method} ${shapeOf(path)}`), `${key} is in the spec and excluded`).toBe(false);
      expect(reason.length, `${key} has no reason`).toBeGreaterThan(20);
    }
    expect(excluded.size).toBe(2);
  });

  it('reads exclusion rows with or without padded cells', () => {
    const table = (rows: string[]) => `## Legacy catalog endpoints left out\n\n| Endpoint | Reason |\n| --- | --- |\n${rows.join('\n')}\n`;
    const expected = new Map([
      ['GET /a/{x}', 'Not market data.'],
      ['POST /b', 'Unpublished.'],
    ]);
    expect(exclusionsOf(table(['| `GET /a/{x}` | Not market data. |', '| `POST /b` | Unpublished. |']))).toEqual(expected);
    expect(exclusionsOf(table(['| `GET /a/{x}` | Not market data. |', '| `POST /b`    | Unpublished.     |']))).toEqual(expected);
  });

  it('a catalog endpoint missing from the spec and from the list is reported', () => {
    const ghost: CatalogEntry = { method: 'GET', path: '/analytics/options/not_in_spec/{market}', operationId: 'getGhost', description: '' };
    expect(uncovered([...catalog, ghost], specKeys, excluded)).toEqual(['GET /analytics/options/not_in_spec/{market}']);
    const withoutReason = new Map([...excluded, ['GET /analytics/options/not_in_spec/{market}', '']]);
    expect(uncovered([ghost], specKeys, withoutReason)).toEqual(['GET /analytics/options/not_in_spec/{market}']);
    expect(uncovered([ghost], specKeys, new Map([['GET /analytics/options/not_in_spec/{market}', 'a reason long enough to count']]))).toEqual([]);
  });

  it('an operation that names its catalog method carries the operationId of the naming rule', () => {
    const byShape = new Map(catalog.map((e) => [`${e.method.toUpperCase()} ${shapeOf(e.path)}`, e]));
    const named = ops.filter((o) => o.extensions['x-catalog-method-name'] !== undefined);
    expect(named.length).toBe(167);
    for (const op of named) {
      const entry = byShape.get(`${op.method.toUpperCase()} ${shapeOf(op.path)}`);
      expect(entry, `${op.operationId} is not a catalog endpoint`).toBeDefined();
      expect(op.extensions['x-catalog-method-name'], op.operationId).toBe(entry!.operationId);
      // One catalog entry has no methodName (null): its id follows the path, which the naming test checks.
      if (entry!.operationId !== null) expect(op.operationId).toBe(legacyOperationId(entry!.operationId));
    }
  });

  it.each([
    ['futures', 'getLegacyFutures'],
    ['summary_c', 'getLegacySummaryC'],
    ['oi_gainers', 'getLegacyOiGainers'],
    ['getFuturesSnapshot', 'getLegacyFuturesSnapshot'],
    ['getHistoricalPerpetualFundingData', 'getLegacyHistoricalPerpetualFundingData'],
    ['customChange', 'getLegacyCustomChange'],
    ['FutureController_get_bd_2', 'getLegacyFutureControllerGetBd2'],
  ])('the naming rule maps %s to %s', (methodName, id) => expect(legacyOperationId(methodName)).toBe(id));
});
