// What the validators generator (validators.mjs) compiles for each operation, before ajv sees anything: every
// validator as a prepared schema with the ajv instance it belongs to, what the runtime reads of the operation (meta),
// and which of those validators several operations need alike, so each of those is compiled once.
import { createHash } from 'node:crypto';
import { headerSchema, parameterSchema, rewriteRefs } from './validator-schemas.mjs';

/** @import { OperationModel, SpecNode } from '@laevitas-api/spec-model' */

/**
 * One validator of an operation: its export name, the prepared schema, whether the coercing (`strings`) ajv instance
 * compiles it, and the key two identical validators share (instance and schema).
 * @typedef {{ name: string, schema: object, strings: boolean, key: string, component: string | undefined }} PlannedValidator
 */

/**
 * What the runtime reads of an operation besides its validators (written into the module as JSON), and nothing else:
 * every byte of it is in each bundle of the operation.
 * @typedef {{operationId: string, method: string, path: string,
 *   responses: Record<number, {body: boolean, headers: boolean}>, requestBody: {required: boolean} | null,
 *   decodedHeaders: Record<number, Record<string, string>>}} OperationMeta
 */

/** The component a schema is nothing but a reference to, which names its shared module. */
const componentOf = (/** @type {SpecNode | undefined} */ schema) =>
  schema && Object.keys(schema).length === 1 && typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;

/**
 * @param {OperationModel} op
 * @param {Record<string, SpecNode>} components
 * @returns {{ op: OperationModel, meta: OperationMeta, entries: PlannedValidator[], caseInsensitive: [string, string][] }}
 */
export function planOperation(op, components) {
  /** @type {PlannedValidator[]} */
  const entries = [];
  const add = (/** @type {string} */ name, /** @type {object} */ schema, /** @type {boolean} */ strings, /** @type {SpecNode} */ raw = {}) =>
    entries.push({ name, schema, strings, key: `${strings ? 'strings' : 'bodies'} ${JSON.stringify(schema)}`, component: componentOf(raw) });
  /** @type {OperationMeta} */
  const meta = {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    responses: {},
    requestBody: op.requestBody ? { required: op.requestBody.required } : null,
    decodedHeaders: {},
  };
  for (const response of op.responses) {
    const headers = Object.keys(response.headers).length > 0;
    meta.responses[response.status] = { body: Boolean(response.schema), headers };
    if (response.schema) add(`response${response.status}`, rewriteRefs(response.schema, components), false, response.schema);
    if (!headers) continue;
    add(`headers${response.status}`, headerSchema(response, components), true);
    for (const [header, h] of Object.entries(response.headers)) {
      const content = h.schema?.contentSchema;
      if (h.schema?.contentEncoding !== 'base64' || !content) continue;
      const decodedName = `decoded${response.status}_${header.replace(/[^A-Za-z0-9]/g, '_')}`;
      add(decodedName, rewriteRefs(content, components), false, content);
      meta.decodedHeaders[response.status] = { ...meta.decodedHeaders[response.status], [header]: decodedName };
    }
  }
  if (op.requestBody) add('requestBody', rewriteRefs(op.requestBody.schema, components), false, op.requestBody.schema);
  const params = {
    type: 'object',
    properties: {
      path: parameterSchema(op, 'path', components),
      query: parameterSchema(op, 'query', components),
      header: parameterSchema(op, 'header', components),
    },
    required: ['path', 'query', 'header'],
  };
  add('params', params, true);
  // The parameters runtime/operation.cjs upper-cases before checking them, as [location, name]: validators.mjs writes
  // their upper-casing into the operation's module only when there are some.
  const caseInsensitive = op.parameters.filter((p) => p.caseInsensitive).map((p) => /** @type {[string, string]} */ ([p.in, p.name]));
  return { op, meta, entries, caseInsensitive };
}

/**
 * The validators two or more operations need alike, by key, each with the name of its module: the component it is a
 * reference to when it is one (`ErrorResponse`), else what it validates and a digest of its schema (`headers-1a2b3c4d5e`).
 * @param {ReturnType<typeof planOperation>[]} planned
 * @returns {Map<string, { name: string, entry: PlannedValidator, users: string[] }>}
 */
export function sharedValidators(planned) {
  /** @type {Map<string, { entry: PlannedValidator, users: string[] }>} */
  const byKey = new Map();
  for (const { op, entries } of planned)
    for (const entry of entries) {
      const seen = byKey.get(entry.key) ?? { entry, users: [] };
      if (!seen.users.includes(op.operationId)) seen.users.push(op.operationId);
      byKey.set(entry.key, seen);
    }
  /** @type {Map<string, { name: string, entry: PlannedValidator, users: string[] }>} */
  const shared = new Map();
  /** @type {Set<string>} */
  const names = new Set();
  for (const [key, { entry, users }] of byKey) {
    if (users.length < 2) continue;
    const digest = createHash('sha256').update(key).digest('hex').slice(0, 10);
    const kind = entry.strings ? (entry.name === 'params' ? 'params' : 'headers') : 'body';
    // One component can be a body and a decoded header alike (same key); two keys naming one component differ in
    // instance, so the digest tells them apart.
    const name = entry.component && !names.has(entry.component) ? entry.component : `${kind}-${digest}`;
    names.add(name);
    shared.set(key, { name, entry, users });
  }
  return shared;
}
