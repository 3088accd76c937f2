// The types package resolves the same way from ESM and CJS, exports every value set with its spec values, has no
// runtime dependencies, and carries the spec's descriptions (units included) into JSDoc for editor tooltips.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as esm from '@laevitas-api/types';

const require = createRequire(import.meta.url);
const cjs = require('@laevitas-api/types');
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dts = readFileSync(new URL('../generated/openapi.d.ts', import.meta.url), 'utf8');
const schemas = readFileSync(new URL('../generated/schemas.d.ts', import.meta.url), 'utf8');
const index =
  readFileSync(new URL('../generated/index.d.ts', import.meta.url), 'utf8') +
  readFileSync(new URL('../generated/operations.d.ts', import.meta.url), 'utf8') +
  readFileSync(new URL('../helpers/operations.d.ts', import.meta.url), 'utf8');

/**
 * What a generated declaration file exports, as the compiler reads it, and what it declares at the top level.
 * schemas.d.ts and stream.d.ts export their declarations without the keyword (tools/codegen/src/implicit-exports.mjs),
 * so their text alone does not say what they export.
 * @param file a file of generated/
 */
function exportsOf(file: string) {
  const path = fileURLToPath(new URL(`../generated/${file}`, import.meta.url));
  const program = ts.createProgram([path], {
    noEmit: true,
    noLib: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const source = program.getSourceFile(path)!;
  const checker = program.getTypeChecker();
  const declared = source.statements.flatMap((s) =>
    ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)
      ? [s.name.text]
      : ts.isVariableStatement(s)
        ? s.declarationList.declarations.map((d) => d.name.getText(source))
        : [],
  );
  return { exported: checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).map((s) => s.name), declared };
}

describe('@laevitas-api/types', () => {
  it('has no runtime dependencies', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
  });
  it('exports the same frozen constants from ESM and CJS', () => {
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
    expect(esm.MARKETS_A).toEqual([
      'DERIBIT',
      'AEVO',
      'BINANCE',
      'BITFINEX',
      'BITGET',
      'BITMEX',
      'BYBIT',
      'COINBASE',
      'DYDX',
      'HUOBI',
      'HYPERLIQUID',
      'KRAKEN',
      'OKX',
      'PARADEX',
    ]);
    expect(esm.RESOLUTIONS).toEqual(['1m', '5m', '15m', '1h', '4h', '1d']);
    expect(esm.MARKETS_F).toContain('AGGREGATED');
    expect(Object.isFrozen(esm.RESOLUTIONS)).toBe(true);
  });
  it('declares a readable name for the schemas users touch, the one components["schemas"] points to', () => {
    const { exported } = exportsOf('schemas.d.ts');
    for (const name of ['OhlcvtRow', 'LegacyFuturesLiveRow', 'GexRow', 'ApiError400', 'ApiError401', 'ApiError429', 'PaymentRequired', 'V1Meta']) {
      expect(schemas).toMatch(new RegExp(`^(export )?(type|interface) ${name}\\b`, 'm'));
      expect(exported).toContain(name);
      expect(dts).toMatch(new RegExp(`^        ${name}: ${name};$`, 'm'));
    }
    // Every entry that offers the names re-exports the one declaration file (schemas.d.ts): never a second copy.
    expect(index).toContain("export type * from '../generated/schemas.js';");
    expect(index).toContain('export type V1Envelope<Row>');
  });
  it('exports every top-level declaration of schemas.d.ts and stream.d.ts, and the parameter shapes from neither', () => {
    for (const file of ['schemas.d.ts', 'stream.d.ts', 'stream.d.cts']) {
      const { exported, declared } = exportsOf(file);
      expect(declared.length, file).toBeGreaterThan(50);
      expect(exported.sort(), file).toEqual(declared.sort());
      expect(exported, file).not.toContain('PathQueryParameters');
    }
  });
  it('keeps units in the JSDoc', () => {
    expect(schemas).toMatch(/percentage points/);
    expect(schemas).toMatch(/not USD notional/);
    expect(schemas).toMatch(/instrument's price currency/);
  });
});
