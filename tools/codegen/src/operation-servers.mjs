// Servers on every operation of the published bundles. The spec declares each family's servers once per path item,
// which OpenAPI resolves for every operation under it; but some importers read servers only on the operation or the
// root (Postman's openapi-to-postmanv2 aims a request at the root's first server unless its operation declares
// servers), so the combined bundle sent every legacy request to the versioned host there. Copying the path item's
// list onto each operation that declares none gives every operation the servers it already had, spelled where those
// tools look: the contract's meaning does not change.
import { HTTP_METHODS } from '@laevitas-api/spec-model';

/** @import { SpecDocument, SpecNode } from '@laevitas-api/spec-model' */

/**
 * A copy of the document whose operations each carry their path item's servers (an operation's own list is kept).
 * @param {SpecDocument} document
 * @returns {SpecDocument}
 */
export function withOperationServers(document) {
  /** @type {Record<string, SpecNode>} */
  const paths = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item?.servers) {
      paths[path] = item;
      continue;
    }
    /** @type {SpecNode} */
    const copy = {};
    for (const [key, value] of Object.entries(item)) {
      copy[key] = HTTP_METHODS.includes(key) && value && !value.servers ? { ...value, servers: structuredClone(item.servers) } : value;
    }
    paths[path] = copy;
  }
  return { ...document, paths };
}
