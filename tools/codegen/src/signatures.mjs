// What each operation takes and returns, as three maps keyed by operationId: its parameters by location, its JSON
// request body and its success body. openapi-typescript writes the first two inside `operations`, next to the
// responses, error replies and headers of all 281 operations; the client's declarations need only these, and every
// line of `operations` a consumer's compiler parses and binds is editor latency (`node tools/bench/typecheck.mjs`).
// The maps go beside the schemas (schemas.d.ts, which the signatures entry re-exports) and `operations` points at
// them: same types, one declaration.
import ts from 'typescript';
import { memberType, nameOf } from './ts-members.mjs';
import { asShape } from './parameter-shapes.mjs';

const f = ts.factory;

/** A member of openapi-typescript's interfaces and type literals: a property with a plain or quoted name. @typedef {ts.PropertySignature & {name: ts.Identifier | ts.StringLiteral}} NamedMember */

export const PARAMETERS = 'OperationParameters';
export const REQUEST_BODIES = 'OperationRequestBodies';
export const RESULTS = 'OperationResults';

/**
 * Moves each operation's parameters and JSON request body into the maps, and reads its success body into a third.
 * @param {ts.Node[]} ast openapi-typescript's output after directReferences (schemas and shared replies by name)
 * @returns {{ ast: ts.Node[], maps: ts.InterfaceDeclaration[] }} the AST with `operations` pointing at the maps, and the maps
 */
export function liftSignatures(ast) {
  const index = ast.findIndex((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'operations');
  if (index < 0) throw new Error('codegen: openapi-typescript output has no `operations` interface');
  const operations = /** @type {ts.InterfaceDeclaration} */ (ast[index]);
  /** @type {Map<string, ts.TypeNode>} the private `…Reply` aliases of shared responses, which a 2xx may be */
  const replies = new Map();
  for (const node of ast) if (ts.isTypeAliasDeclaration(node)) replies.set(node.name.text, node.type);

  /** @type {ts.TypeElement[]} */
  const parameters = [];
  /** @type {Map<string, string>} printed parameters → the first operation that has them */
  const firstWith = new Map();
  /** @type {Map<string, string>} a location (`query?`) and its printed type → the first operation that spells it out */
  const firstLocation = new Map();
  /** @type {ts.TypeElement[]} */
  const bodies = [];
  /** @type {ts.TypeElement[]} */
  const results = [];
  const members = /** @type {ts.NodeArray<NamedMember>} */ (operations.members).map((operation) => {
    const id = nameOf(operation);
    if (!id || !operation.type || !ts.isTypeLiteralNode(operation.type)) throw new Error(`codegen: operation ${id ?? '?'} is not a type literal`);
    const entries = /** @type {ts.NodeArray<NamedMember>} */ (operation.type.members).map((entry) => {
      const part = nameOf(entry);
      if (part === 'parameters' && entry.type) {
        // 281 operations have 147 distinct parameter sets (every options series takes the same window and cursor);
        // a repeat points at the first operation with the same set, docs included, instead of spelling it again.
        const printed = astText(entry.type);
        const first = firstWith.get(printed);
        if (!first) firstWith.set(printed, id);
        // A new set may still share a location with an earlier one (the same query, another path): that location
        // points at the earlier operation's.
        const own = first ? entryOf(PARAMETERS, first) : ts.isTypeLiteralNode(entry.type) ? asShape(shareLocations(entry.type, id, firstLocation)) : entry.type;
        parameters.push(f.createPropertySignature(undefined, id, undefined, own));
        return withType(entry, entryOf(PARAMETERS, id));
      }
      if (part === 'requestBody' && entry.type && ts.isTypeLiteralNode(entry.type)) {
        const body = jsonOf(entry.type);
        if (!body) return entry;
        // The map's member is optional exactly when the body is: `{} extends Pick<OperationRequestBodies, Op>` tells a
        // caller whether it may be left out, and the indexed access below strips the `undefined` optionality adds.
        bodies.push(f.createPropertySignature(undefined, id, entry.questionToken, body));
        const indexed = entryOf(REQUEST_BODIES, id);
        const json = entry.questionToken ? f.createTypeReferenceNode('NonNullable', [indexed]) : indexed;
        return withType(entry, replaceJson(entry.type, json));
      }
      if (part === 'responses' && entry.type && ts.isTypeLiteralNode(entry.type))
        results.push(f.createPropertySignature(undefined, id, undefined, successBody(entry.type, replies)));
      return entry;
    });
    return f.updatePropertySignature(operation, operation.modifiers, operation.name, operation.questionToken, f.createTypeLiteralNode(entries));
  });
  for (const entry of [...parameters, ...bodies, ...results]) {
    const left = componentsReference(entry);
    if (left)
      throw new Error(
        `codegen: ${nameOf(entry)} still refers to ${left}: signatures.d.ts cannot hold it without loading openapi.d.ts (name the schema or shorten the shared parameter)`,
      );
  }
  const rewired = f.updateInterfaceDeclaration(
    operations,
    operations.modifiers,
    operations.name,
    operations.typeParameters,
    operations.heritageClauses,
    members,
  );
  ts.setSyntheticLeadingComments(rewired, ts.getSyntheticLeadingComments(operations));
  const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
  /** @param {string} name @param {string} doc @param {ts.TypeElement[]} entries */
  const map = (name, doc, entries) => {
    const declaration = f.createInterfaceDeclaration(exported, name, undefined, undefined, entries);
    ts.addSyntheticLeadingComment(declaration, ts.SyntaxKind.MultiLineCommentTrivia, `* ${doc} `, true);
    return declaration;
  };
  return {
    ast: ast.map((node, i) => (i === index ? rewired : node)),
    maps: [
      map(
        PARAMETERS,
        "The parameters of every operation, by location (`path`, `query`, `header`, `cookie`): what `operations[Op]['parameters']` is.",
        parameters,
      ),
      map(
        REQUEST_BODIES,
        'The JSON request body of every operation that takes one; optional here exactly when the operation may be called without it.',
        bodies,
      ),
      map(RESULTS, "The JSON body of every operation's success responses (a union when it documents two), `void` when a success carries none.", results),
    ],
  };
}

/**
 * The parameter set with each location that an earlier operation spelt out identically (same optionality, same type
 * and docs) replaced by `OperationParameters["earlier"]["location"]`.
 * @param {ts.TypeLiteralNode} set
 * @param {string} id
 * @param {Map<string, string>} firstLocation
 */
function shareLocations(set, id, firstLocation) {
  const locations = /** @type {ts.NodeArray<NamedMember>} */ (set.members).map((location) => {
    if (!location.type || location.type.kind === ts.SyntaxKind.NeverKeyword) return location;
    const key = `${nameOf(location)}${location.questionToken ? '?' : ''}: ${astText(location.type)}`;
    const first = firstLocation.get(key);
    if (!first) {
      firstLocation.set(key, id);
      return location;
    }
    const shared = f.createIndexedAccessTypeNode(
      entryOf(PARAMETERS, first),
      f.createLiteralTypeNode(f.createStringLiteral(/** @type {string} */ (nameOf(location)))),
    );
    return withType(location, shared);
  });
  return f.createTypeLiteralNode(locations);
}

/** `Map["id"]` @param {string} map @param {string} id */
function entryOf(map, id) {
  return f.createIndexedAccessTypeNode(f.createTypeReferenceNode(map), f.createLiteralTypeNode(f.createStringLiteral(id)));
}

/** @param {NamedMember} entry @param {ts.TypeNode} type */
function withType(entry, type) {
  const updated = f.updatePropertySignature(entry, entry.modifiers, entry.name, entry.questionToken, type);
  ts.setSyntheticLeadingComments(updated, ts.getSyntheticLeadingComments(entry));
  return updated;
}

/**
 * The `application/json` type of `{ content: { "application/json": T } }` when that is all the literal holds (a body
 * with other media types stays where it is: the maps are for JSON calls).
 * @param {ts.TypeLiteralNode} literal
 */
function jsonOf(literal) {
  const content = memberType(literal, 'content');
  if (literal.members.length !== 1 || !content || !ts.isTypeLiteralNode(content) || content.members.length !== 1) return undefined;
  return memberType(content, 'application/json');
}

/** The literal with its `application/json` type replaced. @param {ts.TypeLiteralNode} literal @param {ts.TypeNode} json */
function replaceJson(literal, json) {
  // jsonOf (above) admitted only a literal of one member whose type is a literal of one member.
  const content = /** @type {NamedMember} */ (literal.members[0]);
  const media = /** @type {NamedMember} */ (/** @type {ts.TypeLiteralNode} */ (content.type).members[0]);
  return f.createTypeLiteralNode([withType(content, f.createTypeLiteralNode([withType(media, json)]))]);
}

/**
 * The union of the JSON bodies of the 2xx responses, `void` when none has one.
 * @param {ts.TypeLiteralNode} responses
 * @param {Map<string, ts.TypeNode>} replies
 */
function successBody(responses, replies) {
  /** @type {ts.TypeNode[]} */
  const bodies = [];
  for (const response of /** @type {ts.NodeArray<NamedMember>} */ (responses.members)) {
    const status = Number(nameOf(response));
    if (!(status >= 200 && status < 300) || !response.type) continue;
    const reply = ts.isTypeReferenceNode(response.type) && ts.isIdentifier(response.type.typeName) ? replies.get(response.type.typeName.text) : response.type;
    const content = reply && ts.isTypeLiteralNode(reply) ? memberType(reply, 'content') : undefined;
    const json = content && ts.isTypeLiteralNode(content) ? memberType(content, 'application/json') : undefined;
    if (json) bodies.push(json);
  }
  if (!bodies.length) return f.createKeywordTypeNode(ts.SyntaxKind.VoidKeyword);
  return bodies.length === 1 ? bodies[0] : f.createUnionTypeNode(bodies);
}

/** The first `components[…]` reference under a node, printed, or undefined. @param {ts.Node} node @returns {string | undefined} */
function componentsReference(node) {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && node.typeName.text === 'components') return 'components';
  if (ts.isIndexedAccessTypeNode(node) && componentsReference(node.objectType)) return astText(node);
  return ts.forEachChild(node, componentsReference);
}

const printer = ts.createPrinter();
const blank = ts.createSourceFile('x.ts', '', ts.ScriptTarget.Latest);

/** @param {ts.Node} node */
function astText(node) {
  return printer.printNode(ts.EmitHint.Unspecified, node, blank);
}

/**
 * The names of `named` that the nodes refer to, for an `import type { … }` line.
 * @param {ts.Node[]} nodes
 * @param {Set<string>} named
 */
export function namesUsed(nodes, named) {
  /** @type {Set<string>} */
  const used = new Set();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && named.has(node.typeName.text)) used.add(node.typeName.text);
    ts.forEachChild(node, visit);
  };
  for (const node of nodes) visit(node);
  return [...used].sort();
}
