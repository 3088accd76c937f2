// What a published tarball imports at run time, checked against what it declares. A package that reaches a
// workspace-only package (@laevitas-api/spec-model, the mock core, ...) or a path outside itself (`../../tools/...`)
// works in the monorepo and breaks for every user: those must be bundled at build. Every JavaScript file of the
// unpacked tarball is read: ESM imports with es-module-lexer (the lexer Vite and Node's loaders use, so an import in a
// comment or a string does not count), CommonJS `require` calls with a pattern (stricter: it may also see one in a
// comment, which then has to be declared too).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { init, parse } from 'es-module-lexer';

const CODE = /\.(?:[cm]?js)$/;
const BUILTINS = new Set(builtinModules);
// `require('x')` with a plain string: the CommonJS builds' static imports (a computed require is reported as such).
const REQUIRE = /(?<![\w$.])require\s*\(\s*(?:'([^']+)'|"([^"]+)"|([^)'"\s][^)]*))\s*\)/g;

/** @param {string} specifier @returns {string} the package name of a bare specifier (`@scope/name` or `name`) */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** @param {string} dir @returns {string[]} every code file below dir */
function codeFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !entry.parentPath.split(sep).includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** @param {string} source @returns {{specifier: string | undefined, dynamic: boolean}[]} */
function specifiersOf(source) {
  /** @type {{specifier: string | undefined, dynamic: boolean}[]} */
  const found = [];
  try {
    const [imports] = parse(source);
    for (const entry of imports) {
      if (entry.t === 1 || entry.t === 2 || entry.t === 4 || entry.t === 5) found.push({ specifier: entry.n, dynamic: entry.t === 2 });
    }
  } catch {
    // Not ESM syntax (a CommonJS build with a construct the ESM lexer refuses): the require scan below still reads it.
  }
  for (const match of source.matchAll(REQUIRE)) found.push({ specifier: match[1] ?? match[2], dynamic: match[3] !== undefined });
  return found;
}

/**
 * The run-time imports of an unpacked package that it may not make, one line each (empty: it is self-contained).
 * @param {string} packageDir the unpacked tarball (its package.json as published: workspace: ranges resolved)
 * @param {Set<string>} privateNames the workspace's private package names
 * @param {Record<string, string[]>} [providedByHost] per file (`name/path`), the modules its host injects at run time
 * @returns {Promise<string[]>}
 */
export async function tarballImportProblems(packageDir, privateNames, providedByHost = {}) {
  await init;
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  /** @type {string[]} */
  const problems = [];
  for (const file of codeFiles(packageDir)) {
    const where = `${manifest.name}/${relative(packageDir, file)}`;
    for (const { specifier, dynamic } of specifiersOf(readFileSync(file, 'utf8'))) {
      if (specifier === undefined) {
        if (!dynamic) problems.push(`${where}: an import whose specifier the lexer cannot read`);
        continue; // a computed dynamic import (import(url)) names a file chosen at run time, checked where it is built
      }
      if (specifier.startsWith('node:') || BUILTINS.has(specifier) || /^(data|https?|file):/.test(specifier)) continue;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = resolve(dirname(file), specifier);
        if (!target.startsWith(resolve(packageDir) + sep)) problems.push(`${where}: imports ${specifier}, outside the package`);
        if (/(^|\/)tools\//.test(specifier)) problems.push(`${where}: imports ${specifier}, a tools/ path`);
        continue;
      }
      const name = packageOf(specifier);
      if (providedByHost[where]?.includes(name)) continue;
      if (privateNames.has(name)) problems.push(`${where}: imports ${specifier}, a workspace-only package (bundle it at build)`);
      else if (!declared.has(name)) problems.push(`${where}: imports ${specifier}, which package.json does not declare`);
    }
  }
  return problems;
}
