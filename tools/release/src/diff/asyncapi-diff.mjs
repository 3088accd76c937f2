// The streams' AsyncAPI 3 document (spec/asyncapi.yaml), compared with the same graph and schema walker as the HTTP
// API. Direction follows the operation's action, read from the gateway's side: `send` (the gateway sends, a client
// receives) is a response; `receive` (a client sends: subscribe, ping) is a request, and its `reply` a response.
// Channel parameters are what a client writes into a channel name: requests. Messages no operation names are
// compared as received. Each AsyncAPI operation is a root of the report (channels no operation uses are roots of
// their own, `channel <id>`).
import { deref } from './deref.mjs';
import { ChangeGraph } from './change-graph.mjs';
import { compareSchema, show } from './compare-schema.mjs';
import { at, componentPlace, pureRef } from './effective-schema.mjs';
import { summarize } from './openapi-diff.mjs';
import { compareServers } from './servers.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { Place, WalkContext } from './effective-schema.mjs' */
/** @typedef {'request' | 'response'} Direction */

/**
 * @param {SpecNode} baseDoc @param {SpecNode} headDoc
 * @returns {import('./openapi-diff.mjs').Diff}
 */
export function diffAsyncApi(baseDoc, headDoc) {
  const graph = new ChangeGraph();
  const walked = new Set();
  /** @type {(dir: Direction) => WalkContext} */
  const ctxOf = (dir) => ({ dir, graph, bd: baseDoc, hd: headDoc, walked, clean: () => false }); // small: walked whole
  const bChannels = channelsOf(baseDoc);
  const hChannels = channelsOf(headDoc);
  const bOps = baseDoc.operations ?? {};
  const hOps = headDoc.operations ?? {};
  /** @type {Set<string>} channel messages some operation names, `channel/key` */
  const used = new Set();
  /** @type {string[]} */
  const roots = [];

  for (const [id, rawOp] of Object.entries(bOps)) {
    const op = deref(baseDoc, rawOp);
    const node = graph.operation(`operation ${id}`, id);
    roots.push(node);
    const place = { node, subject: `operation ${id}` };
    const next = hOps[id] && deref(headDoc, hOps[id]);
    const channel = channelIdOf(op.channel);
    if (!next) {
      graph.add(node, 'operation-removed', place.subject, `stream operation ${id} (${op.action} on channel ${channel}) was removed`);
      continue;
    }
    if (op.action !== next.action) graph.add(node, 'operation-action-changed', place.subject, `${place.subject}: action ${op.action} → ${next.action}`);
    const dir = op.action === 'send' ? 'response' : 'request';
    if (channel) compareChannel(ctxOf('request'), place, channel);
    compareOperationMessages(ctxOf(dir), place, op.messages ?? [], next.messages ?? [], `${place.subject} message`);
    if (op.reply) {
      const replyChannel = channelIdOf(op.reply.channel);
      if (replyChannel && replyChannel !== channel) compareChannel(ctxOf('request'), place, replyChannel);
      compareOperationMessages(ctxOf('response'), place, op.reply.messages ?? [], next.reply?.messages ?? [], `${place.subject} reply`);
    }
  }
  for (const id of Object.keys(hOps))
    if (!(id in bOps)) graph.add(graph.operation(`operation ${id}`, id), 'operation-added', `operation ${id}`, `stream operation ${id} was added`);

  // Channels no operation uses are roots of their own; messages no operation names are compared as received.
  const referenced = new Set(Object.values(bOps).flatMap((raw) => [channelIdOf(deref(baseDoc, raw).channel), channelIdOf(deref(baseDoc, raw).reply?.channel)]));
  for (const [id, b] of bChannels) {
    /** @type {Place} */
    let from = { node: `channel|${id}`, subject: `channel ${id}` };
    graph.shared(from.node, `channel ${id}`, `#/channels/${id}`);
    if (!referenced.has(id)) {
      from = { node: graph.operation(`channel ${id}`, `channel ${id}`), subject: `channel ${id}` };
      roots.push(from.node);
      compareChannel(ctxOf('request'), from, id);
    }
    if (!hChannels.has(id)) continue;
    for (const [key, raw] of Object.entries(b.messages)) if (!used.has(`${id}/${key}`)) compareMessage(ctxOf('response'), from, id, key, raw);
  }
  for (const [id, h] of hChannels)
    if (!bChannels.has(id))
      graph.add(graph.operation(`channel ${id}`, `channel ${id}`), 'channel-added', `channel ${id}`, `channel \`${h.address ?? id}\` was added`);

  const bServers = serversOf(baseDoc);
  const hServers = serversOf(headDoc);
  for (const root of roots) compareServers(ctxOf('request'), { node: root, subject: '' }, bServers, hServers);
  compareServerSecurity(ctxOf('request'), roots, baseDoc, headDoc);
  return summarize(graph.changes());

  /**
   * A channel: address, parameters (requests), messages added. Once per channel.
   * @param {WalkContext} ctx @param {Place} from @param {string} id
   */
  function compareChannel(ctx, from, id) {
    const b = bChannels.get(id);
    if (!b) return;
    const node = `channel|${id}`;
    ctx.graph.shared(node, `channel ${id}`, `#/channels/${id}`);
    ctx.graph.link(from.node, node);
    if (ctx.walked.has(node)) return;
    ctx.walked.add(node);
    const place = { node, subject: `channel \`${b.address ?? id}\`` };
    const h = hChannels.get(id);
    if (!h) return void ctx.graph.add(node, 'channel-removed', place.subject, `${place.subject} was removed`);
    if ((b.address ?? null) !== (h.address ?? null))
      ctx.graph.add(node, 'channel-address-changed', place.subject, `channel ${id}: address ${show(b.address)} → ${show(h.address)}`);
    for (const [name, raw] of Object.entries(b.parameters ?? {})) {
      const next = h.parameters?.[name];
      const label = `${place.subject} parameter \`${name}\``;
      if (next === undefined) ctx.graph.add(node, 'channel-parameter-removed', label, `${label} was removed`);
      else compareSchema(ctx, { node, subject: label }, parameterSchema(baseDoc, raw), parameterSchema(headDoc, next));
    }
    for (const key of Object.keys(h.messages))
      if (!(key in b.messages)) ctx.graph.add(node, 'message-added', `${place.subject} ${key}`, `${place.subject} message \`${key}\` was added`);
  }

  /**
   * The messages an operation (or its reply) names, by channel message; each compared in the operation's direction.
   * @param {WalkContext} ctx @param {Place} place @param {any[]} base @param {any[]} head @param {string} what
   */
  function compareOperationMessages(ctx, place, base, head, what) {
    const heads = new Set(head.map((m) => m.$ref));
    for (const ref of base.map((m) => m.$ref)) {
      const parts = messageRefParts(ref);
      if (!parts) continue;
      const [channel, key] = parts;
      used.add(`${channel}/${key}`);
      if (!heads.has(ref) && hChannels.get(channel)?.messages[key]) {
        ctx.graph.add(place.node, 'message-removed', `${what} ${key}`, `${what} \`${key}\` is no longer ${ctx.dir === 'request' ? 'accepted' : 'sent'}`);
        continue;
      }
      const raw = bChannels.get(channel)?.messages[key];
      if (raw) compareMessage(ctx, place, channel, key, raw);
    }
  }

  /**
   * One message (contentType, payload, headers), at its component when it is a shared one.
   * @param {WalkContext} ctx @param {Place} from @param {string} channel @param {string} key @param {any} raw
   */
  function compareMessage(ctx, from, channel, key, raw) {
    const ref = pureRef(raw) ?? `#/channels/${channel}/messages/${key}`;
    const nextRaw = hChannels.get(channel)?.messages[key];
    const place = componentPlace(ctx, from, ref, nextRaw ? (pureRef(nextRaw) ?? `#/channels/${channel}/messages/${key}`) : ref);
    place.subject = `message ${place.subject}`;
    if (!nextRaw) return void ctx.graph.add(place.node, 'message-removed', place.subject, `${place.subject} was removed from channel ${channel}`);
    if (ctx.walked.has(place.node)) return;
    ctx.walked.add(place.node);
    const b = deref(baseDoc, raw);
    const h = deref(headDoc, nextRaw);
    const [bt, ht] = [b.contentType ?? baseDoc.defaultContentType, h.contentType ?? headDoc.defaultContentType];
    if (bt !== ht) ctx.graph.add(place.node, 'message-content-type-changed', place.subject, `${place.subject}: content type ${show(bt)} → ${show(ht)}`);
    compareSchema(ctx, at(place, ' payload'), b.payload, h.payload);
    compareSchema(ctx, at(place, ' headers'), b.headers, h.headers);
  }
}

/** AsyncAPI 3 parameters are schema-like (enum, default); a 2.x parameter wraps a `schema`. @param {SpecNode} doc @param {any} raw */
const parameterSchema = (doc, raw) => (deref(doc, raw)?.schema ? deref(doc, raw).schema : raw);

/** `{$ref: '#/channels/trades'}` → `trades`. @param {any} ref */
const channelIdOf = (ref) => (typeof ref?.$ref === 'string' ? decode(ref.$ref.replace(/^#\/channels\//, '')) : undefined);
/** `#/channels/control/messages/pingRequest` → [control, pingRequest]; undefined for any other reference. @param {string} ref  @returns {[channel: string, key: string] | undefined} */
function messageRefParts(ref) {
  const [, channel, key] = /^#\/channels\/([^/]+)\/messages\/([^/]+)$/.exec(ref ?? '') ?? [];
  return channel !== undefined && key !== undefined ? [decode(channel), decode(key)] : undefined;
}
const decode = (/** @type {string} */ s) => s.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * Channel id → {address, parameters, messages (key → raw message)}; an AsyncAPI 2 channel's publish/subscribe
 * messages are keyed `publish`/`subscribe`.
 * @param {SpecNode} document
 */
function channelsOf(document) {
  /** @type {Map<string, {address: string | undefined, parameters: Record<string, any>, messages: Record<string, any>}>} */
  const map = new Map();
  for (const [id, raw] of Object.entries(document.channels ?? {})) {
    const channel = deref(document, raw);
    const messages = { ...(channel.messages ?? {}) };
    for (const verb of ['publish', 'subscribe']) if (channel[verb]?.message) messages[verb] = channel[verb].message;
    map.set(id, { address: channel.address ?? (document.asyncapi?.startsWith('2') ? id : undefined), parameters: channel.parameters ?? {}, messages });
  }
  return map;
}

/** Servers as URLs (`wss://{v2_host}/ws`), each with its variables. @param {SpecNode} document */
function serversOf(document) {
  return Object.values(document.servers ?? {}).map((raw) => {
    const s = deref(document, raw);
    return { url: s.url ?? `${s.protocol}://${s.host}${s.pathname ?? ''}`, variables: s.variables, security: s.security ?? [] };
  });
}

/**
 * Every way to authenticate on a server that still exists must still be accepted, and each scheme still used must
 * be read the same way (query or header, name). Reported at the server (or the scheme), reaching every root.
 * @param {WalkContext} ctx @param {string[]} roots @param {SpecNode} baseDoc @param {SpecNode} headDoc
 */
function compareServerSecurity(ctx, roots, baseDoc, headDoc) {
  const heads = new Map(serversOf(headDoc).map((s) => [s.url, s]));
  const name = (/** @type {SpecNode} */ doc, /** @type {any} */ raw) => pureRef(raw)?.split('/').pop() ?? deref(doc, raw)?.name ?? JSON.stringify(raw);
  for (const server of serversOf(baseDoc)) {
    const next = heads.get(server.url);
    if (!next) continue;
    const id = `server|${server.url}`;
    const before = server.security.map((/** @type {any} */ s) => name(baseDoc, s));
    const after = next.security.map((/** @type {any} */ s) => name(headDoc, s));
    if (after.length)
      for (const scheme of before.filter((/** @type {string} */ s) => !after.includes(s)))
        ctx.graph.add(id, 'security-narrowed', `server ${server.url} ${scheme}`, `server \`${server.url}\` no longer accepts ${scheme}`);
    for (const scheme of after.filter((/** @type {string} */ s) => !before.includes(s)))
      ctx.graph.add(id, 'security-widened', `server ${server.url} ${scheme}`, `server \`${server.url}\` also accepts ${scheme}`);
  }
  for (const [scheme, raw] of Object.entries(baseDoc.components?.securitySchemes ?? {})) {
    const next = headDoc.components?.securitySchemes?.[scheme];
    if (!next) continue;
    const id = `scheme|${scheme}`;
    ctx.graph.shared(id, `security scheme ${scheme}`, `#/components/securitySchemes/${scheme}`);
    for (const root of roots) ctx.graph.link(root, id);
    const [b, h] = [deref(baseDoc, raw), deref(headDoc, next)];
    for (const keyword of ['type', 'in', 'name', 'scheme'])
      if (String(b[keyword] ?? '') !== String(h[keyword] ?? ''))
        ctx.graph.add(
          id,
          'security-scheme-changed',
          `security scheme ${scheme}`,
          `security scheme ${scheme}: ${keyword} ${show(b[keyword])} → ${show(h[keyword])}`,
        );
  }
}
