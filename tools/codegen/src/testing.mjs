// Generates what @laevitas-api/testing carries of the spec: the bundled document without its prose (descriptions,
// summaries, titles, code samples, source notes: ~1/3 of the bytes, none of which the mock stages read), and the
// operation and schema names that `fixtures` and `http` are keyed by. The handlers run the mock's own stages
// (@laevitas-api/mock-core) on this document, so they answer from the same spec version as the package.

import { codeHeader } from './output.mjs';

const HEADER = codeHeader();
const OUT = 'packages/testing/generated';
/** Prose keys, dropped where their value is text; never inside values the API sends or takes (examples, defaults, enums). */
const PROSE = new Set(['description', 'summary', 'title', 'x-source', 'x-codeSamples', 'externalDocs', 'x-tagGroups', 'tags']);
const VALUES = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * @param {unknown} node  @param {string} [key] the key this node sits under
 * @returns {unknown}
 */
export function withoutProse(node, key) {
  if (Array.isArray(node)) return node.map((item) => withoutProse(item));
  if (!node || typeof node !== 'object' || (key !== undefined && VALUES.has(key))) return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    // `tags` of an operation is a list of names; a schema property named `description` is an object: both are kept.
    if (PROSE.has(k) && (typeof v === 'string' || k.startsWith('x-') || k === 'externalDocs' || (k === 'tags' && key === undefined))) continue;
    out[k] = withoutProse(v, k);
  }
  return out;
}

/**
 * What `fixtures` and `http` are keyed by (every operationId, every named schema) and the hosts the default
 * `handlers` answer on, per family. The per-operation index (api-index.mjs) lists the same keys.
 * @param {Pick<import('./model.mjs').CodegenModel, 'document' | 'operations'>} model
 */
export function testingKeysOf({ document, operations }) {
  const operationIds = operations.map((op) => op.operationId);
  const schemaNames = Object.keys(document.components?.schemas ?? {}).sort();
  const clash = schemaNames.find((name) => operationIds.includes(name));
  if (clash) throw new Error(`codegen: ${clash} is both an operationId and a schema name; fixtures.${clash} would be ambiguous`);
  for (const name of [...operationIds, ...schemaNames]) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`codegen: ${name} cannot be a property of fixtures/http`);
  }
  /** @type {Record<string, string>} */
  const servers = Object.fromEntries(
    (document.servers ?? []).flatMap((/** @type {any} */ s) => Object.entries(s.variables ?? {}).map(([name, v]) => [name, /** @type {any} */ (v).default])),
  );
  return { operationIds, schemaNames, hosts: { legacy: servers.base_url, v1: servers.v2_base_url }, servers };
}

/**
 * @param {import('./model.mjs').CodegenModel} model
 * @param {import('./output.mjs').Output} output
 */
export function generateTesting(model, output) {
  output.own(OUT);
  const slim = /** @type {Record<string, any>} */ (withoutProse(model.document));
  output.add(`${OUT}/document.json`, JSON.stringify(slim));
  const { operationIds, schemaNames, servers } = testingKeysOf(model);
  output.add(
    `${OUT}/names.ts`,
    `${HEADER}// The keys of \`fixtures\` and \`http\` (every operation and every named schema of the spec), and the default hosts.
import type { components, OperationId } from '@laevitas-api/types/operations';

export type SchemaName = keyof components['schemas'];

export const OPERATION_IDS = ${JSON.stringify(operationIds, null, 2)} as const satisfies readonly OperationId[];

export const SCHEMA_NAMES = ${JSON.stringify(schemaNames, null, 2)} as const satisfies readonly SchemaName[];

/** Default base URLs from the spec's server variables (the client's defaults too). */
export const DEFAULT_BASE_URLS = ${JSON.stringify({ base_url: servers.base_url, v2_base_url: servers.v2_base_url }, null, 2)} as const;
`,
  );
}
