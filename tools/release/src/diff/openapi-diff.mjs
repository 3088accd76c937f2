// What every HTTP operation accepts (parameters, request bodies, security, servers) and returns (every status, every
// media type, headers), compared between two bundled OpenAPI 3.1 documents through compare-schema.mjs. Shared
// components (parameters, request bodies, responses, headers, schemas, security schemes, servers) are graph nodes:
// each change is reported once, at the component, with the operations that reach it.
import { rawOperationsOf } from '@laevitas-api/spec-model';
import { deref } from './deref.mjs';
import { ChangeGraph } from './change-graph.mjs';
import { compareSchema, show } from './compare-schema.mjs';
import { at, componentPlace, pureRef } from './effective-schema.mjs';
import { compareSecurity } from './security.mjs';
import { compareServers } from './servers.mjs';
import { cleanUnits } from './unchanged.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { Change } from './change-graph.mjs' */
/** @import { Place, WalkContext } from './effective-schema.mjs' */
/** @typedef {{changes: Change[], breaking: Change[], additive: Change[]}} Diff */
/** @typedef {{op: SpecNode, pathItem: SpecNode, path: string}} OperationEntry */

/** @param {Change[]} changes @returns {Diff} */
export const summarize = (changes) => ({ changes, breaking: changes.filter((c) => c.breaking), additive: changes.filter((c) => !c.breaking) });

/**
 * @param {SpecNode} baseDoc @param {SpecNode} headDoc
 * @returns {Diff}
 */
export function diffSpecs(baseDoc, headDoc) {
  const graph = new ChangeGraph();
  const walked = new Set();
  const clean = cleanUnits(baseDoc, headDoc);
  /** @type {(dir: 'request' | 'response') => WalkContext} */
  const ctxOf = (dir) => ({ dir, graph, bd: baseDoc, hd: headDoc, walked, clean });
  // An operation whose path item (and all it references) is the same, under the same servers and security, holds no change.
  const globals = (/** @type {SpecNode} */ d) => JSON.stringify([d.servers, d.security, d['x-auth-alternatives'], d.components?.securitySchemes]);
  const sameGlobals = globals(baseDoc) === globals(headDoc);
  const request = ctxOf('request');
  const response = ctxOf('response');
  const base = operationsByKey(baseDoc);
  const head = operationsByKey(headDoc);
  for (const [key, b] of base) {
    const h = head.get(key);
    if (h && sameGlobals && clean(`#/paths/${b.path.replaceAll('~', '~0').replaceAll('/', '~1')}`)) continue;
    const node = graph.operation(key, (h ?? b).op.operationId ?? key);
    /** @type {Place} */
    const place = { node, subject: '' };
    if (!h) {
      graph.add(node, 'operation-removed', key, `operation ${b.op.operationId} (${key}) was removed`);
      continue;
    }
    if (b.op.operationId !== h.op.operationId) graph.add(node, 'operation-renamed', key, `operationId ${b.op.operationId} was renamed to ${h.op.operationId}`);
    compareParameters(request, place, b, h);
    compareRequestBody(request, place, b, h);
    compareResponses(response, place, b, h);
    compareSecurity(request, place, b.op, h.op);
    compareServers(request, place, serversOf(baseDoc, b), serversOf(headDoc, h));
  }
  for (const [key, h] of head) {
    if (base.has(key)) continue;
    graph.add(graph.operation(key, h.op.operationId ?? key), 'operation-added', key, `operation ${h.op.operationId} (${key}) was added`);
  }
  return summarize(graph.changes());
}

/**
 * A shared object (parameter, request body, response, header) entered from `place`: its component node when either
 * side references one, compared once per direction.
 * @param {WalkContext} ctx @param {Place} place @param {any} rawBase @param {any} rawHead @param {(label: string) => string} subject
 * @returns {{place: Place, b: SpecNode, h: SpecNode} | undefined} undefined when that component was compared already
 */
function enter(ctx, place, rawBase, rawHead, subject) {
  const b = deref(ctx.bd, rawBase);
  const h = deref(ctx.hd, rawHead);
  const baseRef = pureRef(rawBase);
  const headRef = pureRef(rawHead);
  if (!baseRef && !headRef) return { place: { node: place.node, subject: subject('') }, b, h };
  if (baseRef && baseRef === headRef && ctx.clean(baseRef)) return undefined;
  const shared = componentPlace(ctx, place, baseRef, headRef);
  if (ctx.walked.has(shared.node)) return undefined;
  ctx.walked.add(shared.node);
  return { place: { node: shared.node, subject: subject(shared.subject) }, b, h };
}

/** @param {WalkContext} ctx @param {Place} place @param {OperationEntry} b @param {OperationEntry} h */
function compareParameters(ctx, place, b, h) {
  const bp = paramsOf(ctx.bd, b);
  const hp = paramsOf(ctx.hd, h);
  for (const [pk, { raw, param }] of bp) {
    const next = hp.get(pk);
    const name = `${param.in} parameter \`${param.name}\``;
    if (!next) {
      const renamed = [...hp.keys()].filter((k) => !bp.has(k) && k.startsWith(`${param.in}:`)).map((k) => k.split(':')[1]);
      ctx.graph.add(place.node, 'parameter-removed', name, `${name} was removed${renamed.length ? ` (renamed to \`${renamed.join('` or `')}\`?)` : ''}`);
      continue;
    }
    const entered = enter(ctx, place, raw, next.raw, (label) => (label ? `${label} (${name})` : name));
    if (!entered) continue;
    const { place: at, b: bParam, h: hParam } = entered;
    if (!bParam.required && hParam.required) ctx.graph.add(at.node, 'parameter-required', at.subject, `${at.subject} became required`);
    for (const keyword of ['style', 'explode', 'allowReserved']) {
      if (String(bParam[keyword]) !== String(hParam[keyword]))
        ctx.graph.add(at.node, 'parameter-serialization-changed', at.subject, `${at.subject}: ${keyword} ${show(bParam[keyword])} → ${show(hParam[keyword])}`);
    }
    compareSchema(ctx, at, bParam.schema, hParam.schema);
    for (const [type, media] of Object.entries(bParam.content ?? {})) compareSchema(ctx, at, media.schema, hParam.content?.[type]?.schema);
  }
  for (const [pk, { param }] of hp) {
    if (bp.has(pk)) continue;
    const name = `${param.in} parameter \`${param.name}\``;
    if (param.required) ctx.graph.add(place.node, 'parameter-required', name, `new required ${name}`);
    else ctx.graph.add(place.node, 'parameter-added', name, `new optional ${name}`);
  }
}

/** @param {WalkContext} ctx @param {Place} place @param {OperationEntry} b @param {OperationEntry} h */
function compareRequestBody(ctx, place, b, h) {
  if (!h.op.requestBody) return;
  if (!b.op.requestBody) {
    if (deref(ctx.hd, h.op.requestBody)?.required) ctx.graph.add(place.node, 'request-body-required', 'request body', 'a required request body was added');
    return;
  }
  const entered = enter(ctx, place, b.op.requestBody, h.op.requestBody, (label) => (label ? `${label} (request body)` : 'request body'));
  if (!entered) return;
  const { place: where, b: bb, h: hb } = entered;
  if (!bb.required && hb.required)
    ctx.graph.add(
      where.node,
      'request-body-required',
      where.subject,
      `${where.subject === 'request body' ? 'the request body' : where.subject} became required`,
    );
  for (const [type, media] of Object.entries(/** @type {Record<string, SpecNode>} */ (bb.content ?? {}))) {
    const next = hb.content?.[type];
    if (!next) ctx.graph.add(where.node, 'request-media-removed', where.subject, `request content type ${type} is no longer accepted`);
    else compareSchema(ctx, at(where, ` (${type})`), media.schema, next.schema);
  }
}

/** @param {WalkContext} ctx @param {Place} place @param {OperationEntry} b @param {OperationEntry} h */
function compareResponses(ctx, place, b, h) {
  for (const [status, raw] of Object.entries(/** @type {Record<string, SpecNode>} */ (b.op.responses ?? {}))) {
    const success = /^2/.test(status);
    const next = h.op.responses?.[status];
    if (!next) {
      if (success) ctx.graph.add(place.node, 'response-removed', `response ${status}`, `success response ${status} was removed`);
      continue;
    }
    const entered = enter(ctx, place, raw, next, (label) => (label ? `${label} (response ${status})` : `response ${status}`));
    if (!entered) continue;
    const { place: where, b: br, h: hr } = entered;
    const types = Object.keys(br.content ?? {});
    for (const [type, media] of Object.entries(/** @type {Record<string, SpecNode>} */ (br.content ?? {}))) {
      const nextMedia = hr.content?.[type];
      if (!nextMedia) {
        if (success) ctx.graph.add(where.node, 'response-removed', where.subject, `${where.subject} no longer returns ${type}`);
        continue;
      }
      compareSchema(ctx, types.length > 1 ? at(where, ` (${type})`) : where, media.schema, nextMedia.schema);
    }
    compareHeaders(ctx, where, br.headers ?? {}, hr.headers ?? {});
  }
  for (const status of Object.keys(h.op.responses ?? {}))
    if (!b.op.responses?.[status]) ctx.graph.add(place.node, 'response-added', `response ${status}`, `response ${status} was added`);
}

/** @param {WalkContext} ctx @param {Place} place @param {Record<string, any>} base @param {Record<string, any>} head */
function compareHeaders(ctx, place, base, head) {
  const lower = (/** @type {Record<string, any>} */ o) => new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));
  const [bh, hh] = [lower(base), lower(head)];
  for (const [name, raw] of bh) {
    const label = `${place.subject} header \`${name}\``;
    if (!hh.has(name)) {
      ctx.graph.add(place.node, 'response-header-removed', label, `${label} was removed`);
      continue;
    }
    const entered = enter(ctx, place, raw, hh.get(name), (component) => (component ? `${component} (header \`${name}\`)` : label));
    if (!entered) continue;
    if (entered.b.required && !entered.h.required)
      ctx.graph.add(entered.place.node, 'response-field-optional', entered.place.subject, `${entered.place.subject} is no longer always sent`);
    compareSchema(ctx, entered.place, entered.b.schema, entered.h.schema);
  }
  for (const name of hh.keys())
    if (!bh.has(name))
      ctx.graph.add(place.node, 'response-header-added', `${place.subject} header \`${name}\``, `${place.subject} header \`${name}\` was added`);
}

/** The servers an operation is called on: its own, its path item's, else the document's. @param {SpecNode} doc @param {OperationEntry} entry */
const serversOf = (doc, { op, pathItem }) => op.servers ?? pathItem.servers ?? doc.servers ?? [];

/**
 * `GET /api/v1/options/ohlcvt` → {op, pathItem}.
 * @param {SpecNode} document
 */
function operationsByKey(document) {
  /** @type {Map<string, OperationEntry>} */
  const map = new Map();
  for (const { path, method, op, pathItem } of rawOperationsOf(/** @type {import('@laevitas-api/spec-model').SpecDocument} */ (document)))
    map.set(`${method.toUpperCase()} ${path}`, { op, pathItem, path });
  return map;
}

/**
 * Path-item and operation parameters, the operation's winning, keyed `in:name` (header names case-insensitive).
 * @param {SpecNode} document @param {OperationEntry} entry
 */
function paramsOf(document, { op, pathItem }) {
  /** @type {Map<string, {raw: any, param: SpecNode}>} */
  const map = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = deref(document, raw);
    map.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, { raw, param });
  }
  return map;
}
