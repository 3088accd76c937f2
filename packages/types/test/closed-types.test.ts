// Documented shapes are closed types: a misspelt field or a wrongly typed name fails to compile, while unpublished
// shapes keep their index signature. Compiles small consumer snippets against the generated declarations with the
// TypeScript compiler API and checks which lines fail.
import { describe, expect, it } from 'vitest';
import { programOfSnippets } from '@laevitas-api/test-support/consumer-program';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

const GENERATED = fileURLToPath(new URL('../generated/operations.d.ts', import.meta.url));

/** Each snippet must compile (`ok`) or fail (`error`): one file each, so a diagnostic names its snippet. */
const SNIPPETS: Record<string, { code: string; expect: 'ok' | 'error' }> = {
  misspeltOhlcvtField: { code: 'declare const row: OhlcvtRow;\nexport const x = row.clsoe;', expect: 'error' },
  documentedOhlcvtField: { code: 'declare const row: OhlcvtRow;\nexport const x: number = row.close;', expect: 'ok' },
  misspeltLegacyRowField: { code: 'declare const row: LegacyFuturesLiveRow;\nexport const x = row.not_a_field;', expect: 'error' },
  misspeltGexField: { code: 'declare const row: GexRow;\nexport const x = row.not_a_field;', expect: 'error' },
  numericInstrumentName: { code: "export const name: OptionsCatalogEntry['instrument_name'] = 12345;", expect: 'error' },
  instrumentNameIsString: { code: 'declare const row: OptionsCatalogEntry;\nexport const x: string = row.instrument_name.toUpperCase();', expect: 'ok' },
  riskExpiryIsString: { code: 'declare const e: RiskExpiry;\nexport const x: string = e.toLowerCase();', expect: 'ok' },
  hoverShowsRowName: {
    code: "declare const page: OptionsOhlcvtResponse;\nexport const row = page.data[0]!;\nexport const hover: 'OhlcvtRow' = null as unknown as typeof row extends OhlcvtRow ? 'OhlcvtRow' : never;",
    expect: 'ok',
  },
  unpublishedStaysOpen: { code: 'declare const row: CreditTokenRequest;\nexport const x: unknown = row.anything_else;', expect: 'ok' },
};

let checkerOf: () => { checker: ts.TypeChecker; program: ts.Program } = () => {
  throw new Error('compile first');
};

function compile(): Map<string, string[]> {
  const files = new Map<string, string>();
  const names = 'OhlcvtRow, OptionsOhlcvtResponse, LegacyFuturesLiveRow, GexRow, OptionsCatalogEntry, RiskExpiry, CreditTokenRequest';
  for (const [name, { code }] of Object.entries(SNIPPETS)) {
    files.set(`/snippets/${name}.ts`, `import type { ${names} } from ${JSON.stringify(GENERATED.replace(/\.d\.ts$/, '.js'))};\n${code}\n`);
  }
  const program = programOfSnippets(files);
  checkerOf = () => ({ checker: program.getTypeChecker(), program });
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '(global)';
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return errors;
}

describe('closed types', () => {
  const errors = compile();
  it('the declarations themselves compile', () => {
    expect([...errors.keys()].filter((f) => !f.startsWith('/snippets/'))).toEqual([]);
  });
  it.each(Object.entries(SNIPPETS))('%s', (name, { expect: outcome }) => {
    const found = errors.get(`/snippets/${name}.ts`) ?? [];
    if (outcome === 'ok') expect(found).toEqual([]);
    else expect(found.length, `${name} should not compile`).toBeGreaterThan(0);
  });

  it('an editor shows the schema name, not its structure', () => {
    const { checker, program } = checkerOf();
    const file = program.getSourceFile('/snippets/hoverShowsRowName.ts')!;
    const shown: string[] = [];
    file.forEachChild((node) => {
      if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations)
          if (d.name.getText(file) === 'row') shown.push(checker.typeToString(checker.getTypeAtLocation(d.name)));
    });
    expect(shown).toEqual(['OhlcvtRow']);
  });
});
