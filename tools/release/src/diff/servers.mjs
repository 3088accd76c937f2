// Servers, OpenAPI (a list of {url, variables}) or AsyncAPI (named {host, pathname, protocol}, normalised to a URL):
// a base URL that is gone, or a variable value no longer allowed, is reported once per server with the operations
// that were called on it.

/** @import { Place, WalkContext } from './effective-schema.mjs' */
/** @typedef {{url: string, variables?: Record<string, {enum?: string[], default?: string}>}} Server */

/**
 * @param {WalkContext} ctx @param {Place} place the operation @param {Server[]} base @param {Server[]} head
 */
export function compareServers(ctx, place, base, head) {
  const heads = new Map(head.map((s) => [s.url, s]));
  for (const server of base) {
    const id = `server|${server.url}`;
    ctx.graph.shared(id, `server \`${server.url}\``, undefined);
    ctx.graph.link(place.node, id);
    const next = heads.get(server.url);
    if (!next) {
      ctx.graph.add(id, 'server-removed', `server ${server.url}`, `server \`${server.url}\` was removed`);
      continue;
    }
    for (const [name, variable] of Object.entries(server.variables ?? {})) {
      const now = next.variables?.[name];
      const lost = variable.enum && now?.enum ? variable.enum.filter((v) => !now.enum?.includes(v)) : [];
      if (!variable.enum && now?.enum) lost.push('any value but ' + now.enum.join(', '));
      if (lost.length)
        ctx.graph.add(
          id,
          'server-variable-narrowed',
          `server ${server.url} {${name}}`,
          `server \`${server.url}\` variable \`${name}\` no longer accepts ${lost.map((v) => `\`${v}\``).join(', ')}`,
        );
    }
  }
  const bases = new Set(base.map((s) => s.url));
  for (const server of head) {
    if (bases.has(server.url)) continue;
    const id = `server|${server.url}`;
    ctx.graph.shared(id, `server \`${server.url}\``, undefined);
    ctx.graph.link(place.node, id);
    ctx.graph.add(id, 'server-added', `server ${server.url}`, `server \`${server.url}\` was added`);
  }
}
