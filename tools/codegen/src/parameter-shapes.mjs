// The four-location frame of an operation's parameters (`query`, `header`, `path`, `cookie`), written once per shape
// instead of once per operation. openapi-typescript spells every location of every operation, and `header?: never`,
// `cookie?: never` and the absent one of `query`/`path` were a fifth of the syntax of signatures.d.ts that every
// consumer's compiler parses and binds (`node tools/bench/typecheck.mjs` counts it). Five generic aliases cover 146 of
// the 150 spelt-out sets; an operation's entry names its shape and passes its path and query types. Same types: each
// alias is the literal it replaces with the location types as arguments (packages/types/test/signatures.test.ts
// checks every operation against `operations` by identity).
import ts from 'typescript';
import { nameOf } from './ts-members.mjs';

const f = ts.factory;

/** `absent` is `?: never`, `required` is `: T`, `optional` is `?: T | undefined`, `other` fits no shape. @typedef {'absent' | 'required' | 'optional' | 'other'} Presence */

/** The shapes by [query, path] presence; the header and cookie are absent in all of them. */
const SHAPES = /** @type {const} */ ([
  ['OptionalQueryParameters', 'optional', 'absent', 'An operation with optional query parameters only.'],
  ['QueryParameters', 'required', 'absent', 'An operation with a required query parameter and no path parameters.'],
  ['PathParameters', 'absent', 'required', 'An operation with path parameters only.'],
  ['PathQueryParameters', 'required', 'required', 'An operation with path parameters and a required query parameter.'],
  ['PathOptionalQueryParameters', 'optional', 'required', 'An operation with path parameters and optional query parameters.'],
]);

/** The shapes' names, which schemas.d.ts imports. */
export const SHAPE_NAMES = SHAPES.map(([name]) => name);

/**
 * The declarations of the shapes, for parameter-shapes.d.ts: schemas.d.ts imports them, and an import is not an
 * export, so they stay what a hover on an operation's parameters names rather than an API of their own.
 * @returns {ts.TypeAliasDeclaration[]}
 */
export function shapeDeclarations() {
  return SHAPES.map(([name, query, path, doc]) => {
    const params = [...(path === 'absent' ? [] : ['Path']), ...(query === 'absent' ? [] : ['Query'])];
    /** @type {[string, 'absent' | 'required' | 'optional', string][]} */
    const locations = [
      ['query', query, 'Query'],
      ['header', 'absent', ''],
      ['path', path, 'Path'],
      ['cookie', 'absent', ''],
    ];
    const literal = f.createTypeLiteralNode(locations.map(([location, presence, param]) => member(location, presence, param)));
    const declaration = f.createTypeAliasDeclaration(
      [f.createModifier(ts.SyntaxKind.ExportKeyword)],
      name,
      params.map((p) => f.createTypeParameterDeclaration(undefined, p)),
      literal,
    );
    ts.addSyntheticLeadingComment(declaration, ts.SyntaxKind.MultiLineCommentTrivia, `* ${doc} `, true);
    return declaration;
  });
}

/** @param {string} location @param {Presence} presence @param {string} param */
function member(location, presence, param) {
  const question = presence === 'required' ? undefined : f.createToken(ts.SyntaxKind.QuestionToken);
  const type =
    presence === 'absent'
      ? f.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword)
      : presence === 'required'
        ? f.createTypeReferenceNode(param)
        : f.createUnionTypeNode([f.createTypeReferenceNode(param), f.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword)]);
  return f.createPropertySignature(undefined, location, question, type);
}

/**
 * The parameter set as its shape (`PathQueryParameters<{…}, {…}>`), or the set itself when no shape fits (a header
 * parameter, no parameters at all) or a location carries docs of its own (a shape would drop them).
 * @param {ts.TypeLiteralNode} set openapi-typescript's `parameters` literal after exact-optional
 * @returns {ts.TypeNode}
 */
export function asShape(set) {
  /** @type {Map<string, {presence: Presence, type?: ts.TypeNode}>} */
  const byLocation = new Map();
  for (const location of set.members) {
    const name = nameOf(location);
    if (!name || !ts.isPropertySignature(location) || !location.type || byLocation.has(name)) return set;
    // openapi-typescript's docs are synthetic comments on its factory-made nodes.
    if (ts.getSyntheticLeadingComments(location)?.length) return set;
    byLocation.set(name, presenceOf(location));
  }
  if (byLocation.size !== 4) return set;
  const [query, header, path, cookie] = ['query', 'header', 'path', 'cookie'].map((n) => byLocation.get(n));
  if (!query || !path || header?.presence !== 'absent' || cookie?.presence !== 'absent') return set;
  const shape = SHAPES.find(([, q, p]) => q === query.presence && p === path.presence);
  if (!shape) return set;
  const args = /** @type {ts.TypeNode[]} */ ([path.type, query.type].filter(Boolean));
  return f.createTypeReferenceNode(shape[0], args);
}

/**
 * How a location is present, and its type without the `| undefined` exact-optional added to an optional one.
 * @param {ts.PropertySignature} location
 * @returns {{presence: Presence, type?: ts.TypeNode}}
 */
function presenceOf(location) {
  const type = /** @type {ts.TypeNode} */ (location.type);
  if (!location.questionToken) return { presence: 'required', type };
  if (type.kind === ts.SyntaxKind.NeverKeyword) return { presence: 'absent' };
  if (ts.isUnionTypeNode(type) && type.types.length === 2 && type.types[1]?.kind === ts.SyntaxKind.UndefinedKeyword)
    return { presence: 'optional', type: /** @type {ts.TypeNode} */ (type.types[0]) };
  // An optional location without `| undefined` has no shape (exact-optional adds it to every one today).
  return { presence: 'other' };
}
