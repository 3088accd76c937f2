// A server that serves the contract with one deliberate fault: it forwards every request to the faithful mock and
// corrupts some responses in one way. It records which operations' responses it actually changed, so a test can
// require that the contract run fails exactly those. Used to prove that the contract run catches drift.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { forward, reply } from '../src/forward.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { operationsOf } from '@laevitas-api/spec-model';

/**
 * @typedef {{status: number, headers: Record<string, string>, text: string}} Wire a response as the server forwards it
 * @typedef {{path?: string, request?: (url: URL) => URL, mutate: (r: Wire) => Wire, reflect?: boolean}} Fault `reflect`: the
 *   success answer also carries the request's API key, in a body field and a header
 */

const OHLCVT = '/api/v1/options/ohlcvt';
/** @type {(r: Wire) => boolean} */
const isSuccess = (r) => r.status >= 200 && r.status < 300;
/** @type {(r: Wire) => boolean} */
const isJson = (r) => /^application\/(.+\+)?json\b/i.test(r.headers['content-type'] ?? '');

/**
 * The first array (depth first) whose first element is an object with fields: a page's first row.
 * @param {unknown} value  @returns {unknown[] | undefined}
 */
function firstRowHolder(value) {
  if (Array.isArray(value)) {
    if (value[0] && typeof value[0] === 'object' && !Array.isArray(value[0]) && Object.keys(value[0]).length) return value;
    for (const item of value) {
      const found = firstRowHolder(item);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) {
      const found = firstRowHolder(item);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Replaces the first number (depth first) by its decimal string; false when the body holds none.
 * @param {any} value a parsed body, changed in place
 * @returns {boolean}
 */
function firstNumberToString(value) {
  if (!value || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'number') {
      value[key] = String(item);
      return true;
    }
    if (firstNumberToString(item)) return true;
  }
  return false;
}

/**
 * Each fault: `path` (only that route; otherwise every operation) and `mutate`, which gets a response as
 * {status, headers, text} and returns it changed or not. `json` faults get the parsed body instead of `text`.
 * @param {(status: number, body: any) => {body: unknown} | undefined} mutate gets the parsed body (any shape)
 * @returns {(r: Wire) => Wire}
 */
const json = (mutate) => (r) => {
  if (!r.text || !isJson(r)) return r;
  const changed = mutate(r.status, JSON.parse(r.text));
  return changed === undefined ? r : { ...r, text: JSON.stringify(changed.body) };
};

/** @type {Record<string, Fault>} */
export const FAULTS = {
  'wrong-type': { path: OHLCVT, mutate: json((status, body) => (status === 200 ? ((body.data[0].volume = '42.5'), { body }) : undefined)) },
  'missing-required-field': { path: OHLCVT, mutate: json((status, body) => (status === 200 ? (delete body.data[0].vwap, { body }) : undefined)) },
  'unknown-enum-member': {
    path: '/api/v1/options/catalog',
    mutate: json((status, body) => (status === 200 ? ((body.data[0].exchange = 'ftx'), { body }) : undefined)),
  },
  'renamed-field': {
    path: OHLCVT,
    mutate: json((status, body) => {
      if (status !== 200) return undefined;
      const row = body.data[0];
      row.buyVolume = row.buy_volume;
      delete row.buy_volume;
      return { body };
    }),
  },
  'wrong-status': { path: OHLCVT, mutate: (r) => (r.status === 200 ? { ...r, status: 201 } : r) },
  'missing-payment-required-header': {
    path: OHLCVT,
    mutate: (r) => {
      if (r.status !== 402) return r;
      const { 'payment-required': _, ...headers } = r.headers;
      return { ...r, headers };
    },
  },
  'repeated-cursor': {
    path: OHLCVT,
    // Every page advertises a next page and serves the same rows again: the cursor is dropped on the way to the
    // mock (which pages for real, and refuses a cursor it never issued).
    request: (url) => (url.searchParams.delete('cursor'), url),
    mutate: json((status, body) => (status === 200 ? ((body.meta.next_cursor = 'c-repeat'), { body }) : undefined)),
  },

  // Faults on every operation's success answer (error answers are left alone).
  'empty-object': { mutate: json((status) => (status < 300 ? { body: {} } : undefined)) },
  'extra-envelope': { mutate: json((status, body) => (status < 300 ? { body: { result: body } } : undefined)) },
  'empty-row': {
    mutate: json((status, body) => {
      if (status >= 300) return undefined;
      const rows = firstRowHolder(body);
      if (!rows) return undefined;
      rows[0] = {};
      return { body };
    }),
  },
  'number-as-string': { mutate: json((status, body) => (status < 300 && firstNumberToString(body) ? { body } : undefined)) },
  'html-body': {
    mutate: (r) =>
      isSuccess(r) && r.text
        ? {
            ...r,
            headers: { ...r.headers, 'content-type': 'text/html; charset=utf-8' },
            text: '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n',
          }
        : r,
  },
  'truncated-json': { mutate: (r) => (isSuccess(r) && isJson(r) && r.text.length >= 2 ? { ...r, text: r.text.slice(0, Math.floor(r.text.length / 2)) } : r) },
};

/** Undocumented fields added to success answers: not faults (the wire is additive), the run must pass and notice them. */
/** @type {Record<string, Fault>} */
export const ADDITIONS = {
  'undocumented-field': {
    path: OHLCVT,
    mutate: json((status, body) => (status === 200 ? ((body.data[0].clsoe = 1), (body.meta.served_by = 'drift'), { body }) : undefined)),
  },
  // The test names the route (`path` option): one whose success body is an x-unpublished-shape object.
  'undocumented-field-on-unpublished-shape': {
    mutate: json((status, body) => (status === 200 ? ((body.drift_extra = 1), { body }) : undefined)),
  },
  // A field null in one row and a number in another: the proposal must say it is nullable.
  'undocumented-nullable-field': {
    path: OHLCVT,
    mutate: json((status, body) => {
      if (status !== 200 || body.data.length < 2) return undefined;
      body.data.forEach((/** @type {any} */ row, /** @type {number} */ i) => (row.drift_ratio = i === 0 ? null : 0.5 + i));
      return { body };
    }),
  },
  'undocumented-header': {
    path: OHLCVT,
    mutate: (r) => (r.status === 200 ? { ...r, headers: { ...r.headers, 'x-drift-region': 'eu-west' } } : r),
  },
  // A hostile service reflecting the caller's key in a new field and a new header: neither may reach a report.
  'reflected-credentials': {
    path: OHLCVT,
    reflect: true,
    mutate: (r) => r,
  },
};

/** @param {Wire} answer  @param {string} key */
function reflectKey(answer, key) {
  const body = JSON.parse(answer.text);
  body.meta.echo_api_key = key;
  return { ...answer, headers: { ...answer.headers, 'x-echo-api-key': key }, text: JSON.stringify(body) };
}

/**
 * Which operation a request is for: literal routes before templated ones, as a router does.
 * @returns {(method: string, pathname: string) => import('../src/spec-model.mjs').OperationModel | undefined}
 */
function operationMatcher() {
  const routes = operationsOf(JSON.parse(readFileSync(SPEC_JSON, 'utf8')))
    .map((op) => ({
      op,
      params: (op.path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return (method, pathname) => routes.find((r) => r.op.method === method.toLowerCase() && r.pattern.test(pathname))?.op;
}

/** @param {{upstream: string, fault: string, path?: string}} options `path` narrows the fault to one route. */
export async function startDriftServer({ upstream, fault, path }) {
  const chosen = FAULTS[fault] ?? ADDITIONS[fault];
  if (!chosen) throw new Error(`unknown fault ${fault}`);
  const spec = path ? { ...chosen, path } : chosen;
  const match = operationMatcher();
  /** operationIds whose responses this server changed. */
  /** @type {Set<string>} */
  const altered = new Set();
  const server = createServer(async (req, res) => {
    const url = new URL(/** @type {string} */ (req.url), upstream);
    if (spec.request && (!spec.path || url.pathname === spec.path)) spec.request(url);
    const upstreamAnswer = await forward(req, url);
    const original = { status: upstreamAnswer.status, headers: upstreamAnswer.headers, text: upstreamAnswer.body };
    const op = match(/** @type {string} */ (req.method), url.pathname);
    let answer = original;
    if (op && (!spec.path || spec.path === op.path)) {
      answer = spec.mutate(structuredClone(original));
      if (spec.reflect && answer.status === 200) answer = reflectKey(answer, String(req.headers['x-api-key'] ?? req.headers.apikey ?? ''));
      if (answer.status !== original.status || answer.text !== original.text || JSON.stringify(answer.headers) !== JSON.stringify(original.headers))
        altered.add(op.operationId);
    }
    reply(res, { status: answer.status, headers: answer.headers, body: answer.text });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    altered: () => [...altered].sort(),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
