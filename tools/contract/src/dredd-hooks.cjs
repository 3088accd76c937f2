// Dredd hooks (loaded by Dredd's own `hooks` module). They add credentials, route each transaction to its family's
// base URL, name each transaction after its operationId (so reports can say which operation failed), merge the
// transactions of an operation that documents more than one success status into one that accepts any of them, and
// decide what to do with the non-2xx transactions Dredd generates from the spec (it sends the valid example request
// for them, which can only succeed by accident): against the mock they are forced with `Prefer: code=<status>`;
// against a live deployment they are skipped, because provoking a 402 or 429 there would cost money or trip the
// rate limit.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const hooks = require('hooks');
const { liveSkipReason } = require('./live-skips.cjs');
const { credentialHeaders, familyOfPath } = require('@laevitas-api/client/wire');

/** @typedef {import('hooks').Transaction} Transaction */

/** The transaction's JSON body (what a per-method cost is read from), or undefined.  @param {string | undefined} text */
function jsonBody(text) {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
/** @typedef {import('hooks').Expectation} Expectation */

const kind = process.env.CONTRACT_TARGET_KIND || 'mock';
const key = process.env.LAEVITAS_API_KEY || 'contract-test-key';
const legacy = process.env.LAEVITAS_BASE_URL ? new URL(process.env.LAEVITAS_BASE_URL) : undefined;
const v1 = process.env.LAEVITAS_V2_BASE_URL ? new URL(process.env.LAEVITAS_V2_BASE_URL) : undefined;
const specPath = process.env.CONTRACT_SPEC_JSON || join(__dirname, '../../../spec/dist/openapi.json');

/** @type {import('./spec-model.mjs').OpenApiDocument} the same bundle the conformance run reads, walked loosely */
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
// The operations and $ref resolution come from the workspace's one spec model, so the hooks and the runner cannot
// disagree on what an operation is. It is ESM and Dredd requires this file, so it is imported once, before the first
// hook runs; './spec-model.mjs' is the runner's own facade in the sources and its inlined build beside the published
// bundle (tsdown.config.mjs).
const specModel = import('./spec-model.mjs');
/** `GET /api/v1/options/ohlcvt` → its method and operation object (filled in by the first hook).
 * @type {Map<string, {method: string, op: any}>} */
const operations = new Map();
/** The spec model's `deref` (set with the operations): a node, or what its `$ref` chain ends at.
 * @type {(node: any) => any} */
let resolve = () => {
  throw new Error('dredd-hooks: the spec model is read in beforeAll, before any transaction');
};

// Dredd names an OpenAPI 3 resource by its path template and its transaction id is `METHOD (status) uri`.
/** @param {Transaction} transaction */
const entryOf = (transaction) => operations.get(`${transaction.request.method} ${transaction.origin.resourceName}`);
/** @param {Transaction} transaction  @returns {string | undefined} */
const operationIdOf = (transaction) => entryOf(transaction)?.op.operationId;
/** @param {Transaction} transaction */
const isSuccess = (transaction) => /^2\d\d$/.test(String(transaction.expected.statusCode));

/** @param {Transaction} transaction  @param {URL | undefined} url */
function route(transaction, url) {
  if (!url) return;
  transaction.protocol = url.protocol;
  transaction.host = url.hostname;
  transaction.port = url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * The other documented success answers a kept transaction accepts: `[expected, …]`. Dredd makes one transaction per
 * documented status and content type, and a server answers one of them (a payment settled now is 200, one still
 * settling is 202; the agent endpoint answers JSON or an event stream as it chooses), so all but one would always
 * fail. The first transaction of the lowest success status is kept; the other success transactions are removed from
 * the run and their expectations become alternatives, chosen by the real status and media type.
 */
/** @type {WeakMap<Transaction, Expectation[]>} */
const alternatives = new WeakMap();

// The run's selection (--only/--family/--tag/--skip, resolved by the CLI): transactions of other operations are
// removed, not skipped, so Dredd's counts are those of the selected operations.
const selected = process.env.CONTRACT_SELECTED ? new Set(process.env.CONTRACT_SELECTED.split(',')) : undefined;

hooks.beforeAll((transactions, done) => {
  // A spec model that fails to load rejects unhandled, which ends Dredd's process with the error: no run without it.
  void specModel.then(({ deref, rawOperationsOf }) => {
    for (const { path, method, op } of rawOperationsOf(spec)) operations.set(`${method.toUpperCase()} ${path}`, { method, op });
    resolve = (node) => deref(spec, node);
    selectAndMerge(transactions);
    done();
  });
});

/**
 * Removes the transactions of unselected operations, then merges each operation's success transactions into one.
 * @param {Transaction[]} transactions
 */
function selectAndMerge(transactions) {
  if (selected) {
    const keep = transactions.filter((t) => selected.has(/** @type {string} */ (operationIdOf(t))));
    transactions.splice(0, transactions.length, ...keep);
  }
  /** @type {Map<string, Transaction[]>} */
  const byOperation = new Map();
  for (const t of transactions) {
    const group = `${t.request.method} ${t.origin.resourceName}`;
    if (!byOperation.has(group)) byOperation.set(group, []);
    /** @type {Transaction[]} */ (byOperation.get(group)).push(t);
  }
  for (const group of byOperation.values()) {
    const successes = group.filter(isSuccess).sort((a, b) => Number(a.expected.statusCode) - Number(b.expected.statusCode));
    const [kept, ...merged] = successes;
    if (!kept || merged.length === 0) continue;
    alternatives.set(
      kept,
      merged.map((t) => t.expected),
    );
    for (const t of merged) transactions.splice(transactions.indexOf(t), 1);
    const answers = successes.map((t) => `${t.expected.statusCode} ${mediaTypeOf(t.expected.headers) || '(no body)'}`);
    hooks.log(`${operationIdOf(kept) ?? kept.name}: one transaction accepts ${answers.join(' or ')}`);
  }
}

/** The first documented JSON example of an operation's response, or undefined.  @param {any} op  @param {number} status */
function documentedExample(op, status) {
  const media = resolve(resolve(op.responses?.[String(status)])?.content?.['application/json']);
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first === undefined ? undefined : resolve(first).value;
}

/**
 * The media type of a header map's Content-Type, lower case and without parameters ('' when there is none).
 * @param {Record<string, string> | undefined} headers
 */
function mediaTypeOf(headers) {
  const name = Object.keys(headers || {}).find((n) => n.toLowerCase() === 'content-type');
  return name && headers ? (String(headers[name]).split(';')[0] ?? '').trim().toLowerCase() : '';
}

hooks.beforeEach((transaction, done) => {
  const operationId = operationIdOf(transaction);
  const accepts = alternatives.get(transaction);
  const status = Number(transaction.expected.statusCode);
  // The id is what Dredd's reporters (and so the xunit file) print: lead with the operationId.
  const statuses = [...new Set([status, ...(accepts ?? []).map((e) => Number(e.statusCode))])];
  transaction.id = `${operationId ?? '(unknown operation)'} ${transaction.request.method} (${statuses.join('|')}) ${transaction.request.uri}`;
  const headers = transaction.request.headers;
  // Family routing and credential headers as the client does them (the shared wire layer).
  const family = familyOfPath(transaction.request.uri);
  Object.assign(headers, credentialHeaders(family, { apiKey: key }));
  const entry = entryOf(transaction);
  // The agent endpoint answers 406 unless the request accepts both of its media types.
  if (entry?.op['x-required-accept']) headers.Accept = entry.op['x-required-accept'];
  const skipReason = kind === 'live' && entry ? liveSkipReason(entry.method, entry.op, spec, jsonBody(transaction.request.body)) : undefined;
  if (skipReason) {
    transaction.skip = true;
    hooks.log(`skipped ${transaction.id}: ${skipReason}`);
    return done();
  }
  route(transaction, family === 'legacy' ? legacy : v1);
  // Dredd 14 always passes a body to its HTTP library, which refuses HEAD requests with one; the vitest
  // conformance suite checks HEAD operations instead.
  if (transaction.request.method === 'HEAD') {
    transaction.skip = true;
    hooks.log(`skipped ${transaction.name}: Dredd 14 cannot send HEAD (covered by the conformance suite)`);
    return done();
  }
  if (kind === 'mock') {
    headers.Prefer = `code=${status}`;
    // Dredd's OpenAPI 3 reader ignores named `examples` and makes up an expected body from every property of the
    // schema, then requires each key. An error body's properties are alternatives (an open, partly published
    // shape), so the documented example is what the answer is compared with.
    const example = status >= 400 && entry ? documentedExample(entry.op, status) : undefined;
    if (example !== undefined) transaction.expected.body = JSON.stringify(example);
  } else if (status >= 300) {
    transaction.skip = true;
  }
  done();
});

// A merged transaction answered with one of its other documented success statuses is validated against that
// status's documented response (headers and body), not the first one's.
hooks.beforeEachValidation((transaction, done) => {
  const accepts = alternatives.get(transaction);
  if (accepts && transaction.real) {
    const candidates = [transaction.expected, ...accepts].filter((e) => String(e.statusCode) === String(transaction.real?.statusCode));
    const real = mediaTypeOf(transaction.real.headers);
    const chosen = candidates.find((e) => mediaTypeOf(e.headers) === real) ?? candidates[0];
    if (chosen) transaction.expected = chosen;
  }
  ignoreMediaTypeParameters(transaction);
  withoutOptionalHeaders(transaction);
  done();
});

/**
 * Dredd 14 expects every header a response documents, `required: false` or not. A header the spec marks optional
 * (the agent endpoint's `x-credit-token` comes only with a paid call, never with a key) is taken off what Dredd
 * checks; the conformance suite still validates it whenever it is sent.
 * @param {Transaction} transaction
 */
function withoutOptionalHeaders(transaction) {
  const expected = transaction.expected && transaction.expected.headers;
  const response = entryOf(transaction)?.op.responses?.[String(transaction.expected.statusCode)];
  if (!expected || !response?.headers) return;
  for (const [name, header] of Object.entries(response.headers)) {
    if (resolve(header)?.required === true) continue;
    for (const key of Object.keys(expected)) if (key.toLowerCase() === name.toLowerCase()) delete expected[key];
  }
}

/**
 * `application/json; charset=utf-8` is `application/json`: a charset parameter means nothing to JSON (RFC 8259 8.1)
 * and servers built on Express/NestJS always send it. Dredd compares the header as a string, and exactly (an enum)
 * when the response documents other headers, so a faithful server would fail on a parameter. When the real media type
 * without its parameters is the documented one, Dredd sees the documented value; any other media type still fails.
 * @param {Transaction} transaction
 */
function ignoreMediaTypeParameters(transaction) {
  const real = transaction.real && transaction.real.headers;
  const expected = transaction.expected && transaction.expected.headers;
  if (!real || !expected) return;
  const realKey = Object.keys(real).find((name) => name.toLowerCase() === 'content-type');
  const expectedKey = Object.keys(expected).find((name) => name.toLowerCase() === 'content-type');
  const expectedValue = expectedKey && expected[expectedKey];
  if (realKey && expectedValue !== undefined && mediaTypeOf(real) === mediaTypeOf(expected)) real[realKey] = expectedValue;
}
