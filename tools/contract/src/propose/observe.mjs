// The drift observer: sees every answer a contract run judges (conformance.mjs `onAnswer`) and records, per
// operation, what differs from the contract in a form the proposer (infer.mjs) can act on: a field the schema does
// not name (with the types and a redacted sample of its values), a value outside a value set, a status or header the
// operation does not document, and every other violation with its evidence. It judges nothing itself: the run's
// pass/fail stays conformance.mjs's.
import { responseAt, pathSteps, schemasAt, valueAt } from './locate.mjs';
import { jsonType, undocumentedFields } from '../undocumented.mjs';
import { REDACTED } from './redact.mjs';

/**
 * Response headers of HTTP itself, of CORS, of proxies and CDNs: never part of an API's contract, so never proposed.
 * A header outside this list that the operation does not document is drift worth a declaration.
 */
const TRANSPORT_HEADERS = new Set([
  'accept-ranges',
  'age',
  'alt-svc',
  'cache-control',
  'connection',
  'content-encoding',
  'content-language',
  'content-length',
  'content-security-policy',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-modified',
  'nel',
  'permissions-policy',
  'pragma',
  'referrer-policy',
  'report-to',
  'server',
  'set-cookie',
  'strict-transport-security',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'vary',
  'via',
  'x-content-type-options',
  'x-frame-options',
  'x-powered-by',
  'x-xss-protection',
  'x-cache',
  'x-cache-hits',
  'x-served-by',
  'x-timer',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
]);
const TRANSPORT_PREFIXES = ['access-control-', 'cf-', 'x-amz-', 'x-amzn-', 'x-envoy-', 'x-vercel-', 'x-nf-', 'fly-'];

/** @param {string} name */
export const isTransportHeader = (name) => TRANSPORT_HEADERS.has(name) || TRANSPORT_PREFIXES.some((p) => name.startsWith(p));

/**
 * @typedef {import('../conformance.mjs').Answer} Answer
 * @typedef {import('../spec-model.mjs').OperationModel} OperationModel
 * @typedef {{kind: 'undocumented-field', status: number, path: string, field: string, owner?: string | undefined, types: string[], samples: unknown[], unpublished: boolean}
 *   | {kind: 'value-outside-set', status: number, path: string, value: unknown, allowed: unknown[], pointers: string[]}
 *   | {kind: 'undocumented-status', status: number, label: string, contentType: string, sample: unknown, validatesAs?: number | undefined}
 *   | {kind: 'undocumented-header', status: number, header: string, sample: string}
 *   | {kind: 'violation', status: number, check: string, where: string, rule: string, path: string, message: string, observed?: {type: string, sample: unknown} | undefined}} Observation
 */

/**
 * @param {{document: Record<string, any>, validators: import('../conformance.mjs').ResponseValidators,
 *   redactor: ReturnType<typeof import('./redact.mjs').createRedactor>}} options
 */
export function createObserver({ document, validators, redactor }) {
  /** @type {Map<string, {operationId: string, method: string, path: string, observations: Observation[]}>} */
  const byOperation = new Map();
  /** @param {OperationModel} op  @param {Observation} observation */
  const record = (op, observation) => {
    const entry = byOperation.get(op.operationId) ?? { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, observations: [] };
    byOperation.set(op.operationId, entry);
    const key = JSON.stringify({ ...observation, samples: undefined, sample: undefined, label: undefined });
    if (!entry.observations.some((o) => JSON.stringify({ ...o, samples: undefined, sample: undefined, label: undefined }) === key))
      entry.observations.push(observation);
  };

  /** @param {OperationModel} op  @param {Answer} answer  @param {string} label */
  function onAnswer(op, answer, label) {
    const { status } = answer;
    const contentType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const body = parseJson(answer.text, contentType);
    const at = responseAt(document, op, status);
    if (!at) {
      const validatesAs = body.ok
        ? op.responses
            .map((r) => r.status)
            .find((s) => Math.floor(s / 100) === Math.floor(status / 100) && validators.validateResponse(op.operationId, s, body.value).ok)
        : undefined;
      record(op, {
        kind: 'undocumented-status',
        status,
        label,
        contentType,
        sample: body.ok ? redactor.value(body.value) : redactor.value(answer.text),
        validatesAs,
      });
      return;
    }
    const declared = new Set(Object.keys(at.response.headers ?? {}).map((h) => h.toLowerCase()));
    for (const [name, value] of answer.headers) {
      if (!declared.has(name) && !isTransportHeader(name))
        record(op, { kind: 'undocumented-header', status, header: name, sample: redactor.header(name, value) });
    }
    if (at.mediaType && contentType && !/json/.test(contentType) && op.method !== 'head') {
      record(op, {
        kind: 'violation',
        status,
        check: 'content-type',
        where: 'response',
        rule: 'content-type',
        path: '(root)',
        message: `${at.mediaType} documented, ${contentType} answered`,
        observed: { type: contentType, sample: redactor.value(answer.text) },
      });
      return;
    }
    if (at.mediaType && answer.text && !body.ok) {
      record(op, {
        kind: 'violation',
        status,
        check: 'json',
        where: 'response body',
        rule: 'json',
        path: '(root)',
        message: 'the body is not valid JSON',
        observed: { type: 'text', sample: redactor.value(answer.text) },
      });
      return;
    }
    const outcome = validators.validateResponse(op.operationId, status, body.ok ? body.value : undefined, answer.headers);
    if (!outcome.ok) {
      for (const issue of outcome.issues) {
        const inBody = outcome.where === 'response body';
        const steps = pathSteps(issue.path === '(root)' ? '' : issue.path);
        const value = inBody ? valueAt(body.ok ? body.value : undefined, steps) : answer.headers.get(String(steps.at(-1) ?? ''));
        if (issue.rule === 'enum' && inBody && at.schemaPointer && (typeof value === 'string' || typeof value === 'number')) {
          const pointers = schemasAt(document, at.schemaPointer, steps)
            .filter(({ node }) => Array.isArray(node.enum) && !node.enum.includes(value))
            .map((l) => l.pointer);
          if (pointers.length) {
            record(op, {
              kind: 'value-outside-set',
              status,
              path: issue.path,
              value: redactor.value(value),
              allowed: issue.allowedValues ? [...issue.allowedValues] : [],
              pointers,
            });
            continue;
          }
        }
        const observed = value === undefined ? undefined : { type: jsonType(value), sample: redactor.value(value) };
        record(op, {
          kind: 'violation',
          status,
          check: inBody ? 'schema' : 'headers',
          where: outcome.where,
          rule: issue.rule,
          path: issue.path,
          message: redactor.text(issue.message),
          observed,
        });
      }
    }
    if (body.ok && at.schemaPointer) {
      for (const field of undocumentedFields(document, at.response.content[/** @type {string} */ (at.mediaType)].schema, body.value, at.schemaPointer)) {
        record(op, {
          kind: 'undocumented-field',
          status,
          path: field.path,
          field: field.field,
          owner: field.owner,
          types: field.types,
          samples: field.values.map((v) => redactor.value(v)),
          unpublished: field.unpublished,
        });
      }
    }
  }

  return {
    onAnswer,
    /** The observations of the run, per operation that had any, in operationId order. */
    report: () => [...byOperation.values()].sort((a, b) => a.operationId.localeCompare(b.operationId)),
  };
}

/** @param {string} text  @param {string} contentType  @returns {{ok: true, value: unknown} | {ok: false}} */
function parseJson(text, contentType) {
  if (!text || (contentType && !/json/.test(contentType))) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export { REDACTED };
