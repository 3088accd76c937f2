// Reads the bundled document into the flat list of operations every generator works from, so the rules "which
// family is this path", "which parameters does it take", "what does it return" live in exactly one place.

/**
 * A node of a parsed OpenAPI, AsyncAPI or JSON Schema document. The documents are parsed JSON or YAML whose shape the
 * spec rules (tools/codegen/test/spec-rules.test.ts) and Redocly check, not this type: a node stays open, and the
 * tools read the keys they rely on.
 * @typedef {Record<string, any>} SpecNode
 */
/**
 * A whole bundled document (spec/dist/openapi.json and the family bundles).
 * @typedef {SpecNode & {paths: Record<string, SpecNode>, components?: Record<string, Record<string, SpecNode>>}} SpecDocument
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Schema keywords that only document: they change no value a schema accepts. */
export const ANNOTATION_KEYWORDS = [
  'title',
  'description',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
];

/**
 * @param {SpecNode} document
 * @param {string} ref e.g. '#/components/parameters/Limit'
 * @returns {any} whatever the pointer names: a node, or a scalar inside one
 */
export function resolveRef(document, ref) {
  if (!ref.startsWith('#/')) throw new Error(`codegen: external $ref left in bundle: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((/** @type {any} */ node, key) => {
      if (node == null || !(key in node)) throw new Error(`codegen: unresolved $ref ${ref}`);
      return node[key];
    }, document);
}

/**
 * The node itself, or what its `$ref` chain ends at.
 * @param {SpecNode} document
 * @param {any} node
 * @returns {any}
 */
export function deref(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`codegen: circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = resolveRef(document, current.$ref);
  }
  return current;
}

/** The family is decided by the servers the path item declares (its templated override names the family's
 * variable), falling back to the path prefix.
 * @param {string} path
 * @param {SpecNode | undefined} pathItem
 * @returns {'legacy' | 'v1'}
 */
export function familyOf(path, pathItem) {
  const urls = (pathItem?.servers ?? []).map((/** @type {SpecNode} */ s) => s.url);
  if (urls.includes('{base_url}')) return 'legacy';
  if (urls.includes('{v2_base_url}')) return 'v1';
  return /^\/(?:analytics|historical|pricer|V2)\//.test(path) ? 'legacy' : 'v1';
}

/**
 * @typedef {{name: string, in: 'path'|'query'|'header'|'cookie', required: boolean, schema: any, description?: string,
 *   example?: any, caseInsensitive: boolean}} ParameterModel
 * @typedef {{operationId: string, method: string, path: string, family: 'legacy'|'v1', tags: string[], summary: string,
 *   parameters: ParameterModel[], requestBody: {required: boolean, schema: any} | undefined,
 *   responses: {status: number, schema: any | undefined, headers: Record<string, any>}[], extensions: Record<string, any>,
 *   security: any[]}} OperationModel
 */

/**
 * Every way the service accepts a call: the declared security (the API-key schemes generators fill in) plus each
 * scheme of `x-auth-alternatives` (credit token, x402 payment, agent Bearer) as an alternative of its own. A public
 * operation (`security: []`) with alternatives stays callable anonymously (`{}`), as the 402 flow needs.
 * @param {SpecNode} op
 * @param {SpecNode} document read for its document-wide `security` and `x-auth-alternatives`
 * @returns {Record<string, string[]>[]}
 */
export function securityOf(op, document) {
  const declared = op.security ?? document.security ?? [];
  const alternatives = op['x-auth-alternatives'] ?? (op.security ? [] : (document['x-auth-alternatives'] ?? []));
  if (!alternatives.length) return declared;
  return [...(declared.length ? declared : [{}]), ...alternatives.map((/** @type {string} */ name) => ({ [name]: [] }))];
}

/**
 * Every operation as written: its path, method and (dereferenced) path item's operation object. For tools that read
 * keys the model leaves out (docs guides read examples and extensions); operationsOf builds the model from it.
 * @param {SpecDocument} document
 * @returns {{path: string, method: string, op: SpecNode, pathItem: SpecNode}[]}
 */
export function rawOperationsOf(document) {
  const found = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const pathItem = deref(document, rawItem);
    for (const method of HTTP_METHODS) if (pathItem[method]) found.push({ path, method, op: pathItem[method], pathItem });
  }
  return found;
}

/**
 * @param {SpecDocument} document
 * @returns {OperationModel[]}
 */
export function operationsOf(document) {
  /** @type {OperationModel[]} */
  const operations = [];
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const pathItem = deref(document, rawItem);
    const shared = pathItem.parameters ?? [];
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`codegen: ${method.toUpperCase()} ${path} has no operationId`);
      /** @type {Map<string, ParameterModel>} */
      const byKey = new Map();
      for (const raw of [...shared, ...(op.parameters ?? [])]) {
        const p = deref(document, raw);
        byKey.set(`${p.in}:${p.name}`, {
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
          description: p.description,
          example: p.example,
          caseInsensitive: p['x-case-insensitive'] === true,
        });
      }
      const body = op.requestBody ? deref(document, op.requestBody) : undefined;
      const responses = Object.entries(op.responses ?? {})
        .filter(([status]) => /^[0-9]{3}$/.test(status))
        .map(([status, raw]) => {
          const response = deref(document, raw);
          return {
            status: Number(status),
            schema: response.content?.['application/json']?.schema,
            headers: Object.fromEntries(Object.entries(response.headers ?? {}).map(([name, h]) => [name.toLowerCase(), deref(document, h)])),
          };
        });
      operations.push({
        operationId: op.operationId,
        method,
        path,
        family: familyOf(path, pathItem),
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        parameters: [...byKey.values()],
        requestBody: body?.content?.['application/json'] ? { required: Boolean(body.required), schema: body.content['application/json'].schema } : undefined,
        responses,
        extensions: Object.fromEntries(Object.entries(op).filter(([key]) => key.startsWith('x-'))),
        security: securityOf(op, document),
      });
    }
  }
  const ids = new Set();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`codegen: duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
  }
  return operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * @typedef {{schemaName: string, constName: string, values: string[], description: string | undefined}} ValueSet
 */

/**
 * Component schemas that are closed string value sets: they become runtime constants.
 * @param {SpecDocument} document
 * @returns {ValueSet[]}
 */
export function valueSetsOf(document) {
  return Object.entries(document.components?.schemas ?? {})
    .filter(([, s]) => s.type === 'string' && Array.isArray(s.enum) && s.enum.every((/** @type {unknown} */ v) => typeof v === 'string'))
    .map(([name, s]) => ({ schemaName: name, constName: constantName(name), values: s.enum, description: s.description }));
}

/** MarketsA → MARKETS_A, TradesGroupBy → TRADES_GROUP_BY_VALUES, Resolution → RESOLUTIONS, Granularity → GRANULARITIES, OptionsExchange → OPTIONS_EXCHANGES. */
/** @param {string} schemaName */
export function constantName(schemaName) {
  const words = schemaName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .split('_');
  const last = /** @type {string} split always yields one word */ (words.at(-1));
  if (/^[A-Z]$/.test(last) || /s$/.test(last)) {
    // already plural (MarketsA, ...Options) or a set letter
  } else if (last.length <= 2) {
    words.push('Values'); // GroupBy → GROUP_BY_VALUES: no readable plural
  } else {
    words[words.length - 1] = /[^aeiou]y$/.test(last) ? last.slice(0, -1) + 'ies' : /(x|ch|sh)$/.test(last) ? last + 'es' : last + 's';
  }
  return words.join('_').toUpperCase();
}

/**
 * The component a parameter schema draws its values from: a direct $ref or a single-entry allOf $ref.
 * @param {SpecNode | undefined} schema
 * @returns {string | undefined}
 */
export function valueSetNameOf(schema) {
  const ref = schema?.$ref ?? (schema?.allOf?.length === 1 ? schema.allOf[0].$ref : undefined);
  return ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
}

/**
 * For each value set, one operation parameter (path or query) that draws from it, with a valid request built from
 * the examples, so tests can swap in each member and a non-member. Sets used only in bodies are not listed.
 * @param {SpecDocument} document
 */
export function valueSetParameterUses(document) {
  const uses = [];
  const ops = operationsOf(document);
  for (const set of valueSetsOf(document)) {
    for (const op of ops) {
      const target = op.parameters.find((p) => (p.in === 'path' || p.in === 'query') && valueSetNameOf(p.schema) === set.schemaName);
      if (!target || op.requestBody || op.parameters.some((p) => p.in === 'header' && p.required)) continue;
      // Only path and query: an operation with a required header was skipped above.
      /** @type {Record<string, Record<string, unknown>>} */
      const request = { path: {}, query: {} };
      for (const p of op.parameters) {
        const bucket = request[p.in];
        if (bucket && p.example !== undefined && (p.in === 'path' || p.required)) bucket[p.name] = p.example;
      }
      uses.push({
        ...set,
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        family: op.family,
        location: target.in,
        param: target.name,
        caseInsensitive: target.caseInsensitive,
        request,
      });
      break;
    }
  }
  return uses;
}

/** The legacy-to-v1 migration map lives beside the model it walks.
 * @typedef {import('./v1-counterparts.mjs').Migration} Migration
 * @typedef {import('./v1-counterparts.mjs').OperationRef} OperationRef
 */
export { DIFFERENCE_KEYS, v1Counterparts } from './v1-counterparts.mjs';

/** The documented answer of an operation at a status, and the wrapper chain of a schema, each in a module of its own.
 * @typedef {import('./responses.mjs').OperationRoute} OperationRoute
 */
export {
  firstExampleOf,
  jsonMediaOf,
  operationObjectOf,
  pointerToken,
  requestBodyExampleOf,
  responseEntryOf,
  responseExampleOf,
  responseOf,
} from './responses.mjs';
export { SCHEMA_CHAIN_LIMIT, schemaChainOf } from './schema-chain.mjs';
