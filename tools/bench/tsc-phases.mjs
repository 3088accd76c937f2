// One `tsc -p <tsconfig> --noEmit` run, in a fresh process as tsc would be, reporting its Parse, Bind and Check times
// to the microsecond. `tsc --extendedDiagnostics` prints the same three timers rounded to 10 ms, and on a consumer
// file whose whole type-check is 0.5 s that rounding alone moved the bench's ratio by ±0.05 from run to run.
// Same host settings as tsc's performCompilation (JSDoc parsed only for type errors), same diagnostics asked for.
//   node tools/bench/tsc-phases.mjs <tsconfig.json>   → {"parse":0.31,"bind":0.14,"check":0.07,"errors":[]}
import ts from 'typescript';

/**
 * The timers tsc keeps (`ts.performance`, which `--extendedDiagnostics` prints); public on the module object, not in
 * typescript.d.ts.
 * @type {{ enable(): void, getDuration(name: string): number }}
 */
const timers = /** @type {any} */ (ts).performance;

const [configPath] = process.argv.slice(2);
if (!configPath) throw new Error('usage: node tools/bench/tsc-phases.mjs <tsconfig.json>');
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(d.messageText) });
if (!config) throw new Error(`cannot read ${configPath}`);
timers.enable();
const host = ts.createCompilerHost(config.options);
host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
const diagnostics = [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSemanticDiagnostics(),
];
const seconds = (/** @type {string} */ name) => timers.getDuration(name) / 1000;
console.log(
  JSON.stringify({
    parse: seconds('Parse'),
    bind: seconds('Bind'),
    check: seconds('Check'),
    errors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  }),
);
