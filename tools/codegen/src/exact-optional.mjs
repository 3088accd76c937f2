// Under `exactOptionalPropertyTypes`, `limit?: number` refuses `{ limit: undefined }`, yet the client and the
// validators drop an undefined parameter or body field before anything goes on the wire (url.ts skips it, JSON has no
// undefined). What a caller sends (query, header and cookie parameters, request bodies and every schema they reach)
// therefore gets `?: T | undefined`. Response types keep `?: T`: a response never carries an explicit undefined.
import ts from 'typescript';

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
  const schemaTypes = new Map(schemas && ts.isTypeLiteralNode(schemas) ? schemas.members.map((m) => [nameOf(m), m.type]) : []);

  // Component schemas a request body reaches, directly or through other schemas.
  const sent = new Set();
  const queue = [];
  for (const operation of operations?.members ?? []) {
    const body = memberType(operation, 'requestBody');
    if (body) collectSchemaRefs(body, queue);
  }
  while (queue.length) {
    const name = queue.pop();
    if (sent.has(name) || !schemaTypes.has(name)) continue;
    sent.add(name);
    collectSchemaRefs(schemaTypes.get(name), queue);
  }

  return nodes.map((node) => {
    if (node === operations) return rewriteMembers(node, (operation) => rewriteOperation(operation));
    if (node === components) {
      return rewriteMembers(node, (group) =>
        nameOf(group) === 'schemas' ? rewriteTypeOf(group, (literal) => rewriteMembers(literal, (schema) => (sent.has(nameOf(schema)) ? deepOptionalUndefined(schema) : schema))) : group,
      );
    }
    return node;
  });
}

function rewriteOperation(operation) {
  return rewriteTypeOf(operation, (literal) =>
    rewriteMembers(literal, (member) => {
      if (nameOf(member) === 'requestBody') return deepOptionalUndefined(member);
      if (nameOf(member) !== 'parameters') return member;
      return rewriteTypeOf(member, (locations) =>
        rewriteMembers(locations, (location) => {
          if (!SENT_PARAMETER_LOCATIONS.has(nameOf(location)) || !location.type || !ts.isTypeLiteralNode(location.type)) return location;
          const params = rewriteTypeOf(location, (params) => rewriteMembers(params, withUndefined));
          return withUndefined(params);
        }),
      );
    }),
  );
}

/** Every optional property at any depth of a member's type accepts undefined. */
function deepOptionalUndefined(member) {
  const [result] = ts.transform(member, [
    (context) => {
      const visit = (node) => {
        const visited = ts.visitEachChild(node, visit, context);
        return ts.isPropertySignature(visited) ? withUndefined(visited) : visited;
      };
      return (root) => ts.visitEachChild(root, visit, context);
    },
  ]).transformed;
  return result;
}

function withUndefined(property) {
  if (!ts.isPropertySignature(property) || !property.questionToken || !property.type) return property;
  const type = property.type;
  if (type.kind === ts.SyntaxKind.NeverKeyword || acceptsUndefined(type)) return property;
  const union = f.createUnionTypeNode([...(ts.isUnionTypeNode(type) ? type.types : [type]), f.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword)]);
  return copyComments(property, f.updatePropertySignature(property, property.modifiers, property.name, property.questionToken, union));
}

function acceptsUndefined(type) {
  const isUndefined = (t) => t.kind === ts.SyntaxKind.UndefinedKeyword || t.kind === ts.SyntaxKind.UnknownKeyword || t.kind === ts.SyntaxKind.AnyKeyword;
  return isUndefined(type) || (ts.isUnionTypeNode(type) && type.types.some(isUndefined));
}

/** Collects `X` of every `components["schemas"]["X"]` inside a type. */
function collectSchemaRefs(type, out) {
  const visit = (node) => {
    if (ts.isIndexedAccessTypeNode(node) && ts.isIndexedAccessTypeNode(node.objectType)) {
      const inner = node.objectType;
      if (ts.isTypeReferenceNode(inner.objectType) && inner.objectType.typeName.escapedText === 'components' && literalOf(inner.indexType) === 'schemas') {
        const name = literalOf(node.indexType);
        if (name) out.push(name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(type);
}

function literalOf(node) {
  return ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal) ? node.literal.text : undefined;
}

function isInterface(node, name) {
  return ts.isInterfaceDeclaration(node) && node.name.escapedText === name;
}

function nameOf(member) {
  const name = member?.name;
  if (!name) return undefined;
  return ts.isIdentifier(name) ? name.escapedText : ts.isStringLiteral(name) ? name.text : undefined;
}

/** The type of member `name` of an interface, a type literal or a property whose type is a type literal. */
function memberType(container, name) {
  const literal = container && ts.isPropertySignature(container) ? container.type : container;
  return literal?.members?.find((m) => nameOf(m) === name)?.type;
}

function rewriteTypeOf(property, rewrite) {
  if (!ts.isPropertySignature(property) || !property.type || !ts.isTypeLiteralNode(property.type)) return property;
  const type = rewrite(property.type);
  return type === property.type ? property : copyComments(property, f.updatePropertySignature(property, property.modifiers, property.name, property.questionToken, type));
}

function rewriteMembers(container, rewrite) {
  const members = container.members.map(rewrite);
  if (members.every((m, i) => m === container.members[i])) return container;
  if (ts.isInterfaceDeclaration(container)) {
    return copyComments(container, f.updateInterfaceDeclaration(container, container.modifiers, container.name, container.typeParameters, container.heritageClauses, members));
  }
  return f.updateTypeLiteralNode(container, f.createNodeArray(members));
}

/** openapi-typescript attaches JSDoc as synthetic comments; an updated node must keep them. */
function copyComments(from, to) {
  const leading = ts.getSyntheticLeadingComments(from);
  if (leading && to !== from) ts.setSyntheticLeadingComments(to, leading);
  return to;
}
