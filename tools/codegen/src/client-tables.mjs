// Generates the client's operation tables: what the client needs at run time to call any operation (method, path,
// family and so base URL, parameters by location, pagination, x402 price, per-market rules), read from the spec, one
// export per operation (operations.ts) so bundles keep only what they call; the whole table (operation-table.ts);
// the resource namespaces (namespaces.ts); the method signatures (methods.ts); the spec's defaults (spec-info.ts).
import { clientNamesOf } from './client-names.mjs';
import { renderMethods } from './client-methods.mjs';
import { renderPageSizes } from './client-page-sizes.mjs';
import { codeHeader } from './output.mjs';

const HEADER = codeHeader();
const OUT = 'packages/client/src/generated';

/** @import { OperationModel, SpecDocument, SpecNode } from '@laevitas-api/spec-model' */
/** @typedef {ReturnType<typeof clientNamesOf>[number]} ClientName */

/**
 * The query parameters the service requires (`required: true`), listed only where there are some, so the client
 * refuses a call without them before sending even when no validators are configured.
 * @param {OperationModel} op
 */
function requiredQueryOf(op) {
  const names = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  return names.length ? { requiredQuery: names } : {};
}

/**
 * @param {import('./model.mjs').CodegenModel} model
 * @param {import('./output.mjs').Output} output
 */
export function generateClientTables({ document, operations, byPath }, output) {
  output.own(OUT);
  /** @type {Record<string, Record<string, unknown>>} operationId → what the client reads of it (operation-info.ts types it) */
  const table = {};
  for (const op of operations) {
    const x = op.extensions;
    table[op.operationId] = {
      method: op.method.toUpperCase(),
      path: op.path,
      family: op.family,
      pathParams: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: op.parameters.filter((p) => p.in === 'query').map((p) => p.name),
      headerParams: op.parameters.filter((p) => p.in === 'header').map((p) => p.name),
      caseInsensitive: op.parameters.filter((p) => p.caseInsensitive).map((p) => p.name),
      hasBody: Boolean(op.requestBody),
      successStatuses: op.responses.filter((r) => r.status < 300).map((r) => r.status),
      ...(x['x-pagination'] ? { pagination: x['x-pagination'] } : {}),
      ...(x['x-rows-per-bucket'] ? { rowsPerBucket: x['x-rows-per-bucket'] } : {}),
      ...(x['x-x402-price'] ? { x402Price: x['x-x402-price'] } : {}),
      ...(x['x-currency-subsets'] ? { currencySubsets: x['x-currency-subsets'] } : {}),
      ...(x['x-max-window'] ? { maxWindow: x['x-max-window'] } : {}),
      ...(x['x-max-cells'] ? { maxCells: x['x-max-cells'] } : {}),
      ...(x['x-requires-one-of'] ? { requiresOneOf: x['x-requires-one-of'] } : {}),
      ...requiredQueryOf(op),
      ...(x['x-rate-limit-group'] ? { rateLimitGroup: x['x-rate-limit-group'] } : {}),
      ...(x['x-required-accept'] ? { requiredAccept: x['x-required-accept'] } : {}),
      ...(x['x-credit-cost'] ? { creditCost: x['x-credit-cost'] } : {}),
      ...(x['x-idempotent-payment'] ? { idempotentPayment: { statusOperationId: statusOperationOf(byPath, op) } } : {}),
    };
  }
  const names = clientNamesOf([...operations]);
  for (const id of Object.keys(table)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(id) || RESERVED.has(id))
      throw new Error(`codegen: operationId ${id} cannot be exported by that name from the client's operations entry`);
  }
  output.add(`${OUT}/methods.ts`, renderMethods(operations, names));
  output.add(`${OUT}/operations.ts`, renderOperations(table));
  output.add(
    `${OUT}/operation-table.ts`,
    `${HEADER}// Every operation by operationId, for the full client (\`client.call('getOptionsOhlcvt', …)\`, the methods and the
// namespaces). An app that imports single operations from '@laevitas-api/client/operations' never loads this.
import type { OperationId } from '@laevitas-api/types/signatures';
import type { OperationInfo } from '../internal/operation-info.js';
import * as operations from './operations.js';

export const OPERATIONS: Readonly<Record<OperationId, OperationInfo>> = operations;
`,
  );
  output.add(`${OUT}/namespaces.ts`, renderNamespaces(names));
  output.add(`${OUT}/page-sizes.ts`, renderPageSizes(document, operations));
  const servers = Object.fromEntries(
    (document.servers ?? []).flatMap((/** @type {SpecNode} */ s) => Object.entries(s.variables ?? {}).map(([name, v]) => [name, v.default])),
  );
  output.add(
    `${OUT}/spec-info.ts`,
    `${HEADER}
/** Default base URLs from the spec's server variables. */
export const DEFAULT_BASE_URLS = ${JSON.stringify({ base_url: servers.base_url, v2_base_url: servers.v2_base_url }, null, 2)} as const;

/** Request limits from \`info.x-rate-limits\`. */
export const RATE_LIMITS = ${JSON.stringify(document.info?.['x-rate-limits'] ?? {}, null, 2)} as const;

/** The x402 pay-per-call terms (\`info.x-x402\`): the price of one call (and so of one credit) and its asset. */
export const X402_TERMS = ${JSON.stringify(x402Terms(document), null, 2)} as const;

/** API version the contract describes. */
export const API_VERSION = ${JSON.stringify(document.info?.version)};
`,
  );
}

// Words that cannot be the name of an exported const.
const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
]);

/**
 * One exported const per operation, so a bundler keeps only the operations an app imports (the module has no side
 * effects), each written as a block of one field per line so a spec change reads as a diff of the fields it changes
 * (minifiers drop the whitespace: the bundle budgets see no difference). The type of each is hand-written
 * (operation-info.ts), checked like the rest of the client.
 * @param {Record<string, Record<string, unknown>>} table
 */
function renderOperations(table) {
  const blocks = [`${HEADER}import type { OperationInfo } from '../internal/operation-info.js';\nimport { preflight } from '../internal/preflight.js';`];
  for (const [id, info] of Object.entries(table)) {
    const fields = Object.entries({ operationId: id, ...info }).map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`);
    // The rules one parameter schema cannot express (x-currency-subsets, x-max-window, x-requires-one-of) are checked
    // by code; only the operations that have such rules reference it, so a bundle without them leaves preflight.ts out.
    if (info.currencySubsets || info.maxWindow || info.requiresOneOf || info.requiredQuery) fields.push('  preflight,');
    blocks.push(`export const ${id}: OperationInfo<'${id}'> = {\n${fields.join('\n')}\n};`);
  }
  return blocks.join('\n\n');
}

/**
 * Namespace → method → operationId, per family: what `client.v1.options.ohlcvt` calls.
 * @param {ClientName[]} names
 */
function renderNamespaces(names) {
  /** @type {Record<string, Record<string, Record<string, string>>>} */
  const tree = {};
  for (const n of names) ((tree[n.family] ??= {})[n.namespace] ??= {})[n.method] = n.operationId;
  return `${HEADER}// Names derived from the spec by tools/codegen/src/client-names.mjs (tags, routes and catalog names).
import type { OperationId } from '@laevitas-api/types/signatures';

export const NAMESPACES: { readonly [family: string]: { readonly [namespace: string]: { readonly [method: string]: OperationId } } } = ${JSON.stringify(tree, null, 2)};
`;
}

/**
 * The checkout status operation a pay request is polled with after a 202: the GET on the pay route's parent path
 * (\`…/checkouts/{id}/pay\` → \`…/checkouts/{id}\`). A pay operation without one is a spec error, so it fails here.
 * @param {ReadonlyMap<string, OperationModel>} byPath the GET operation of each path
 * @param {OperationModel} op
 */
function statusOperationOf(byPath, op) {
  const parent = op.path.replace(/\/[^/]+$/, '');
  const status = byPath.get(parent);
  if (!status) throw new Error(`${op.operationId}: x-idempotent-payment needs a GET status operation at ${parent} to poll after a 202`);
  return status.operationId;
}

/**
 * What the client needs of \`info.x-x402\`: the protocol version, the price per call and the asset it is paid in.
 * @param {SpecDocument} document
 */
function x402Terms(document) {
  const terms = document.info?.['x-x402'];
  if (!terms) return null;
  return { version: terms.version, pricePerCall: terms.pricePerCall, asset: terms.asset };
}
