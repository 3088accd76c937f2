// The CommonJS twins of packages/validators' runtime, in generated/runtime/. The runtime is written once, as ES modules (runtime/*.mjs), so an
// ES module bundle of one operation (the generated ops/<id>.mjs and shared/*.mjs import it) drops every helper the
// operation does not call and refers to the rest by name, where a CommonJS runtime reached from ESM left the bundler
// a whole exports object and its interop (pnpm bench, "validator of one operation"). `require()` users, index.cjs and
// the generated .cjs modules get the same code as CommonJS: rolldown (vite's bundler, already in the workspace through
// vite and tsdown) converts each module on its own, imports become requires of the sibling twin, and every export a
// plain `exports.name = name` assignment, not a getter on the hot path of a 1,000-row page (esbuild's form). Comments
// are kept, so a twin reads as its source does.
import { rolldown } from 'rolldown';
import { join } from 'node:path';
import { codeHeader } from './output.mjs';

export const RUNTIME_DIR = 'packages/validators/runtime';
const TWINS_DIR = 'packages/validators/generated/runtime';
/** The runtime modules written as ES modules, each with a generated CommonJS twin (generated/runtime/<name>.cjs). */
export const RUNTIME_MODULES = ['checks', 'rare-checks', 'wording', 'format', 'formats', 'finite-numbers', 'case-insensitive', 'operation'];

/**
 * A runtime module's CommonJS twin. An import of a sibling (`./checks.mjs`) becomes a require of its twin
 * (`./checks.cjs`); the module imports nothing else, and anything else fails generation.
 * @param {string} root the repository root @param {string} name a RUNTIME_MODULES entry
 */
async function commonJsTwin(root, name) {
  const input = join(root, RUNTIME_DIR, `${name}.mjs`);
  const bundle = await rolldown({
    input,
    cwd: root,
    logLevel: 'silent',
    treeshake: false,
    plugins: [
      {
        name: 'sibling-twins',
        resolveId(source, importer) {
          if (!importer) return null;
          const sibling = /^\.\/([a-z-]+)\.mjs$/.exec(source)?.[1];
          if (!sibling || !RUNTIME_MODULES.includes(sibling))
            throw new Error(`codegen: runtime/${name}.mjs imports ${source}; the runtime imports only its own modules`);
          return { id: `./${sibling}.cjs`, external: true };
        },
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'cjs', strict: true, comments: { legal: true, annotation: true, jsdoc: true } });
    const [chunk, ...rest] = output;
    if (!chunk || rest.length) throw new Error(`codegen: runtime/${name}.mjs became ${output.length} files`);
    return `${codeHeader(`${RUNTIME_DIR}/${name}.mjs`)}${chunk.code}`;
  } finally {
    await bundle.close();
  }
}

/**
 * Declarations of the twins the package's hand-written CommonJS requires (index.cjs, runtime/stream.cjs), which its
 * type check reads instead of the twins' code: the types are the ES module sources' and runtime/operation.d.cts's.
 */
const DECLARATIONS = {
  operation: `export * from '../../runtime/operation.cjs';\n`,
  format: [
    "import type { ValidationIssue } from '../../runtime/operation.cjs';",
    '',
    '/** Words raw ajv errors as issues (runtime/format.mjs). */',
    'export declare function formatErrors(errors: readonly unknown[] | null | undefined, prefix: string): ValidationIssue[];',
    "/** '/data/3/resolution' → 'data[3].resolution', prefixed with the location (runtime/wording.mjs). */",
    'export declare function toPath(prefix: string, instancePath: string): string;',
    '',
  ].join('\n'),
};

/**
 * Writes every runtime module's CommonJS twin, and the declarations of those the hand-written CommonJS requires.
 * @param {string} root the repository root @param {import('./output.mjs').Output} output
 */
export async function generateRuntimeTwins(root, output) {
  for (const name of RUNTIME_MODULES) {
    output.add(`${TWINS_DIR}/${name}.cjs`, await commonJsTwin(root, name));
  }
  for (const [name, declarations] of Object.entries(DECLARATIONS))
    output.add(`${TWINS_DIR}/${name}.d.cts`, `${codeHeader(`${RUNTIME_DIR}/${name}.mjs`)}${declarations}`);
}
