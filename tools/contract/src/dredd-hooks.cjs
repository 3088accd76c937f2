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
const { credentialHeaders, familyOfPath } = require('@laevitas-api/client/wire');

const kind = process.env.CONTRACT_TARGET_KIND || 'mock';
const key = process.env.LAEVITAS_API_KEY || 'contract-test-key';
const legacy = process.env.LAEVITAS_BASE_URL ? new URL(process.env.LAEVITAS_BASE_URL) : undefined;
const v1 = process.env.LAEVITAS_V2_BASE_URL ? new URL(process.env.LAEVITAS_V2_BASE_URL) : undefined;
const specPath = process.env.CONTRACT_SPEC_JSON || join(__dirname, '../../../spec/dist/openapi.json');

/** `GET /api/v1/options/ohlcvt` → operationId, from the same bundle the conformance run reads. */
const operationIds = new Map();
for (const [path, item] of Object.entries(JSON.parse(readFileSync(specPath, 'utf8')).paths ?? {})) {
  for (const [method, op] of Object.entries(item)) if (op && op.operationId) operationIds.set(`${method.toUpperCase()} ${path}`, op.operationId);
}

// Dredd names an OpenAPI 3 resource by its path template and its transaction id is `METHOD (status) uri`.
const operationIdOf = (transaction) => operationIds.get(`${transaction.request.method} ${transaction.origin.resourceName}`);
const isSuccess = (transaction) => /^2\d\d$/.test(String(transaction.expected.statusCode));

function route(transaction, url) {
  if (!url) return;
  transaction.protocol = url.protocol;
  transaction.host = url.hostname;
  transaction.port = url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * The other documented success answers a kept transaction accepts, by status: `{'202': expected}`. Dredd makes one
 * transaction per documented status, and a server answers one of them (a payment settled now is 200, one still
 * settling is 202), so one of the two would always fail. The lowest success status keeps its transactions (one per
 * content type); the others are removed from the run and their expectations become alternatives.
 */
const alternatives = new WeakMap();

hooks.beforeAll((transactions, done) => {
  const byOperation = new Map();
  for (const t of transactions) {
    const group = `${t.request.method} ${t.origin.resourceName}`;
    if (!byOperation.has(group)) byOperation.set(group, []);
    byOperation.get(group).push(t);
  }
  for (const group of byOperation.values()) {
    const statuses = [...new Set(group.filter(isSuccess).map((t) => String(t.expected.statusCode)))].sort();
    if (statuses.length < 2) continue;
    const kept = group.filter((t) => String(t.expected.statusCode) === statuses[0]);
    const merged = group.filter((t) => isSuccess(t) && String(t.expected.statusCode) !== statuses[0]);
    const accepts = Object.fromEntries(merged.map((t) => [String(t.expected.statusCode), t.expected]));
    for (const t of kept) alternatives.set(t, accepts);
    for (const t of merged) transactions.splice(transactions.indexOf(t), 1);
    hooks.log(`${operationIdOf(kept[0]) ?? kept[0].name}: one transaction accepts ${statuses.join(' or ')}`);
  }
  done();
});

hooks.beforeEach((transaction, done) => {
  const operationId = operationIdOf(transaction);
  const accepts = alternatives.get(transaction);
  const status = Number(transaction.expected.statusCode);
  // The id is what Dredd's reporters (and so the xunit file) print: lead with the operationId.
  transaction.id = `${operationId ?? '(unknown operation)'} ${transaction.request.method} (${accepts ? [status, ...Object.keys(accepts)].join('|') : status}) ${transaction.request.uri}`;
  // Family routing and credential headers as the client does them (the shared wire layer).
  const family = familyOfPath(transaction.request.uri);
  Object.assign(transaction.request.headers, credentialHeaders(family, { apiKey: key }));
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
  } else if (status >= 300) {
    transaction.skip = true;
  }
  done();
});

// A merged transaction answered with one of its other documented success statuses is validated against that
// status's documented response (headers and body), not the first one's.
hooks.beforeEachValidation((transaction, done) => {
  const accepts = alternatives.get(transaction);
  const other = accepts && accepts[String(transaction.real && transaction.real.statusCode)];
  if (other) transaction.expected = other;
  done();
});
