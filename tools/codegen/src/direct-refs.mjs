// openapi-typescript refers to every shared component through `components["schemas"]["X"]` and
// `components["parameters"]["P"]`: eight syntax nodes per reference, 2,400 references in this spec. Every consumer's
// compiler parses and binds all of them, and that cost is editor latency (`node tools/bench/typecheck.mjs` measures
// it). Once every schema has a named declaration (nameSchemas), the same type is one name: `X`. A shared parameter
// whose type is a name, a keyword or a short union of literals is that type. Same types, same members; only the spelling gets shorter.
import ts from 'typescript';
import { nameOf } from './ts-members.mjs';

const f = ts.factory;

/** A member of openapi-typescript's interfaces and type literals: a property with a plain or quoted name. @typedef {ts.PropertySignature & {name: ts.Identifier | ts.StringLiteral}} NamedMember */

/**
 * Rewrites references to named schemas, and to shared parameters whose type is a single name or keyword, into that
 * name. `components` keeps its members (users still write `components["schemas"]["X"]`).
 * @param {ts.Node[]} ast openapi-typescript's output after nameSchemas
 * @param {Set<string>} named the schemas that have a top-level declaration of their own
 * @returns {ts.Node[]}
 */
export function directReferences(ast, named) {
  const withReplies = nameResponses(ast, named);
  const components = /** @type {ts.InterfaceDeclaration | undefined} */ (
    withReplies.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'components')
  );
  /** @type {Map<string, ts.TypeNode>} */
  const parameterTypes = new Map();
  for (const group of /** @type {ts.NodeArray<NamedMember>} */ (components?.members ?? [])) {
    if (nameOf(group) !== 'parameters' || !group.type || !ts.isTypeLiteralNode(group.type)) continue;
    for (const parameter of /** @type {ts.NodeArray<NamedMember>} */ (group.type.members))
      if (parameter.type) parameterTypes.set(/** @type {string} */ (nameOf(parameter)), parameter.type);
  }

  /** @param {ts.Node} node @returns {ts.Node} */
  const visit = (node) => {
    if (ts.isPropertySignature(node) && node.type && refersToParameter(node.type)) return shortenDoc(ts.visitEachChild(node, visit, undefined));
    const target = componentReference(node);
    if (target?.group === 'schemas' && named.has(target.name)) return f.createTypeReferenceNode(target.name);
    if (target?.group === 'parameters') {
      const type = parameterTypes.get(target.name);
      const resolved = type && visit(type);
      if (resolved && isShort(resolved)) return resolved;
    }
    return ts.visitEachChild(node, visit, undefined);
  };
  return withReplies.map((node) => visit(node));
}

/**
 * A shared response (`components["responses"]["LegacyBadRequest"]`, 900 references) gets a private declaration
 * (`LegacyBadRequestReply`, the suffix keeps it apart from the body schemas named `…Response`) that its references
 * and `components` point to. Private: the file ends with `export {}`, so in a declaration file only what says
 * `export` is exported and the package's public names do not change.
 * @param {ts.Node[]} ast
 * @param {Set<string>} named
 */
function nameResponses(ast, named) {
  const index = ast.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'components');
  const components = /** @type {ts.InterfaceDeclaration} */ (ast[index]);
  /** @type {Map<string, string>} */
  const replies = new Map();
  /** @param {ts.Node} node @returns {ts.Node} */
  const visit = (node) => {
    if (isAnyHeaders(node)) return f.createTypeReferenceNode(ANY_HEADERS);
    const target = componentReference(node);
    if (target?.group === 'responses' && replies.has(target.name)) return f.createTypeReferenceNode(/** @type {string} */ (replies.get(target.name)));
    return ts.visitEachChild(node, visit, undefined);
  };
  const { updated, declarations } = liftGroup(components, 'responses', (response, name) => {
    const reply = `${name}Reply`;
    if (named.has(reply)) throw new Error(`codegen: the private name ${reply} of response ${name} is also a schema name`);
    replies.set(name, reply);
    return f.createTypeAliasDeclaration(undefined, reply, undefined, /** @type {ts.TypeNode} */ (visit(/** @type {ts.TypeNode} */ (response.type))));
  });
  const rest = ast.map((node, i) => (i === index ? updated : visit(node)));
  const anyHeaders = f.createTypeAliasDeclaration(undefined, ANY_HEADERS, undefined, f.createTypeLiteralNode([stringIndex()]));
  ts.addSyntheticLeadingComment(
    anyHeaders,
    ts.SyntaxKind.MultiLineCommentTrivia,
    '* The headers of a response that documents none: any header may come. ',
    true,
  );
  return [
    ...rest.slice(0, index + 1),
    anyHeaders,
    ...declarations,
    ...rest.slice(index + 1),
    f.createExportDeclaration(undefined, false, f.createNamedExports([])),
  ];
}

/**
 * Gives each member of one `components` group (`schemas`, `responses`) a top-level declaration of its own, made by
 * `declare`, and points the member at it by name. The member's docs move to the declaration: kept on both, every
 * consumer's compiler would parse them twice. Members whose name is not an identifier, or that `declare` skips
 * (returns undefined), stay as they are.
 * @param {ts.InterfaceDeclaration} components
 * @param {string} group
 * @param {(member: NamedMember, name: string) => (ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined)} declare
 */
export function liftGroup(components, group, declare) {
  /** @type {(ts.InterfaceDeclaration | ts.TypeAliasDeclaration)[]} */
  const declarations = [];
  const members = /** @type {ts.NodeArray<NamedMember>} */ (components.members).map((member) => {
    if (nameOf(member) !== group || !member.type || !ts.isTypeLiteralNode(member.type)) return member;
    const lifted = /** @type {ts.NodeArray<NamedMember>} */ (member.type.members).map((entry) => {
      const name = nameOf(entry);
      const declaration = name && entry.type && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? declare(entry, name) : undefined;
      if (!declaration) return entry;
      const docs = ts.getSyntheticLeadingComments(entry);
      if (docs) ts.setSyntheticLeadingComments(declaration, docs);
      declarations.push(declaration);
      return f.createPropertySignature(entry.modifiers, entry.name, entry.questionToken, f.createTypeReferenceNode(declaration.name.text));
    });
    return f.updatePropertySignature(member, member.modifiers, member.name, member.questionToken, f.createTypeLiteralNode(lifted));
  });
  const updated = f.updateInterfaceDeclaration(
    components,
    components.modifiers,
    components.name,
    components.typeParameters,
    components.heritageClauses,
    members,
  );
  ts.setSyntheticLeadingComments(updated, ts.getSyntheticLeadingComments(components));
  return { updated, declarations };
}

// openapi-typescript writes `headers: { [name: string]: unknown }` on every response (300 times); one private name.
const ANY_HEADERS = 'AnyHeaders';

function stringIndex() {
  const name = f.createParameterDeclaration(undefined, undefined, 'name', undefined, f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword));
  return f.createIndexSignature(undefined, [name], f.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword));
}

/** `{ [name: string]: unknown }` and nothing else. @param {ts.Node} node */
function isAnyHeaders(node) {
  if (!ts.isTypeLiteralNode(node) || node.members.length !== 1) return false;
  const [index] = node.members;
  if (!index || !ts.isIndexSignatureDeclaration(index) || index.parameters.length !== 1) return false;
  const [parameter] = index.parameters;
  return (
    parameter !== undefined &&
    ts.isIdentifier(parameter.name) &&
    parameter.name.text === 'name' &&
    parameter.type?.kind === ts.SyntaxKind.StringKeyword &&
    index.type.kind === ts.SyntaxKind.UnknownKeyword
  );
}

/**
 * openapi-typescript repeats a shared parameter's whole JSDoc (description, example) at each operation that uses it.
 * Each repetition keeps the first sentence, enough for a tooltip; the full text stays on `components["parameters"]`.
 * @template {ts.Node} N
 * @param {N} property
 * @returns {N}
 */
function shortenDoc(property) {
  const docs = ts.getSyntheticLeadingComments(property);
  if (!docs?.length) return property;
  const text = docs.map((doc) => doc.text).join(' ');
  const description = text
    .replace(/^\s*\*?\s?/gm, ' ')
    .replace(/@example[\s\S]*$/, '')
    .replace(/@description/, '')
    .trim();
  ts.setSyntheticLeadingComments(property, [
    { .../** @type {ts.SynthesizedComment} docs is not empty */ (docs[0]), text: `* ${firstSentence(description).replaceAll('*/', '*\\/')} ` },
  ]);
  return property;
}

/** @param {string} text */
export function firstSentence(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return end > 0 ? flat.slice(0, end + 1) : flat;
}

/** A shared parameter's reference, alone or with the `| undefined` that exact-optional.mjs adds to what is sent. @param {ts.TypeNode} type */
function refersToParameter(type) {
  const types = ts.isUnionTypeNode(type) ? type.types : [type];
  return types.some((member) => componentReference(member)?.group === 'parameters');
}

/**
 * `components["<group>"]["<name>"]` → { group, name }, anything else → undefined.
 * @param {ts.Node} node
 * @returns {{group: string, name: string} | undefined}
 */
function componentReference(node) {
  if (!ts.isIndexedAccessTypeNode(node) || !ts.isIndexedAccessTypeNode(node.objectType)) return undefined;
  const root = node.objectType.objectType;
  if (!ts.isTypeReferenceNode(root) || !ts.isIdentifier(root.typeName) || root.typeName.text !== 'components') return undefined;
  const group = literalText(node.objectType.indexType);
  const name = literalText(node.indexType);
  return group && name ? { group, name } : undefined;
}

/** @param {ts.TypeNode} node */
function literalText(node) {
  return ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
}

/**
 * A name without type arguments, a keyword such as `string`, a literal, or a short union of them (`"true" | "false"`):
 * no longer than the reference it replaces, and it leaves the operation's parameters free of `components`, so
 * signatures.d.ts can hold them without loading openapi.d.ts.
 * @param {ts.Node} node
 * @returns {boolean}
 */
function isShort(node) {
  if (ts.isUnionTypeNode(node)) return node.types.length <= 4 && node.types.every((member) => !ts.isUnionTypeNode(member) && isShort(member));
  if (ts.isTypeReferenceNode(node)) return !node.typeArguments?.length;
  // openapi-typescript spells a literal as an identifier node holding its text (`"true"`).
  if (ts.isLiteralTypeNode(node) || ts.isIdentifier(node)) return true;
  return node.kind >= ts.SyntaxKind.FirstKeyword && node.kind <= ts.SyntaxKind.LastKeyword;
}
