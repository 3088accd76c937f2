// Code samples for the reference, one set per operation, built from the operation's own examples so the page shows
// a call that would be accepted: curl, the TypeScript client (the operationId method) and Python `requests`.
import { deref } from '@laevitas-api/spec-model';

/** @import { OperationModel, SpecDocument } from '@laevitas-api/spec-model' */
/**
 * What a sample sends: parameters by location, the body, and the Accept header an operation requires.
 * @typedef {{path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown>, body: unknown, accept?: string}} SampleRequest
 */

const KEY_ENV = 'LAEVITAS_API_KEY';

/**
 * The first request-body example of an operation, if it has a JSON body.
 * @param {SpecDocument} document
 * @param {OperationModel} op
 * @returns {unknown}
 */
function bodyExample(document, op) {
  const raw = deref(document, deref(document, document.paths[op.path])[op.method].requestBody);
  const media = raw?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first === undefined ? undefined : deref(document, first).value;
}

/**
 * The parameters a sample sends: every path parameter, every required one, the first of an `x-requires-one-of`
 * list, and the optional query parameters that carry an example. Page and cursor parameters are left out (a
 * first call has none) and so are the other members of a one-of list (they are alternatives, not companions).
 * @param {SpecDocument} document
 * @param {OperationModel} op
 * @returns {SampleRequest}
 */
export function sampleRequest(document, op) {
  const pagination = op.extensions['x-pagination'];
  const skipped = new Set([pagination?.cursorParam, pagination?.pageParam].filter(Boolean));
  const oneOf = op.extensions['x-requires-one-of'] ?? [];
  for (const alternative of oneOf.slice(1)) skipped.add(alternative);
  /** @type {SampleRequest} */
  const request = { path: {}, query: {}, header: {}, body: bodyExample(document, op) };
  for (const p of op.parameters) {
    if (p.example === undefined) {
      if (p.required) throw new Error(`codegen: ${op.operationId} parameter ${p.name} is required and has no example for its code sample`);
      continue;
    }
    const wanted = p.in === 'path' || p.required || p.name === oneOf[0] || (p.in === 'query' && !skipped.has(p.name));
    if (!wanted || p.in === 'cookie') continue;
    request[p.in][p.name] = p.example;
  }
  // MCP Streamable HTTP answers 406 without this exact Accept; the client sets it itself, raw HTTP samples must.
  if (op.extensions['x-required-accept']) request.accept = op.extensions['x-required-accept'];
  return request;
}

/**
 * Credential headers a first call sends, from the operation's security (an empty list means public).
 * @param {OperationModel} op
 * @returns {[name: string, value: string][]}
 */
function credentialHeaders(op) {
  const schemes = new Set(op.security.flatMap((requirement) => Object.keys(requirement)));
  if (op.family === 'legacy') return [['apiKey', `$${KEY_ENV}`]];
  if (schemes.has('XApiKey')) return [['X-API-Key', `$${KEY_ENV}`]];
  return [];
}

/**
 * The family's default base URL: from the servers the operation, its path item or the document declares (a family's
 * servers may sit on each path), resolving `{base_url}` / `{v2_base_url}` with the variable's default.
 * @param {SpecDocument} document
 * @param {OperationModel} op
 * @returns {string}
 */
export function baseUrlOf(document, op) {
  const item = deref(document, document.paths[op.path]);
  /** @type {{url: string, variables?: Record<string, {default: string}>}[]} */
  const servers = [...(item[op.method]?.servers ?? []), ...(item.servers ?? []), ...(document.servers ?? [])];
  const variable = op.family === 'legacy' ? 'base_url' : 'v2_base_url';
  const server = servers.find((s) => s.url.includes(`{${variable}}`)) ?? servers.find((s) => !s.url.includes('{'));
  if (!server) throw new Error(`codegen: no server for ${op.operationId} (${op.family} family)`);
  /** @type {Record<string, string>} */
  const defaults = Object.assign(
    {},
    ...servers.map((s) => Object.fromEntries(Object.entries(s.variables ?? {}).map(([k, v]) => [k, v.default]))),
    server.variables ? Object.fromEntries(Object.entries(server.variables).map(([k, v]) => [k, v.default])) : {},
  );
  return server.url
    .replace(/\{([^}]+)\}/g, (_, name) => {
      if (defaults[name] === undefined) throw new Error(`codegen: no default for server variable ${name}`);
      return defaults[name];
    })
    .replace(/\/$/, '');
}

/** @param {SpecDocument} document @param {OperationModel} op @param {SampleRequest} request */
function urlOf(document, op, request) {
  return baseUrlOf(document, op) + op.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(request.path[name])));
}

/** @type {(query: Record<string, unknown>) => [string, unknown][]} */
const queryPairs = (query) =>
  Object.entries(query).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v) => /** @type {[string, unknown]} */ ([name, v])) : [/** @type {[string, unknown]} */ ([name, value])],
  );

const shellQuote = (/** @type {unknown} */ text) => `'${String(text).replaceAll("'", "'\\''")}'`;

/** @param {SpecDocument} document @param {OperationModel} op @param {SampleRequest} [request] */
export function curlSample(document, op, request = sampleRequest(document, op)) {
  const lines = [];
  const method = op.method.toUpperCase();
  lines.push(method === 'GET' ? `curl -G ${shellQuote(urlOf(document, op, request))}` : `curl -X ${method} ${shellQuote(urlOf(document, op, request))}`);
  for (const [name, value] of queryPairs(request.query)) lines.push(`--data-urlencode ${shellQuote(`${name}=${value}`)}`);
  for (const [name, value] of credentialHeaders(op)) lines.push(`-H "${name}: ${value}"`);
  for (const [name, value] of Object.entries(request.header)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.accept) lines.push(`-H ${shellQuote(`Accept: ${request.accept}`)}`);
  if (request.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(request.body))}`);
  }
  return lines.join(' \\\n  ');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JavaScript literal with unquoted keys where they are identifiers, indented like hand-written code.
 * @param {unknown} value
 * @param {string} [indent]
 * @returns {string}
 */
export function jsLiteral(value, indent = '') {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = value.map((v) => jsLiteral(v, `${indent}  `));
    const flat = `[${inner.join(', ')}]`;
    return flat.length <= 80 && !flat.includes('\n') ? flat : `[\n${inner.map((v) => `${indent}  ${v}`).join(',\n')},\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : JSON.stringify(k)}: ${jsLiteral(v, `${indent}  `)}`);
    return `{\n${inner.map((line) => `${indent}  ${line}`).join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value);
}

/**
 * The TypeScript sample as two parts: the import every sample shares, and the body that calls the method.
 * @param {SpecDocument} document
 * @param {OperationModel} op
 * @param {SampleRequest} [request]
 */
export function typescriptSampleParts(document, op, request = sampleRequest(document, op)) {
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const location of /** @type {const} */ (['path', 'query', 'header'])) if (Object.keys(request[location]).length) args[location] = request[location];
  if (request.body !== undefined) args.body = request.body;
  // Per-call options are the method's second argument.
  const options = request.accept ? `, ${jsLiteral({ headers: { Accept: request.accept } })}` : '';
  const call = Object.keys(args).length || options ? `client.${op.operationId}(${jsLiteral(args)}${options})` : `client.${op.operationId}()`;
  const body = [`const client = createClient({ apiKey: process.env.${KEY_ENV} });`, `const result = await ${call};`, 'console.log(result);'].join('\n');
  return { imports: "import { createClient } from '@laevitas-api/client';", body };
}

/** @param {SpecDocument} document @param {OperationModel} op @param {SampleRequest} [request] */
export function typescriptSample(document, op, request) {
  const { imports, body } = typescriptSampleParts(document, op, request);
  return `${imports}\n\n${body}`;
}

/**
 * A Python literal: JSON with Python's constants.
 * @param {unknown} value
 * @param {string} [indent]
 * @returns {string}
 */
export function pythonLiteral(value, indent = '') {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return value.length ? `[${value.map((v) => pythonLiteral(v, indent)).join(', ')}]` : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([k, v]) => `${indent}    ${JSON.stringify(k)}: ${pythonLiteral(v, `${indent}    `)}`).join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** @param {SpecDocument} document @param {OperationModel} op @param {SampleRequest} [request] */
export function pythonSample(document, op, request = sampleRequest(document, op)) {
  const headers = Object.fromEntries(Object.entries(request.header).map(([k, v]) => [k, String(v)]));
  if (request.accept) headers.Accept = request.accept;
  const credential = credentialHeaders(op);
  const lines = ['import os', '', 'import requests', '', `response = requests.${op.method}(`, `    ${JSON.stringify(urlOf(document, op, request))},`];
  if (Object.keys(request.query).length) lines.push(`    params=${pythonLiteral(request.query, '    ')},`);
  const headerItems = [
    ...credential.map(([name]) => `        ${JSON.stringify(name)}: os.environ[${JSON.stringify(KEY_ENV)}],`),
    ...Object.entries(headers).map(([name, value]) => `        ${JSON.stringify(name)}: ${JSON.stringify(value)},`),
  ];
  if (headerItems.length) lines.push('    headers={', ...headerItems, '    },');
  if (request.body !== undefined) lines.push(`    json=${pythonLiteral(request.body, '    ')},`);
  lines.push('    timeout=30,', ')', 'response.raise_for_status()', 'print(response.json())');
  return lines.join('\n');
}

/**
 * The `x-codeSamples` list Redoc renders on the operation.
 * @param {SpecDocument} document
 * @param {OperationModel} op
 */
export function codeSamplesOf(document, op) {
  const request = sampleRequest(document, op);
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(document, op, request) },
    { lang: 'TypeScript', label: 'TypeScript client', source: typescriptSample(document, op, request) },
    { lang: 'Python', label: 'Python (requests)', source: pythonSample(document, op, request) },
  ];
}

/**
 * One module holding every TypeScript sample, each in its own function, so a single tsc run checks them all.
 * @param {SpecDocument} document
 * @param {OperationModel[]} operations
 */
export function samplesCheckFile(document, operations) {
  const parts = operations.map((op) => /** @type {const} */ ([op, typescriptSampleParts(document, op)]));
  const imports = [...new Set(parts.map(([, p]) => p.imports))];
  const functions = parts.map(([op, p]) => `export async function ${op.operationId}Sample(): Promise<void> {\n${p.body.replace(/^/gm, '  ')}\n}`);
  return [
    '// Generated by tools/codegen from spec/openapi.yaml. Do not edit: run `pnpm generate`.',
    '// Every TypeScript code sample of the reference, verbatim, one function each: `tsc` over this file proves they compile.',
    ...imports,
    '',
    functions.join('\n\n'),
  ].join('\n');
}
