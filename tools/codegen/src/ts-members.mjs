// Reading openapi-typescript's AST: the name of a member and the type of a named member. One copy for the transforms
// that walk it (direct-refs, exact-optional, signatures).
import ts from 'typescript';

/**
 * The name of an interface or type-literal member: an identifier, a quoted name, or a number (a status code).
 * @param {ts.Node | undefined} member
 * @returns {string | undefined}
 */
export function nameOf(member) {
  const name = /** @type {{name?: ts.Node} | undefined} */ (member)?.name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) ? name.text : undefined;
}

/**
 * The type of member `name` of an interface, a type literal or a property whose type is a type literal.
 * @param {ts.Node | undefined} container
 * @param {string} name
 * @returns {ts.TypeNode | undefined}
 */
export function memberType(container, name) {
  const literal = /** @type {{members?: ts.NodeArray<ts.TypeElement>} | undefined} */ (
    container && ts.isPropertySignature(container) ? container.type : container
  );
  return /** @type {ts.PropertySignature | undefined} */ (literal?.members?.find((m) => nameOf(m) === name))?.type;
}
