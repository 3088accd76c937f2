// From a run's observations to proposed spec edits and findings. Only what widens the contract is proposed, each edit
// with an `x-source` naming the observation (date, operation, place, redacted sample): a field seen but not declared
// (its observed types, nullability, an example), a value outside a value set, a status or a header the operation
// does not document. Nothing is renamed, removed or narrowed. What cannot be inferred safely (a required field
// missing, a changed type or media type, an invariant broken, a transient status) is a finding with its evidence.

/**
 * @typedef {import('./observe.mjs').Observation} Observation
 * @typedef {{operationId: string, method: string, path: string, observations: Observation[]}} ObservedOperation
 * @typedef {{kind: 'add-property', pointer: string, name: string, schema: Record<string, unknown>, seenIn: string[]}
 *   | {kind: 'add-enum-member', pointer: string, values: unknown[], source: string, seenIn: string[]}
 *   | {kind: 'add-status', operation: {path: string, method: string}, status: number, response: Record<string, unknown>, sameAs?: number | undefined, seenIn: string[]}
 *   | {kind: 'add-header', pointer: string, name: string, header: Record<string, unknown>, seenIn: string[]}} Edit
 * @typedef {{operationId: string, kind: string, message: string, evidence: Record<string, unknown>}} Finding
 */

const OBSERVED = 'Seen on the wire by the drift watch; not published by the service.';
/**
 * Schemas of documents with a format of their own (the service's OpenAPI document, its x402 discovery document): the
 * contract deliberately types only what it relies on and leaves the rest of the format open, so their other fields
 * stay notices of the run and are never proposed.
 */
const OWN_FORMAT = ['/components/schemas/DiscoveryOpenApiDocument', '/components/schemas/DiscoveryX402Document'];
/** Statuses that say nothing about the contract: the limit, and a server having a bad night. */
const transient = (/** @type {number} */ status) => status === 429 || status >= 500;

/** @param {unknown} value */
const show = (value) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};
/** `data[0].x` and `data[].x` name the same place of every row.  @param {string} path */
const place = (path) => path.replace(/\[\d+\]/g, '[]');
/** @param {string} path */
const parentOf = (path) => place(path).replace(/(?:^|\.)[^.[\]]+$|\["[^"]*"\]$/, '');

/**
 * @param {{operations: ObservedOperation[], observedAt: string}} observed drift-observations.json
 * @param {{operationId: string, status: string, reason: string | null}[]} [failed] contract-summary.json's failed operations
 * @returns {{edits: Edit[], findings: Finding[]}}
 */
export function infer(observed, failed = []) {
  const date = observed.observedAt.slice(0, 10);
  /** @param {string} operationId  @param {string} what */
  const source = (operationId, what) => `drift watch ${date} (${operationId} ${what})`;
  /** @type {Map<string, Edit>} */
  const edits = new Map();
  /** @type {Finding[]} */
  const findings = [];
  /** @param {string} key  @param {() => Edit} make  @param {(edit: any) => void} [merge]  @param {string} [operationId] */
  const edit = (key, make, merge, operationId = '') => {
    const existing = edits.get(key);
    if (!existing) return void edits.set(key, make());
    merge?.(existing);
    if (operationId && !existing.seenIn.includes(operationId)) existing.seenIn.push(operationId);
  };

  for (const op of observed.operations) {
    const violations = op.observations.filter((o) => o.kind === 'violation');
    const brokenParents = new Set(violations.filter((v) => v.rule === 'required').map((v) => parentOf(v.path)));
    for (const o of op.observations) {
      if (o.kind === 'violation') {
        findings.push({
          operationId: op.operationId,
          kind:
            o.rule === 'required'
              ? o.where === 'response headers'
                ? 'removed header'
                : 'removed field'
              : o.rule === 'type'
                ? 'changed type'
                : o.check === 'content-type'
                  ? 'changed media type'
                  : o.check === 'json'
                    ? 'malformed body'
                    : `violation (${o.rule})`,
          message: `${o.status} ${o.where}: ${o.message}`,
          evidence: { status: o.status, path: o.path, rule: o.rule, ...(o.observed ? { observed: o.observed } : {}), date },
        });
      } else if (o.kind === 'undocumented-field') {
        if (OWN_FORMAT.some((p) => o.owner === p || o.owner?.startsWith(`${p}/`))) continue;
        const parent = parentOf(o.path);
        if (brokenParents.has(parent) || !o.owner) {
          findings.push({
            operationId: op.operationId,
            kind: brokenParents.has(parent) ? 'new field beside a missing one (a rename is never inferred)' : 'new field with no schema to hold it',
            message: `${o.status} ${o.path} appeared${brokenParents.has(parent) ? ` where a required field of ${parent || 'the body'} is missing` : ''}`,
            evidence: { status: o.status, path: o.path, types: o.types, samples: o.samples, date },
          });
          continue;
        }
        edit(
          `field ${o.owner} ${o.field}`,
          () => ({
            kind: 'add-property',
            pointer: /** @type {string} */ (o.owner),
            name: o.field,
            schema: fieldSchema(o, source(op.operationId, `${o.status} ${place(o.path)}, sample ${show(o.samples[0] ?? null)}`)),
            seenIn: [op.operationId],
          }),
          (e) => (e.schema = widen(e.schema, o.types)),
          op.operationId,
        );
      } else if (o.kind === 'value-outside-set') {
        for (const pointer of o.pointers) {
          edit(
            `enum ${pointer}`,
            () => ({
              kind: 'add-enum-member',
              pointer,
              values: [o.value],
              source: source(op.operationId, `${o.status} ${o.path}: ${show(o.value)}`),
              seenIn: [op.operationId],
            }),
            (e) => void (e.values.includes(o.value) || e.values.push(o.value)),
            op.operationId,
          );
        }
      } else if (o.kind === 'undocumented-status') {
        if (transient(o.status)) {
          findings.push({
            operationId: op.operationId,
            kind: 'transient status',
            message: `${o.label} answered ${o.status}, which says nothing about the contract; run again`,
            evidence: { status: o.status, sample: o.sample, date },
          });
          continue;
        }
        edit(
          `status ${op.operationId} ${o.status}`,
          () => ({
            kind: 'add-status',
            operation: { path: op.path, method: op.method.toLowerCase() },
            status: o.status,
            sameAs: o.validatesAs,
            response: statusResponse(o, source(op.operationId, `${o.label} answered ${o.status}, sample ${show(o.sample)}`)),
            seenIn: [op.operationId],
          }),
          undefined,
          op.operationId,
        );
      } else if (o.kind === 'undocumented-header') {
        const pointer = `/paths/${op.path.replaceAll('~', '~0').replaceAll('/', '~1')}/${op.method.toLowerCase()}/responses/${o.status}`;
        edit(
          `header ${pointer} ${o.header}`,
          () => ({
            kind: 'add-header',
            pointer,
            name: o.header,
            header: {
              description: OBSERVED,
              schema: { type: 'string' },
              example: o.sample,
              'x-source': source(op.operationId, `${o.status} header ${o.header}: ${show(o.sample)}`),
            },
            seenIn: [op.operationId],
          }),
          undefined,
          op.operationId,
        );
      }
    }
  }
  // Failures the observer has no observation for (an invariant, a cursor scan, a refused request) are findings too.
  const explained = new Set(findings.map((f) => f.operationId));
  for (const f of failed) {
    if (explained.has(f.operationId)) continue;
    const inferred = [...edits.values()].some((e) => e.seenIn.includes(f.operationId) && (e.kind === 'add-status' || e.kind === 'add-enum-member'));
    if (!inferred) findings.push({ operationId: f.operationId, kind: 'failed check', message: f.reason ?? 'failed', evidence: { date } });
  }
  return { edits: [...edits.values()], findings };
}

/** @param {Extract<Observation, {kind: 'undocumented-field'}>} o  @param {string} xSource */
function fieldSchema(o, xSource) {
  /** @type {Record<string, unknown>} */
  const schema = { description: OBSERVED };
  Object.assign(schema, typeOf(o.types));
  if (o.types.includes('object')) Object.assign(schema, { additionalProperties: true, 'x-unpublished-shape': true });
  if (o.samples.length) schema.examples = [o.samples[0]];
  schema['x-source'] = xSource;
  return schema;
}

/**
 * JSON types seen → a JSON Schema `type`. A number is typed `number`, never `integer`: a few whole samples do not
 * prove a field is integral, and a proposal must not narrow. Only `null` seen → no type (anything), said so.
 * @param {string[]} types
 */
function typeOf(types) {
  const real = [...new Set(types.filter((t) => t !== 'null'))].sort();
  if (!real.length) return {};
  const list = types.includes('null') ? [...real, 'null'] : real;
  return { type: list.length === 1 ? list[0] : list };
}

/** @param {Record<string, unknown>} schema  @param {string[]} types */
function widen(schema, types) {
  const before = schema.type === undefined ? [] : [schema.type].flat().map(String);
  return { ...schema, ...typeOf([...before, ...types]) };
}

/** @param {Extract<Observation, {kind: 'undocumented-status'}>} o  @param {string} xSource */
function statusResponse(o, xSource) {
  /** @type {Record<string, unknown>} */
  const response = { description: `${OBSERVED} Answered to the ${o.label}.` };
  if (o.contentType) {
    const open = Array.isArray(o.sample) ? { type: 'array' } : { type: 'object', additionalProperties: true, 'x-unpublished-shape': true };
    const schema = o.validatesAs ? { sameAs: o.validatesAs } : /json/.test(o.contentType) ? open : { type: 'string' };
    response.content = { [o.contentType]: { schema, example: o.sample } };
  }
  response['x-source'] = xSource;
  return response;
}
