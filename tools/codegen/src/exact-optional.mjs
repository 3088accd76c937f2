// Under `exactOptionalPropertyTypes`, `limit?: number` refuses `{ limit: undefined }`, yet the client and the
// validators drop an undefined parameter or body field before anything goes on the wire (url.ts skips it, JSON has no
// undefined). What a caller sends (query, header and cookie parameters, request bodies and every schema they reach)
// therefore gets `?: T | undefined`. Response types keep `?: T`: a response never carries an explicit undefined.
import ts from 'typescript';
import { memberType, nameOf } from './ts-members.mjs';

const f = ts.factory;
const SENT_PARAMETER_LOCATIONS = new Set(['query', 'header', 'cookie']);

/**
 * Rewrites openapi-typescript's nodes: optional request-side members accept an explicit `undefined`.
 * @param {readonly ts.Node[]} nodes the output of `openapiTS()`
 * @returns {ts.Node[]}
 */
export function acceptExplicitUndefined(nodes) {
  const operations = nodes.find((node) => isInterface(node, 'operations'));
  const components = nodes.find((node) => isInterface(node, 'components'));
  const schemas = memberType(components, 'schemas');
  const schemaTypes = new Map(
    schemas && ts.isTypeLiteralNode(schemas) ? schemas.members.map((m) => [nameOf(m), /** @type {ts.PropertySignature} */ (m).type]) : [],
  );

  // Component schemas a request body reaches, directly or through other schemas.
  /** @type {Set<string | undefined>} */
  const sent = new Set();
  /** @type {string[]} */
  const queue = [];
  for (const operation of operations?.members ?? []) {
    const body = memberType(operation, 'requestBody');
    if (body) collectSchemaRefs(body, queue);
  }
  while (queue.length) {
    const name = queue.pop();
    if (sent.has(name) || !schemaTypes.has(name)) continue;
    sent.add(name);
    collectSchemaRefs(/** @type {ts.TypeNode} the `has` above */ (schemaTypes.get(name)), queue);
  }

  return nodes.map((node) => {
    if (node === operations) return rewriteMembers(operations, (operation) => rewriteOperation(operation));
    if (node === components) {
      return rewriteMembers(components, (group) =>
        nameOf(group) === 'schemas'
          ? rewriteTypeOf(group, (literal) => rewriteMembers(literal, (schema) => (sent.has(nameOf(schema)) ? deepOptionalUndefined(schema) : schema)))
          : group,
      );
    }
    return node;
  });
}

/** @param {ts.TypeElement} operation */
function rewriteOperation(operation) {
  return rewriteTypeOf(operation, (literal) =>
    rewriteMembers(literal, (member) => {
      if (nameOf(member) === 'requestBody') return deepOptionalUndefined(member);
      if (nameOf(member) !== 'parameters') return member;
      return rewriteTypeOf(member, (locations) =>
        rewriteMembers(locations, (location) => {
          if (
            !SENT_PARAMETER_LOCATIONS.has(/** @type {string} */ (nameOf(location))) ||
            !ts.isPropertySignature(location) ||
            !location.type ||
            !ts.isTypeLiteralNode(location.type)
          )
            return location;
          const params = rewriteTypeOf(location, (params) => rewriteMembers(params, withUndefined));
          return withUndefined(params);
        }),
      );
    }),
  );
}

/**
 * Every optional property at any depth of a member's type accepts undefined.
 * @param {ts.TypeElement} member
 * @returns {ts.TypeElement}
 */
function deepOptionalUndefined(member) {
  const [result] = ts.transform(member, [
    (context) => {
      /** @type {(node: ts.Node) => ts.Node} */
      const visit = (node) => {
        const visited = ts.visitEachChild(node, visit, context);
        return ts.isPropertySignature(visited) ? withUndefined(visited) : visited;
      };
      return (root) => ts.visitEachChild(root, visit, context);
    },
  ]).transformed;
  return /** @type {ts.TypeElement} one node in, one out */ (result);
}

/**
 * @param {ts.TypeElement} property
 * @returns {ts.TypeElement}
 */
function withUndefined(property) {
  if (!ts.isPropertySignature(property) || !property.questionToken || !property.type) return property;
  const type = property.type;
  if (type.kind === ts.SyntaxKind.NeverKeyword || acceptsUndefined(type)) return property;
  const union = f.createUnionTypeNode([...(ts.isUnionTypeNode(type) ? type.types : [type]), f.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword)]);
  return copyComments(property, f.updatePropertySignature(property, property.modifiers, property.name, property.questionToken, union));
}

/** @param {ts.TypeNode} type */
function acceptsUndefined(type) {
  const isUndefined = (/** @type {ts.TypeNode} */ t) =>
    t.kind === ts.SyntaxKind.UndefinedKeyword || t.kind === ts.SyntaxKind.UnknownKeyword || t.kind === ts.SyntaxKind.AnyKeyword;
  return isUndefined(type) || (ts.isUnionTypeNode(type) && type.types.some(isUndefined));
}

/**
 * Collects `X` of every `components["schemas"]["X"]` inside a type.
 * @param {ts.Node} type
 * @param {string[]} out
 */
function collectSchemaRefs(type, out) {
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isIndexedAccessTypeNode(node) && ts.isIndexedAccessTypeNode(node.objectType)) {
      const inner = node.objectType;
      const typeName = ts.isTypeReferenceNode(inner.objectType) ? inner.objectType.typeName : undefined;
      if (typeName && ts.isIdentifier(typeName) && typeName.escapedText === 'components' && literalOf(inner.indexType) === 'schemas') {
        const name = literalOf(node.indexType);
        if (name) out.push(name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(type);
}

/** @param {ts.TypeNode} node */
function literalOf(node) {
  return ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
}

/**
 * @param {ts.Node} node
 * @param {string} name
 * @returns {node is ts.InterfaceDeclaration}
 */
function isInterface(node, name) {
  return ts.isInterfaceDeclaration(node) && node.name.escapedText === name;
}

/**
 * @param {ts.TypeElement} property
 * @param {(literal: ts.TypeLiteralNode) => ts.TypeNode} rewrite
 * @returns {ts.TypeElement}
 */
function rewriteTypeOf(property, rewrite) {
  if (!ts.isPropertySignature(property) || !property.type || !ts.isTypeLiteralNode(property.type)) return property;
  const type = rewrite(property.type);
  return type === property.type
    ? property
    : copyComments(property, f.updatePropertySignature(property, property.modifiers, property.name, property.questionToken, type));
}

/**
 * @template {ts.InterfaceDeclaration | ts.TypeLiteralNode} C
 * @param {C} container
 * @param {(member: ts.TypeElement) => ts.TypeElement} rewrite
 * @returns {C}
 */
function rewriteMembers(container, rewrite) {
  const members = container.members.map(rewrite);
  if (members.every((m, i) => m === container.members[i])) return container;
  if (ts.isInterfaceDeclaration(container)) {
    return /** @type {C} */ (
      copyComments(
        container,
        f.updateInterfaceDeclaration(container, container.modifiers, container.name, container.typeParameters, container.heritageClauses, members),
      )
    );
  }
  return /** @type {C} */ (f.updateTypeLiteralNode(/** @type {ts.TypeLiteralNode} */ (container), f.createNodeArray(members)));
}

/**
 * openapi-typescript attaches JSDoc as synthetic comments; an updated node must keep them.
 * @template {ts.Node} N
 * @param {N} from
 * @param {N} to
 * @returns {N}
 */
function copyComments(from, to) {
  const leading = ts.getSyntheticLeadingComments(from);
  if (leading && to !== from) ts.setSyntheticLeadingComments(to, leading);
  return to;
}
