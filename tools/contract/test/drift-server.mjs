// A server that serves the contract with one deliberate fault: it forwards every request to the faithful Prism mock
// and corrupts the responses of one operation in one way. Used to prove that the contract run catches drift.
import { createServer } from 'node:http';
// @ts-ignore plain ESM module
import { forward, reply } from '../src/forward.mjs';

const OHLCVT = '/api/v1/options/ohlcvt';

/** Each fault: which path it corrupts and how. `mutate` gets {status, headers, body, url} and returns the same. */
export const FAULTS = {
  'wrong-type': { path: OHLCVT, mutate: (r) => (r.status === 200 && (r.body.data[0].volume = '42.5'), r) },
  'missing-required-field': { path: OHLCVT, mutate: (r) => (r.status === 200 && delete r.body.data[0].vwap, r) },
  'unknown-enum-member': { path: '/api/v1/options/catalog', mutate: (r) => (r.status === 200 && (r.body.data[0].exchange = 'ftx'), r) },
  'renamed-field': {
    path: OHLCVT,
    mutate: (r) => {
      if (r.status === 200) {
        const row = r.body.data[0];
        row.buyVolume = row.buy_volume;
        delete row.buy_volume;
      }
      return r;
    },
  },
  'wrong-status': { path: OHLCVT, mutate: (r) => (r.status === 200 ? { ...r, status: 201 } : r) },
  'missing-payment-required-header': {
    path: OHLCVT,
    mutate: (r) => {
      if (r.status === 402) delete r.headers['payment-required'];
      return r;
    },
  },
  'repeated-cursor': {
    path: OHLCVT,
    // Every page advertises a next page and serves the same rows again: the cursor is dropped on the way to the
    // mock (which pages for real, and refuses a cursor it never issued).
    request: (url) => (url.searchParams.delete('cursor'), url),
    mutate: (r) => (r.status === 200 && (r.body.meta.next_cursor = 'c-repeat'), r),
  },
};

/** @param {{upstream: string, fault: keyof typeof FAULTS}} options */
export async function startDriftServer({ upstream, fault }) {
  const spec = FAULTS[fault];
  if (!spec) throw new Error(`unknown fault ${fault}`);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, upstream);
    if (spec.request && url.pathname === spec.path) spec.request(url);
    let response = { ...(await forward(req, url)), url };
    if (url.pathname === spec.path && response.body) {
      response.body = JSON.parse(response.body);
      response = spec.mutate(response);
      response.body = JSON.stringify(response.body);
    }
    reply(res, response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
