// The naming rule of spec/README.md ("operationIds", "Component names"): every generator turns operationIds and
// component names into identifiers, so they must be camelCase, unique, say their family, and never share a name
// across schemas and parameters (generators put both in one namespace and number the second: `OptionsExchange2`).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadBundle, operations, type Operation } from './load.js';

const CAMEL = /^[a-z][A-Za-z0-9]*$/;

/** The legacy id the rule derives from a catalog methodName: `getLegacy` + PascalCase, a leading `get` removed. */
export function legacyIdFor(catalogName: string): string {
  const base = /^get[A-Z]/.test(catalogName) ? catalogName.slice(3) : catalogName;
  return `getLegacy${base
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}`;
}

/** Every break of the rule, as `operationId: what is wrong` lines (empty when the set of operations obeys it). */
export function namingViolations(ops: Pick<Operation, 'operationId' | 'family' | 'extensions'>[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const op of ops) {
    const id = op.operationId;
    if (!CAMEL.test(id)) problems.push(`${id}: not camelCase (${CAMEL})`);
    if (seen.has(id)) problems.push(`${id}: used by two operations`);
    seen.add(id);
    if (op.family === 'legacy') {
      if (!id.startsWith('getLegacy')) problems.push(`${id}: a legacy operationId starts with getLegacy`);
      if (!('x-catalog-method-name' in op.extensions)) problems.push(`${id}: a legacy operation keeps its catalog name in x-catalog-method-name`);
      const catalog = op.extensions['x-catalog-method-name'];
      if (catalog !== undefined && catalog !== null && typeof catalog !== 'string') problems.push(`${id}: x-catalog-method-name is a string or null`);
      if (typeof catalog === 'string' && legacyIdFor(catalog) !== id) problems.push(`${id}: catalog name ${catalog} gives ${legacyIdFor(catalog)}`);
    } else {
      if (id.startsWith('getLegacy')) problems.push(`${id}: only legacy operationIds start with getLegacy`);
      if ('x-catalog-method-name' in op.extensions) problems.push(`${id}: x-catalog-method-name is for legacy operations`);
    }
  }
  return problems;
}

/** Names that are both a schema and a parameter component. */
export function sharedComponentNames(components: { schemas?: object; parameters?: object }): string[] {
  const schemas = new Set(Object.keys(components.schemas ?? {}));
  return Object.keys(components.parameters ?? {}).filter((name) => schemas.has(name));
}

const doc = loadBundle();

describe('naming rule on the bundled spec', () => {
  it('every operationId is camelCase, unique and says its family; legacy ids derive from x-catalog-method-name', () => {
    expect(namingViolations(operations(doc))).toEqual([]);
  });
  it('no component name is both a schema and a parameter', () => {
    expect(sharedComponentNames(doc.components)).toEqual([]);
  });
});

describe('the rule itself', () => {
  it('derives the decided examples', () => {
    expect(legacyIdFor('futures')).toBe('getLegacyFutures');
    expect(legacyIdFor('summary_c')).toBe('getLegacySummaryC');
    expect(legacyIdFor('oi_gainers')).toBe('getLegacyOiGainers');
    expect(legacyIdFor('getFuturesSnapshot')).toBe('getLegacyFuturesSnapshot');
    expect(legacyIdFor('getHistoricalPerpetualFundingData')).toBe('getLegacyHistoricalPerpetualFundingData');
  });

  it('rejects the old names, duplicates, a missing catalog name and a legacy prefix on a versioned id', () => {
    const legacy = (operationId: string, extensions: Record<string, unknown> = { 'x-catalog-method-name': operationId }) => ({
      operationId,
      family: 'legacy' as const,
      extensions,
    });
    expect(namingViolations([legacy('oi_gainers')]).join('\n')).toMatch(/not camelCase/);
    expect(namingViolations([legacy('futures')]).join('\n')).toMatch(/starts with getLegacy/);
    expect(namingViolations([legacy('getLegacyFutures', {})]).join('\n')).toMatch(/x-catalog-method-name/);
    expect(namingViolations([legacy('getLegacyFutures', { 'x-catalog-method-name': 'perpetuals' })]).join('\n')).toMatch(/gives getLegacyPerpetuals/);
    expect(namingViolations([legacy('getLegacyX', { 'x-catalog-method-name': null })])).toEqual([]);
    const v1 = { operationId: 'getFuturesSnapshot', family: 'v1' as const, extensions: {} };
    expect(namingViolations([v1, v1]).join('\n')).toMatch(/used by two operations/);
    expect(namingViolations([{ ...v1, operationId: 'getLegacyFuturesSnapshot' }]).join('\n')).toMatch(/only legacy/);
    expect(sharedComponentNames({ schemas: { OptionsExchange: {} }, parameters: { OptionsExchange: {}, OptionsExchangeQuery: {} } })).toEqual([
      'OptionsExchange',
    ]);
  });

  it('accepts every id it derives from a catalog name, and rejects any id with a character outside [A-Za-z0-9]', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/), (name) => {
        const id = legacyIdFor(name);
        expect(namingViolations([{ operationId: id, family: 'legacy', extensions: { 'x-catalog-method-name': name } }])).toEqual([]);
      }),
      { seed: 18, numRuns: 200 },
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => /[^A-Za-z0-9]/.test(s)),
        (junk) => {
          expect(namingViolations([{ operationId: `get${junk}`, family: 'v1', extensions: {} }]).join('\n')).toMatch(/not camelCase/);
        },
      ),
      { seed: 18, numRuns: 200 },
    );
  });
});
