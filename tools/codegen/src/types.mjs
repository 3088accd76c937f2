// Generates packages/types: openapi-typescript's `paths`/`components`/`operations`, plus a readable alias for every
// component schema, operation helper types, and each value set as both a union type and a runtime constant array.
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { valueSetsOf } from '@laevitas-api/spec-model';
import { acceptExplicitUndefined } from './exact-optional.mjs';
import { directReferences, liftGroup } from './direct-refs.mjs';
import { liftSignatures, namesUsed, PARAMETERS, REQUEST_BODIES } from './signatures.mjs';
import { SHAPE_NAMES, shapeDeclarations } from './parameter-shapes.mjs';
import { implicitExports, unexported } from './implicit-exports.mjs';
import { codeHeader } from './output.mjs';

const HEADER = codeHeader();
const OUT = 'packages/types/generated';

/** @import { SpecDocument, ValueSet } from '@laevitas-api/spec-model' */
/** A member of openapi-typescript's interfaces and type literals: a property with a plain or quoted name. @typedef {ts.PropertySignature & {name: ts.Identifier | ts.StringLiteral}} NamedMember */

/**
 * @param {import('./model.mjs').CodegenModel} model
 * @param {import('./output.mjs').Output} output
 */
export async function generateTypes({ document }, output) {
  output.own(OUT);
  const ast = await openapiTS(/** @type {import('openapi-typescript').OpenAPI3} */ (/** @type {unknown} a 3.1 document */ (structuredClone(document))), {
    defaultNonNullable: false,
    alphabetize: false,
    additionalProperties: false,
    excludeDeprecated: false,
  });
  ast.splice(0, ast.length, ...acceptExplicitUndefined(ast));
  // `paths` goes to its own file: the client and other operationId-based code never load it, and every line a
  // consumer's compiler does not parse keeps editors fast (pnpm bench measures it).
  const named = nameSchemas(ast);
  ast.splice(0, ast.length, ...directReferences(ast, named));
  const { ast: rewired, maps } = liftSignatures(ast);
  // Four files, each loaded only by what needs it: schemas.d.ts (every schema by name, and the maps of what each
  // operation takes and returns: all the client's declarations load it), signatures.d.ts (the entry of the maps, a
  // re-export of schemas.d.ts), openapi.d.ts (`components`, `operations` with responses and errors) and paths.d.ts
  // (`paths`, which operationId-based code never loads). The maps sit beside the schemas they name rather than in a
  // file that imports them: an import list of 336 names was 676 syntax nodes every consumer's compiler parses and binds.
  /** @param {ts.Node} node */
  const isPaths = (node) => /** @type {{name?: ts.Identifier}} */ (node).name?.escapedText === 'paths';
  /** @param {ts.Node} node */
  const isSchema = (node) => (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && named.has(node.name.text);
  /** @param {ts.Node[]} nodes */
  const importSchemas = (nodes) =>
    `import type {\n${namesUsed(nodes, named)
      .map((name) => `  ${name},`)
      .join('\n')}\n} from './schemas.js';\n`;
  /** @param {ts.Node[]} nodes */
  const print = (nodes) => plainDescriptions(astToString(nodes));
  // schemas.d.ts exports every top-level declaration without the keyword (implicit-exports.mjs says why), so the
  // parameter shapes, which are no API of their own, live in a file of their own that it imports.
  output.add(
    `${OUT}/schemas.d.ts`,
    [
      HEADER + `import type { ${SHAPE_NAMES.join(', ')} } from './parameter-shapes.js';\n` + print(implicitExports(rewired.filter(isSchema))),
      `/** Every operationId of the contract. */\ntype OperationId = keyof ${PARAMETERS};\n`,
      print(unexported(maps)),
    ].join('\n'),
  );
  output.add(`${OUT}/parameter-shapes.d.ts`, HEADER + print(shapeDeclarations()));
  output.add(`${OUT}/signatures.d.ts`, `${HEADER}export type * from './schemas.js';\n`);
  output.add(`${OUT}/signatures.d.cts`, `${HEADER}export type * from './signatures.js'${esmFrom('cjs')};\n`);
  output.add(`${OUT}/paths.d.ts`, `${HEADER}import type { operations } from './openapi.js';\n\n${print(rewired.filter(isPaths))}`);
  const rest = rewired.filter((node) => !isPaths(node) && !isSchema(node));
  output.add(
    `${OUT}/openapi.d.ts`,
    [HEADER + importSchemas(rest), `import type { ${PARAMETERS}, ${REQUEST_BODIES} } from './signatures.js';\n`, print(rest)].join('\n'),
  );

  const valueSets = valueSetsOf(document);
  const unnamed = Object.keys(document.components?.schemas ?? {}).filter((name) => !named.has(name));
  if (unnamed.length) throw new Error(`codegen: schemas without a TypeScript name of their own (rename them to identifiers): ${unnamed.join(', ')}`);
  // operations.d.ts: the lean entry (`@laevitas-api/types/operations`): components, operations, the helper types, the
  // signature maps and every schema by name, without the large `paths` file.
  /** @param {'esm' | 'cjs'} format */
  const lean = (format) => [HEADER, renderHelpers(format)].join('\n');
  output.add(`${OUT}/operations.d.ts`, lean('esm'));
  output.add(`${OUT}/operations.d.cts`, lean('cjs'));
  output.add(`${OUT}/empty.js`, `${HEADER}export {};`);
  output.add(`${OUT}/empty.cjs`, `${HEADER}'use strict';`);
  /** @param {'esm' | 'cjs'} format */
  const declarations = (format) =>
    [
      HEADER,
      `export * from './operations.${format === 'cjs' ? 'cjs' : 'js'}';\nexport type { paths } from './paths.js'${esmFrom(format)};\n`,
      renderValueSetTypes(valueSets),
    ].join('\n');
  output.add(`${OUT}/index.d.ts`, declarations('esm'));
  output.add(`${OUT}/index.d.cts`, declarations('cjs'));
  output.add(`${OUT}/index.js`, HEADER + renderValueSetValues(valueSets, 'esm'));
  output.add(`${OUT}/index.cjs`, HEADER + renderValueSetValues(valueSets, 'cjs'));
}

/**
 * openapi-typescript opens every description with `@description`. An editor shows a doc comment's untagged first
 * paragraph as the documentation itself and a tagged one as a "@description — …" line under it, and the tag is 13
 * characters that every consumer's compiler scans 2,000 times. A description that opens its comment, or follows a
 * schema's title line, loses the tag; one after another tag (none today) keeps it, since its text would otherwise
 * join that tag.
 * @param {string} text printed declarations
 */
export function plainDescriptions(text) {
  return (
    text
      .replace(/\/\*\* @description /g, '/** ')
      .replace(/(\/\*\*\n[ \t]*\* )@description /g, '$1')
      // After a schema's title line (untagged text too): the description joins the title's paragraph.
      .replace(/(\/\*\*\n[ \t]*\* [^@\n][^\n]*\n[ \t]*\* )@description /g, '$1')
  );
}

/**
 * openapi.d.ts and paths.d.ts are ESM (the package is `type: module`) and exist once. A CommonJS declaration file may
 * import them only by saying it wants their ESM form; without it node16 reports TS1479/TS1541 to every CJS consumer.
 * @param {'esm' | 'cjs'} format
 */
function esmFrom(format) {
  return format === 'cjs' ? " with { 'resolution-mode': 'import' }" : '';
}

/**
 * The lean entry re-exports the hand-written helper types (packages/types/helpers/operations.d.ts, type-checked with
 * the package), which name what the generator writes: `operations`, the signature maps, the meta schemas.
 * @param {'esm' | 'cjs'} format
 */
function renderHelpers(format) {
  return `export type * from '../helpers/operations.js'${esmFrom(format)};\n`;
}

/** @param {ValueSet[]} valueSets */
function renderValueSetTypes(valueSets) {
  return valueSets
    .map(({ schemaName, constName, values }) => {
      const tuple = values.map((v) => JSON.stringify(v)).join(', ');
      return `/** Members of {@link ${schemaName}}, in the order the spec lists them. */\nexport declare const ${constName}: readonly [${tuple}];`;
    })
    .join('\n');
}

/** @param {ValueSet[]} valueSets @param {'esm' | 'cjs'} format */
function renderValueSetValues(valueSets, format) {
  const lines = valueSets.map(({ constName, values }) => {
    const array = `Object.freeze(${JSON.stringify(values)})`;
    // A bundler keeps a call it cannot prove pure; the annotation lets a consumer that imports one constant drop the rest.
    return format === 'esm' ? `export const ${constName} = /*#__PURE__*/ ${array};` : `exports.${constName} = ${array};`;
  });
  return (format === 'cjs' ? "'use strict';\n" : '') + lines.join('\n');
}

const TOP_LEVEL = new Set(['paths', 'webhooks', 'components', '$defs', 'operations']);

/**
 * Gives every component schema a declaration of its own (`export interface OhlcvtRow {…}`, or a type alias for
 * unions and intersections) and points `components['schemas']['OhlcvtRow']` at it. openapi-typescript writes each
 * schema as an anonymous type literal inside `components`, so an editor shows a structural dump on hover; a named
 * declaration is what makes hovers, errors and the client's return types read `OhlcvtRow`. Same types, same
 * members and docs; edits the AST in place.
 * @param {ts.Node[]} ast openapi-typescript's output
 * @returns {Set<string>} the schemas that now have a declaration of their own
 */
export function nameSchemas(ast) {
  const index = ast.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'components');
  if (index < 0) throw new Error('codegen: openapi-typescript output has no `components` interface');
  const components = /** @type {ts.InterfaceDeclaration} */ (ast[index]);
  const exported = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];
  const { updated, declarations } = liftGroup(components, 'schemas', (schema, name) => {
    const type = /** @type {ts.TypeNode} */ (schema.type);
    if (TOP_LEVEL.has(name)) return undefined;
    return ts.isTypeLiteralNode(type)
      ? ts.factory.createInterfaceDeclaration(exported, name, undefined, undefined, type.members)
      : ts.factory.createTypeAliasDeclaration(exported, name, undefined, type);
  });
  ast.splice(index, 1, updated, ...declarations);
  return new Set(declarations.map((declaration) => declaration.name.text));
}
