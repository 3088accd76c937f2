// A user's strict project in miniature, for the tests that compile consumer code against our declarations with the
// compiler API. One definition of what "a strict consumer" compiles with, so that the tests of every package and the
// type-check bench judge the same settings.
import ts from 'typescript';

/**
 * A strict consumer's options as its tsconfig.json writes them: Node's module resolution, `strict` with
 * `exactOptionalPropertyTypes` (the generated request types accept an explicit `undefined` under it), no ambient
 * types, libraries unchecked (a test that checks our declarations themselves turns `skipLibCheck` off).
 */
export const STRICT_CONSUMER_TSCONFIG = Object.freeze({
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: true,
  types: Object.freeze(/** @type {string[]} */ ([])),
});

/**
 * The strict consumer's options for the compiler API, with the caller's changes on top (in tsconfig spelling).
 * @param {Record<string, unknown>} [changes]
 * @returns {ts.CompilerOptions}
 */
export function strictConsumerOptions(changes = {}) {
  const { options, errors } = ts.convertCompilerOptionsFromJson({ ...STRICT_CONSUMER_TSCONFIG, ...changes }, '.');
  if (errors.length)
    throw new Error(`test-support: compiler options refused: ${errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, ' ')).join('; ')}`);
  return options;
}

/**
 * A program over files that exist only in memory (snippets, by absolute path), whose imports resolve on disk as they
 * would for a file at that path: `@laevitas-api/…` from the folder the path names, relative paths from there.
 * @param {ReadonlyMap<string, string>} snippets text by absolute path
 * @param {ts.CompilerOptions} [options] the strict consumer's by default
 * @returns {ts.Program}
 */
export function programOfSnippets(snippets, options = strictConsumerOptions()) {
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const getSource = host.getSourceFile.bind(host);
  host.readFile = (file) => snippets.get(file) ?? read(file);
  host.fileExists = (file) => snippets.has(file) || exists(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = snippets.get(file);
    return text === undefined ? getSource(file, language, ...rest) : ts.createSourceFile(file, text, language);
  };
  return ts.createProgram([...snippets.keys()], options, host);
}
