// Fails when a hand-written source file of the repository is in no type check. A project's `typecheck` script names
// its tsconfig (`tsc -p <file>`); a file counts as checked when it is one of that tsconfig's root files (its
// include/files, after tsc drops a .js/.cjs/.mjs that a same-named declaration beside it shadows) and, for
// JavaScript, when the tsconfig has checkJs or the file opens with `// @ts-check`. Generated and built files are the
// generator's and the bundler's (checked where they are made); the few files checked another way are listed below
// with the way. Runs in the root `lint` target, whose inputs are the whole repository: a new file is seen at once.
// Usage: node tools/scripts/typecheck-coverage.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Checked another way, or not yet: path prefix → why. */
const ELSEWHERE = {
  'tools/consumer-check/src/': 'compiled by tools/consumer-check/run.mjs under every module setting (its typecheck target)',
  'tools/generator-matrix/consumers/': "type-checked against each generator's output (tools/generator-matrix/src/typecheck.mjs)",
  'packages/testing/test/types/fail/': 'negative type tests: each must fail to compile (packages/testing/test/types.test.ts)',
  'packages/testing/test/support/': 'JavaScript copied into a clean project by test/consumer.test.ts (which runs it there): not yet (37 findings)',
  'packages/docs/assets/site.js': 'the browser script of the docs site: not yet (no DOM-typed project for it)',
  'packages/docs/assets/console.js':
    'the Try-it console of the docs site, a browser script like site.js: driven by packages/docs/test/console.browser.test.ts, not yet type-checked (no DOM-typed project for it)',
};

const SOURCE = /\.(?:[cm]?js|[cm]?ts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const GENERATED = /(?:^|\/)(?:generated|dist|node_modules)\//;

/** The tsconfig files the typecheck scripts of the root and of every workspace package name. */
function typecheckConfigs() {
  const manifests = execFileSync('git', ['ls-files', 'package.json', '**/package.json'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  /** @type {string[]} */
  const configs = [];
  for (const manifest of manifests) {
    const scripts = /** @type {{ scripts?: Record<string, string> }} */ (JSON.parse(readFileSync(join(root, manifest), 'utf8'))).scripts;
    const script = scripts?.typecheck;
    if (script === undefined) continue;
    for (const [, project] of script.matchAll(/\btsc\b[^&|;]*?-p\s+(\S+)/g))
      configs.push(join(root, dirname(manifest), /** @type {string} the pattern's one group */ (project)));
  }
  return configs;
}

/** Every file a type check covers (absolute paths). */
function checkedFiles() {
  /** @type {Set<string>} */
  const checked = new Set();
  for (const config of typecheckConfigs()) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      config,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(`typecheck-coverage: ${relative(root, config)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
        },
      },
    );
    if (!parsed) throw new Error(`typecheck-coverage: ${relative(root, config)} could not be read`);
    for (const file of parsed.fileNames) {
      const javascript = /\.[cm]?js$/.test(file);
      if (!javascript || parsed.options.checkJs || /^(?:#!.*\n)?\s*\/\/ @ts-check\b/.test(readFileSync(file, 'utf8'))) checked.add(resolve(file));
    }
  }
  return checked;
}

const checked = checkedFiles();
// Tracked and new (untracked, not ignored) files: a file just created is seen before it is committed.
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((path) => SOURCE.test(path) && !DECLARATION.test(path) && !GENERATED.test(path));
const elsewhere = (/** @type {string} */ path) => Object.keys(ELSEWHERE).some((prefix) => path.startsWith(prefix));
const outside = sources.filter((path) => !checked.has(join(root, path)) && !elsewhere(path));
if (outside.length) {
  console.error(`typecheck-coverage: ${outside.length} hand-written file(s) in no project's type check:`);
  for (const path of outside) console.error(`  ${path}`);
  console.error("Add each to its project's tsconfig (the one its `typecheck` script names), or to ELSEWHERE here with the way it is checked.");
  process.exit(1);
}
const excused = sources.filter(elsewhere).length;
console.log(
  `typecheck-coverage: ${sources.length - excused} hand-written source files in a project's type check, ${excused} checked elsewhere or not yet (listed)`,
);
