// Security, per operation: its requirements (the declared ones plus `x-auth-alternatives`, as generators read them
// through codegen's securityOf) and the definitions of the schemes they name.
import { securityOf } from '@laevitas-api/spec-model';
import { deref } from './deref.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { Place, WalkContext } from './effective-schema.mjs' */

const show2 = (/** @type {string} */ v) => (v ? `\`${v}\`` : '(none)');

/**
 * Each way a request could be authorized before must still be enough: for every base alternative, some head
 * alternative asks for no scheme (and no scope) beyond it. Inherited document-level security is reported once, at
 * the document; a scheme whose definition changed is reported once, at the scheme.
 * @param {WalkContext} ctx @param {Place} place the operation @param {SpecNode} b @param {SpecNode} h the operation on each side
 */
export function compareSecurity(ctx, place, b, h) {
  const bs = securityOf(b, ctx.bd);
  const hs = securityOf(h, ctx.hd);
  const inherited = !b.security && !h.security && !b['x-auth-alternatives'] && !h['x-auth-alternatives'];
  let where = place;
  if (inherited) {
    ctx.graph.shared('security|document', 'document security', '#/security');
    ctx.graph.link(place.node, 'security|document');
    where = { node: 'security|document', subject: 'document security' };
  }
  const show = (/** @type {Record<string, string[]>} */ alt) => (Object.keys(alt).length ? Object.keys(alt).join(' + ') : 'no credentials');
  const covers = (/** @type {Record<string, string[]>} */ headAlt, /** @type {Record<string, string[]>} */ baseAlt) =>
    Object.entries(headAlt).every(([scheme, scopes]) => {
      const granted = baseAlt[scheme];
      return granted && scopes.every((s) => granted.includes(s));
    });
  const baseAlts = bs.length ? bs : [{}];
  const headAlts = hs.length ? hs : [{}];
  for (const alt of baseAlts) {
    if (!headAlts.some((next) => covers(next, alt)))
      ctx.graph.add(
        where.node,
        'security-narrowed',
        `${where.subject} ${show(alt)}`,
        `${where.subject || 'the operation'}: a request authorized by ${show(alt)} is no longer accepted (now: ${headAlts.map(show).join(' or ')})`,
      );
  }
  for (const alt of headAlts)
    if (!baseAlts.some((old) => covers(alt, old)))
      ctx.graph.add(where.node, 'security-widened', `${where.subject} ${show(alt)}`, `${where.subject || 'the operation'} also accepts ${show(alt)}`);
  // The schemes both sides still use: their definitions must not move (header name, type, scheme).
  for (const scheme of new Set(baseAlts.flatMap((a) => Object.keys(a)))) {
    const bd = ctx.bd.components?.securitySchemes?.[scheme];
    const hd = ctx.hd.components?.securitySchemes?.[scheme];
    if (!bd || !hd) continue;
    const id = `scheme|${scheme}`;
    ctx.graph.shared(id, `security scheme ${scheme}`, `#/components/securitySchemes/${scheme}`);
    ctx.graph.link(place.node, id);
    if (ctx.walked.has(id)) continue;
    ctx.walked.add(id);
    for (const keyword of ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl']) {
      const [was, now] = [String(deref(ctx.bd, bd)[keyword] ?? ''), String(deref(ctx.hd, hd)[keyword] ?? '')];
      if (keyword === 'name' ? was.toLowerCase() !== now.toLowerCase() : was !== now)
        ctx.graph.add(id, 'security-scheme-changed', `security scheme ${scheme}`, `security scheme ${scheme}: ${keyword} ${show2(was)} → ${show2(now)}`);
    }
  }
}
