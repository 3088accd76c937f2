// The answers a request can get before any operation handles it (unknown path, wrong method, oversized or malformed
// request), as the spec's root `x-gateway-responses` documents them: the statuses, and a check that a body is the
// documented one. The fuzz suite and the mock's own tests accept these statuses beside an operation's documented ones.
import { readFileSync } from 'node:fs';
// The named export: ajv is CommonJS, and under NodeNext its default import is the module, not the class.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { SPEC_JSON } from '../src/paths.mjs';
import { deref } from '@laevitas-api/spec-model';

const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'https://laevitas.invalid/spec.json', components: document.components });
/** @type {(schema: unknown) => any} */
const rebase = (schema) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"https://laevitas.invalid/spec.json#/components/'));

/** status → {validate, headers}: compiled from the spec, once. */
const documented = new Map(
  Object.entries(document['x-gateway-responses'] ?? {}).map(([status, raw]) => {
    const response = deref(document, raw);
    const schema = response.content?.['application/json']?.schema;
    return [Number(status), { validate: schema ? ajv.compile(rebase(schema)) : undefined, headers: Object.keys(response.headers ?? {}) }];
  }),
);

/** Every status the spec documents for requests no operation handles. */
export const GATEWAY_STATUSES = Object.freeze([...documented.keys()].sort((a, b) => a - b));

/**
 * Checks one answer against `x-gateway-responses`. Resolves a problem description, or undefined when the answer is
 * the documented one.
 * @param {number} status
 * @param {unknown} body the parsed JSON body
 * @param {Headers} [headers]
 */
export function checkGatewayAnswer(status, body, headers) {
  const entry = documented.get(status);
  if (!entry) return `status ${status} is not in x-gateway-responses (documented: ${GATEWAY_STATUSES.join(', ')})`;
  if (entry.validate && !entry.validate(body)) return `${status} body is not the documented one: ${ajv.errorsText(entry.validate.errors)}`;
  const missing = headers ? entry.headers.filter((name) => !headers.has(name)) : [];
  if (missing.length) return `${status} lacks the documented header ${missing.join(', ')}`;
  return undefined;
}
