// Compares two bundled OpenAPI 3.1 documents (the last release's and the current one) and lists every change that
// matters to a consumer, each classified breaking or additive. Direction-aware, as GitHub's checker is: what a client
// SENDS (parameters, request bodies) may only get looser, what it RECEIVES (response bodies) may only get richer.
// So an enum member removed from a request value set breaks, added does not; a response field removed or retyped
// breaks, one added does not; a field required in a request breaks, required in a response does not.
//
// Rules (ids used in the report and in tests):
//   operation-removed          an operation (method + path) is gone
//   operation-renamed          its operationId changed (the typed client's method name)
//   parameter-removed          a parameter is gone (renamed = removed + added; the report pairs them)
//   parameter-required         a new required parameter, or an optional one made required
//   request-body-required      a request body made required, or a required one added
//   request-field-required     a request body field made required or added as required
//   request-enum-removed       an enum member removed from a request value set
//   request-type-narrowed      a request value accepts fewer types
//   request-range-narrowed     a request value's range got stricter (min/max/length/items/pattern/format/const)
//   request-media-removed      a request content type is no longer accepted
//   response-removed           a documented success response (or its content type) is gone
//   response-field-removed     a response field is gone
//   response-field-retyped     a response field may now hold a type it could not before
//   response-field-optional    a required response field became optional
// AsyncAPI (spec/asyncapi.yaml, diffAsyncApi): channel-removed, channel-parameter-removed, message-removed, and the
// response-field rules on message payloads.
import { deref, HTTP_METHODS } from '../../codegen/src/spec-model.mjs';

/** @import { SpecNode } from '../../codegen/src/spec-model.mjs' */
/** @typedef {{rule: string, breaking: boolean, operation?: string, where: string, message: string}} Change */
/** @typedef {{changes: Change[], breaking: Change[], additive: Change[]}} Diff */
/** @typedef {{op: SpecNode, pathItem: SpecNode}} OperationEntry */
/**
 * Compares one schema of each side at `where`; `seen` holds the ($ref, $ref) pairs already compared.
 * @typedef {(bd: SpecNode, rawB: any, hd: SpecNode, rawH: any, where: string, id: string, key: string, seen: Set<string>) => void} CompareSchema
 */
/** @typedef {(rule: string, breaking: boolean, operation: string | undefined, where: string, message: string) => void} AddChange */

/** @type {Record<string, (base: any, head: any) => boolean>} */
const RANGE_TIGHTER = {
  minimum: (a, b) => b > a,
  exclusiveMinimum: (a, b) => b > a,
  maximum: (a, b) => b < a,
  exclusiveMaximum: (a, b) => b < a,
  minLength: (a, b) => b > a,
  maxLength: (a, b) => b < a,
  minItems: (a, b) => b > a,
  maxItems: (a, b) => b < a,
  minProperties: (a, b) => b > a,
  maxProperties: (a, b) => b < a,
  multipleOf: (a, b) => b !== a,
  pattern: (a, b) => b !== a,
  format: (a, b) => b !== a,
  const: (a, b) => JSON.stringify(a) !== JSON.stringify(b),
};

/**
 * The set of JSON types a schema admits (`null` from `nullable` too); undefined = any.
 * @param {SpecNode} schema
 * @returns {string[] | undefined}
 */
function typesOf(schema) {
  if (!schema || typeof schema !== 'object') return undefined;
  let types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (types && schema.nullable === true && !types.includes('null')) types.push('null');
  if (types?.includes('number') && !types.includes('integer')) types.push('integer'); // integer ⊂ number
  return types;
}

const describeTypes = (/** @type {string[] | undefined} */ types) =>
  types ? types.filter((t) => t !== 'integer' || !types.includes('number')).join(' | ') : 'any';

/**
 * @param {SpecNode} baseDoc @param {SpecNode} headDoc
 * @returns {Diff & {compareResponseSchema: CompareSchema, add: AddChange}} the last two for diffAsyncApi's use
 */
export function diffSpecs(baseDoc, headDoc) {
  /** @type {Change[]} */
  const changes = [];
  /** @param {string} rule @param {boolean} breaking @param {string | undefined} operation @param {string} where @param {string} message */
  const add = (rule, breaking, operation, where, message) => changes.push({ rule, breaking, operation, where, message });

  const base = operationsByKey(baseDoc);
  const head = operationsByKey(headDoc);
  for (const [key, b] of base) {
    const h = head.get(key);
    if (!h) {
      add('operation-removed', true, b.op.operationId, key, `operation ${b.op.operationId} (${key}) was removed`);
      continue;
    }
    const id = h.op.operationId ?? key;
    if (b.op.operationId !== h.op.operationId) add('operation-renamed', true, id, key, `operationId ${b.op.operationId} was renamed to ${h.op.operationId}`);
    compareParameters(b, h, id, key);
    compareRequestBody(b, h, id, key);
    compareResponses(b, h, id, key);
  }
  for (const [key, h] of head) if (!base.has(key)) add('operation-added', false, h.op.operationId, key, `operation ${h.op.operationId} (${key}) was added`);

  /** @param {OperationEntry} b @param {OperationEntry} h @param {string} id @param {string} key */
  function compareParameters(b, h, id, key) {
    const bp = paramsOf(baseDoc, b);
    const hp = paramsOf(headDoc, h);
    for (const [pk, param] of bp) {
      const next = hp.get(pk);
      if (!next) {
        const added = [...hp.keys()].filter((k) => !bp.has(k) && k.startsWith(`${param.in}:`)).map((k) => k.split(':')[1]);
        add(
          'parameter-removed',
          true,
          id,
          `${key} ${param.in} ${param.name}`,
          `${param.in} parameter \`${param.name}\` was removed${added.length ? ` (renamed to \`${added.join('` or `')}\`?)` : ''}`,
        );
        continue;
      }
      if (!param.required && next.required)
        add('parameter-required', true, id, `${key} ${param.in} ${param.name}`, `${param.in} parameter \`${param.name}\` became required`);
      compareRequestSchema(baseDoc, param.schema, headDoc, next.schema, `${param.in} parameter \`${param.name}\``, id, key, new Set());
    }
    for (const [pk, param] of hp) {
      if (bp.has(pk)) continue;
      if (param.required) add('parameter-required', true, id, `${key} ${param.in} ${param.name}`, `new required ${param.in} parameter \`${param.name}\``);
      else add('parameter-added', false, id, `${key} ${param.in} ${param.name}`, `new optional ${param.in} parameter \`${param.name}\``);
    }
  }

  /** @param {OperationEntry} b @param {OperationEntry} h @param {string} id @param {string} key */
  function compareRequestBody(b, h, id, key) {
    const bb = deref(baseDoc, b.op.requestBody);
    const hb = deref(headDoc, h.op.requestBody);
    if (!hb) return;
    if (!bb) {
      if (hb.required) add('request-body-required', true, id, `${key} body`, 'a required request body was added');
      return;
    }
    if (!bb.required && hb.required) add('request-body-required', true, id, `${key} body`, 'the request body became required');
    for (const [type, media] of Object.entries(/** @type {Record<string, SpecNode>} */ (bb.content ?? {}))) {
      const next = hb.content?.[type];
      if (!next) add('request-media-removed', true, id, `${key} body`, `request content type ${type} is no longer accepted`);
      else compareRequestSchema(baseDoc, media.schema, headDoc, next.schema, `request body (${type})`, id, key, new Set());
    }
  }

  /** @param {OperationEntry} b @param {OperationEntry} h @param {string} id @param {string} key */
  function compareResponses(b, h, id, key) {
    for (const [status, raw] of Object.entries(/** @type {Record<string, SpecNode>} */ (b.op.responses ?? {}))) {
      const br = deref(baseDoc, raw);
      const hr = deref(headDoc, h.op.responses?.[status]);
      if (!hr) {
        if (/^2/.test(status)) add('response-removed', true, id, `${key} ${status}`, `success response ${status} was removed`);
        continue;
      }
      for (const [type, media] of Object.entries(/** @type {Record<string, SpecNode>} */ (br.content ?? {}))) {
        const next = hr.content?.[type];
        if (!next) {
          if (/^2/.test(status)) add('response-removed', true, id, `${key} ${status}`, `response ${status} no longer returns ${type}`);
          continue;
        }
        compareResponseSchema(baseDoc, media.schema, headDoc, next.schema, `response ${status}`, id, key, new Set());
      }
    }
  }

  /** What a client sends may only get looser. @type {CompareSchema} */
  function compareRequestSchema(bd, rawB, hd, rawH, where, id, key, seen) {
    if (!rawB || !rawH || cycle(rawB, rawH, seen)) return;
    const b = deref(bd, rawB);
    const h = deref(hd, rawH);
    if (!b || !h || typeof b !== 'object' || typeof h !== 'object') return;
    const bt = typesOf(b);
    const ht = typesOf(h);
    if (ht && (!bt || bt.some((t) => !ht.includes(t))))
      add('request-type-narrowed', true, id, `${key} ${where}`, `${where} accepted ${describeTypes(bt)}, now only ${describeTypes(ht)}`);
    if (Array.isArray(b.enum) || Array.isArray(h.enum)) {
      /** @type {unknown[]} */
      const removed = Array.isArray(h.enum) ? (b.enum ?? []).filter((/** @type {unknown} */ v) => !h.enum.some((/** @type {unknown} */ w) => same(v, w))) : [];
      if (Array.isArray(h.enum) && !Array.isArray(b.enum))
        add('request-enum-removed', true, id, `${key} ${where}`, `${where} is now restricted to ${h.enum.map(show).join(', ')}`);
      if (removed.length) add('request-enum-removed', true, id, `${key} ${where}`, `${where} no longer accepts ${removed.map(show).join(', ')}`);
      /** @type {unknown[]} */
      const addedMembers =
        Array.isArray(b.enum) && Array.isArray(h.enum)
          ? h.enum.filter((/** @type {unknown} */ v) => !b.enum.some((/** @type {unknown} */ w) => same(v, w)))
          : [];
      if (addedMembers.length) add('request-enum-added', false, id, `${key} ${where}`, `${where} also accepts ${addedMembers.map(show).join(', ')}`);
    }
    for (const [keyword, tighter] of Object.entries(RANGE_TIGHTER)) {
      if (h[keyword] === undefined) continue;
      if (b[keyword] === undefined || tighter(b[keyword], h[keyword])) {
        add(
          'request-range-narrowed',
          true,
          id,
          `${key} ${where}`,
          `${where}: ${keyword} ${b[keyword] === undefined ? 'added' : `${show(b[keyword])} →`} ${show(h[keyword])}`,
        );
      }
    }
    const bReq = new Set(/** @type {string[]} */ (b.required ?? []));
    for (const name of /** @type {string[]} */ (h.required ?? [])) {
      if (bReq.has(name)) continue;
      add(
        'request-field-required',
        true,
        id,
        `${key} ${where}.${name}`,
        `${where} field \`${name}\` ${b.properties?.[name] ? 'became required' : 'was added as required'}`,
      );
    }
    for (const [name, prop] of Object.entries(b.properties ?? {})) {
      if (h.properties?.[name]) compareRequestSchema(bd, prop, hd, h.properties[name], `${where}.${name}`, id, key, seen);
    }
    if (b.items && h.items) compareRequestSchema(bd, b.items, hd, h.items, `${where}[]`, id, key, seen);
    for (const combinator of ['oneOf', 'anyOf']) {
      if (!Array.isArray(b[combinator]) || !Array.isArray(h[combinator])) continue;
      if (h[combinator].length < b[combinator].length)
        add('request-type-narrowed', true, id, `${key} ${where}`, `${where}: ${combinator} lost ${b[combinator].length - h[combinator].length} alternative(s)`);
      b[combinator].forEach(
        (/** @type {SpecNode} */ alt, /** @type {number} */ i) =>
          h[combinator][i] && compareRequestSchema(bd, alt, hd, h[combinator][i], `${where} (${combinator} ${i})`, id, key, seen),
      );
    }
  }

  /** What a client receives may only get richer. @type {CompareSchema} */
  function compareResponseSchema(bd, rawB, hd, rawH, where, id, key, seen) {
    if (!rawB || !rawH || cycle(rawB, rawH, seen)) return;
    const b = deref(bd, rawB);
    const h = deref(hd, rawH);
    if (!b || !h || typeof b !== 'object' || typeof h !== 'object') return;
    const bt = typesOf(b);
    const ht = typesOf(h);
    if (bt && (!ht || ht.some((t) => !bt.includes(t))))
      add('response-field-retyped', true, id, `${key} ${where}`, `${where} was ${describeTypes(bt)}, now ${describeTypes(ht)}`);
    const hReq = new Set(/** @type {string[]} */ (h.required ?? []));
    for (const name of /** @type {string[]} */ (b.required ?? [])) {
      if (!hReq.has(name) && h.properties?.[name])
        add('response-field-optional', true, id, `${key} ${where}.${name}`, `${where} field \`${name}\` is no longer required`);
    }
    for (const [name, prop] of Object.entries(b.properties ?? {})) {
      if (!h.properties?.[name]) add('response-field-removed', true, id, `${key} ${where}.${name}`, `${where} field \`${name}\` was removed`);
      else compareResponseSchema(bd, prop, hd, h.properties[name], `${where}.${name}`, id, key, seen);
    }
    for (const name of Object.keys(h.properties ?? {})) {
      if (!b.properties?.[name]) add('response-field-added', false, id, `${key} ${where}.${name}`, `${where} field \`${name}\` was added`);
    }
    if (b.items && h.items) compareResponseSchema(bd, b.items, hd, h.items, `${where}[]`, id, key, seen);
    for (const combinator of ['oneOf', 'anyOf', 'allOf']) {
      if (!Array.isArray(b[combinator]) || !Array.isArray(h[combinator])) continue;
      b[combinator].forEach(
        (/** @type {SpecNode} */ alt, /** @type {number} */ i) =>
          h[combinator][i] && compareResponseSchema(bd, alt, hd, h[combinator][i], `${where} (${combinator} ${i})`, id, key, seen),
      );
    }
  }

  return { changes, breaking: changes.filter((c) => c.breaking), additive: changes.filter((c) => !c.breaking), compareResponseSchema, add };
}

/**
 * AsyncAPI (2.x or 3.x): what a subscriber receives may only get richer. Breaking: a channel removed (by its id),
 * a channel parameter removed, a message removed from a channel, a payload field removed, retyped or made optional.
 * @param {SpecNode} baseDoc @param {SpecNode} headDoc
 * @returns {Diff}
 */
export function diffAsyncApi(baseDoc, headDoc) {
  // The response-direction rules of the HTTP diff, on documents with no paths.
  const { changes, compareResponseSchema, add } = diffSpecs({ ...baseDoc, paths: {} }, { ...headDoc, paths: {} });
  const base = channelsOf(baseDoc);
  const head = channelsOf(headDoc);
  for (const [id, b] of base) {
    const h = head.get(id);
    if (!h) {
      add('channel-removed', true, id, `channel ${id}`, `channel \`${b.address ?? id}\` was removed`);
      continue;
    }
    for (const name of Object.keys(b.parameters)) {
      if (!(name in h.parameters)) add('channel-parameter-removed', true, id, `channel ${id} ${name}`, `channel parameter \`${name}\` was removed`);
    }
    for (const [name, payload] of b.messages) {
      if (!h.messages.has(name)) add('message-removed', true, id, `channel ${id} ${name}`, `message \`${name}\` was removed`);
      else compareResponseSchema(baseDoc, payload, headDoc, h.messages.get(name), `message ${name} payload`, id, `channel ${id}`, new Set());
    }
    for (const name of h.messages.keys()) if (!b.messages.has(name)) add('message-added', false, id, `channel ${id} ${name}`, `message \`${name}\` was added`);
  }
  for (const [id, h] of head) if (!base.has(id)) add('channel-added', false, id, `channel ${id}`, `channel \`${h.address ?? id}\` was added`);
  return { changes, breaking: changes.filter((c) => c.breaking), additive: changes.filter((c) => !c.breaking) };
}

/**
 * Channel id → {address, parameters, messages: name → payload schema}, for AsyncAPI 3 (messages) and 2 (publish/subscribe).
 * @param {SpecNode} document
 */
function channelsOf(document) {
  /** @type {Map<string, {address: string | undefined, parameters: SpecNode, messages: Map<string, SpecNode>}>} */
  const map = new Map();
  for (const [id, raw] of Object.entries(document.channels ?? {})) {
    const channel = deref(document, raw);
    /** @type {Map<string, SpecNode>} */
    const messages = new Map();
    /** @param {string} name @param {SpecNode} rawMessage */
    const addMessage = (name, rawMessage) => {
      const message = deref(document, rawMessage);
      if (message?.oneOf)
        message.oneOf.forEach((/** @type {SpecNode} */ m, /** @type {number} */ i) => addMessage(deref(document, m)?.name ?? `${name}#${i}`, m));
      else if (message) messages.set(message.name ?? name, message.payload);
    };
    for (const [name, m] of Object.entries(channel.messages ?? {})) addMessage(name, m);
    for (const verb of ['publish', 'subscribe']) if (channel[verb]?.message) addMessage(verb, channel[verb].message);
    map.set(id, { address: channel.address, parameters: channel.parameters ?? {}, messages });
  }
  return map;
}

/**
 * `GET /api/v1/options/ohlcvt` → {op, pathItem}.
 * @param {SpecNode} document
 */
function operationsByKey(document) {
  /** @type {Map<string, OperationEntry>} */
  const map = new Map();
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = deref(document, rawItem);
    for (const method of HTTP_METHODS) if (item?.[method]) map.set(`${method.toUpperCase()} ${path}`, { op: item[method], pathItem: item });
  }
  return map;
}

/**
 * Path-item and operation parameters, the operation's winning, keyed `in:name` (header names case-insensitive).
 * @param {SpecNode} document
 * @param {OperationEntry} entry
 */
function paramsOf(document, { op, pathItem }) {
  /** @type {Map<string, SpecNode>} */
  const map = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = deref(document, raw);
    map.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
  }
  return map;
}

/**
 * Recursive schemas: each ($ref, $ref) pair is compared once.
 * @param {SpecNode} rawB @param {SpecNode} rawH @param {Set<string>} seen
 */
function cycle(rawB, rawH, seen) {
  if (!rawB.$ref && !rawH.$ref) return false;
  const pair = `${rawB.$ref ?? ''}|${rawH.$ref ?? ''}`;
  if (seen.has(pair)) return true;
  seen.add(pair);
  return false;
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
const show = (/** @type {unknown} */ v) => `\`${JSON.stringify(v)}\``;

/**
 * The human-readable API diff the changeset and the docs' release notes use.
 * @param {{changes: Change[]}} diff
 * @param {{baseVersion: string, headVersion: string, allowedBy?: string, title?: string}} labels `allowedBy`: the major changeset that allows the breaking changes
 */
export function diffMarkdown({ changes }, { baseVersion, headVersion, allowedBy, title = 'API diff' }) {
  const lines = [`# ${title}: ${baseVersion} → ${headVersion}`, ''];
  const breaking = changes.filter((c) => c.breaking);
  const additive = changes.filter((c) => !c.breaking);
  if (!changes.length) lines.push('No change to operations, parameters, request or response shapes.', '');
  /** @param {string} title @param {Change[]} list */
  const section = (title, list) => {
    if (!list.length) return;
    lines.push(`## ${title}`, '');
    /** @type {Map<string, Change[]>} */
    const byOp = new Map();
    for (const c of list) {
      const k = c.operation ?? '(document)';
      if (!byOp.has(k)) byOp.set(k, []);
      /** @type {Change[]} */ (byOp.get(k)).push(c);
    }
    for (const [op, items] of [...byOp].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`- **${op}**`);
      for (const c of items) lines.push(`  - ${c.message} (\`${c.rule}\`)`);
    }
    lines.push('');
  };
  section(`Breaking changes (${breaking.length})${breaking.length && allowedBy ? `: released as a major by ${allowedBy}` : ''}`, breaking);
  section(`Additive changes (${additive.length})`, additive);
  return lines.join('\n');
}
