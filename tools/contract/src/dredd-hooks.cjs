// Dredd hooks (loaded by Dredd's own `hooks` module). They add credentials, route each transaction to its family's
// base URL, and decide what to do with the non-2xx transactions Dredd generates from the spec (it sends the valid
// example request for them, which can only succeed by accident): against the mock they are forced with
// `Prefer: code=<status>`; against a live deployment they are skipped, because provoking a 402 or 429 there would
// cost money or trip the rate limit.
const hooks = require('hooks');

const kind = process.env.CONTRACT_TARGET_KIND || 'mock';
const key = process.env.LAEVITAS_API_KEY || 'contract-test-key';
const legacy = process.env.LAEVITAS_BASE_URL ? new URL(process.env.LAEVITAS_BASE_URL) : undefined;
const v1 = process.env.LAEVITAS_V2_BASE_URL ? new URL(process.env.LAEVITAS_V2_BASE_URL) : undefined;

function route(transaction, url) {
  if (!url) return;
  transaction.protocol = url.protocol;
  transaction.host = url.hostname;
  transaction.port = url.port || (url.protocol === 'https:' ? '443' : '80');
}

hooks.beforeEach((transaction, done) => {
  const headers = transaction.request.headers;
  headers.apiKey = key;
  headers['X-API-Key'] = key;
  const path = transaction.request.uri;
  route(transaction, path.startsWith('/analytics/') || path.startsWith('/historical/') ? legacy : v1);
  // Dredd 14 always passes a body to its HTTP library, which refuses HEAD requests with one; the vitest
  // conformance suite checks HEAD operations instead.
  if (transaction.request.method === 'HEAD') {
    transaction.skip = true;
    hooks.log(`skipped ${transaction.name}: Dredd 14 cannot send HEAD (covered by the conformance suite)`);
    return done();
  }
  const status = Number(transaction.expected.statusCode);
  if (kind === 'mock') {
    headers.Prefer = `code=${status}`;
  } else if (status >= 300) {
    transaction.skip = true;
  }
  done();
});
