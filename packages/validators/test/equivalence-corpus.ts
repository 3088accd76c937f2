// A fixed corpus of inputs for every operation: each response example, every schema-guided mutant of it (mutation.ts),
// hostile values (fast-check, seeded) at the root and at every mutation site, header samples, and requests built from
// the parameters' examples with each parameter broken in turn. The generated validators' verdicts and issue messages
// over this corpus are recorded (fixtures/equivalence.json), so a change to how the validators are generated must
// keep every one of them byte for byte.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { applySite, collectSites, type Site } from './mutation.js';

const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));

/** Values a hostile or broken server could send in place of any field. */
const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  '2026-13-45',
  '2026-11-28T10:00:00Z',
  [],
  [null],
  {},
  { unexpected: 1 },
  ...fc.sample(fc.jsonValue({ maxDepth: 2 }), { seed: 20261128, numRuns: 12 }),
];
/** Strings a caller could pass as any parameter. */
const PARAMETER_VALUES = ['', 'x', '0', '-1', '1', '100', '1001', '1.5', 'true', 'BTC', '2026-11-28T00:00:00Z', 'not a date', ' ', 'deribit:BTC-PERPETUAL'];

export interface Sample {
  kind: 'response' | 'request';
  status?: number;
  body?: unknown;
  headers?: Record<string, unknown>;
  request?: { path?: Record<string, unknown>; query?: Record<string, unknown>; headers?: Record<string, unknown>; body?: unknown };
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  parent[path.at(-1)!] = replacement;
  return copy;
}

function responseSamples(op: any): Sample[] {
  const out: Sample[] = [];
  for (const [statusText, response] of Object.entries<any>(op.responses)) {
    const status = Number(statusText);
    const media = response.content?.['application/json'];
    const headerNames = Object.keys(response.headers ?? {});
    for (const body of HOSTILE) out.push({ kind: 'response', status, body });
    for (const example of Object.values<any>(media?.examples ?? {})) {
      const value = example.value;
      out.push({ kind: 'response', status, body: value });
      const sites: Site[] = media?.schema ? collectSites(media.schema, value) : [];
      for (const site of sites) {
        out.push({ kind: 'response', status, body: applySite(value, site) });
        for (const hostile of HOSTILE) out.push({ kind: 'response', status, body: setAt(value, site.path, hostile) });
      }
      for (const name of headerNames) {
        for (const headerValue of ['', 'x', '12', '-3', 'e30=', 'eyJ4NDAyVmVyc2lvbiI6MX0=']) {
          out.push({ kind: 'response', status, body: value, headers: { [name]: headerValue } });
        }
      }
    }
  }
  return out;
}

function requestSamples(op: any): Sample[] {
  const params: any[] = op.parameters ?? [];
  const base: Record<string, Record<string, unknown>> = { path: {}, query: {}, headers: {} };
  for (const p of params) {
    const bucket = base[p.in === 'header' ? 'headers' : p.in];
    if (bucket && p.example !== undefined) bucket[p.name] = String(p.example);
  }
  const out: Sample[] = [
    { kind: 'request', request: base },
    { kind: 'request', request: {} },
  ];
  out.push({ kind: 'request', request: { ...base, query: { ...base.query, not_a_parameter: '1' } } });
  for (const p of params) {
    const where = p.in === 'header' ? 'headers' : p.in;
    if (!(where in base)) continue;
    const { [p.name]: _removed, ...without } = base[where]!;
    out.push({ kind: 'request', request: { ...base, [where]: without } });
    for (const value of PARAMETER_VALUES) out.push({ kind: 'request', request: { ...base, [where]: { ...base[where], [p.name]: value } } });
  }
  const body = op.requestBody?.content?.['application/json'];
  if (body) {
    const examples = Object.values<any>(body.examples ?? {}).map((e) => e.value);
    if (body.example !== undefined) examples.push(body.example);
    for (const value of HOSTILE) out.push({ kind: 'request', request: { ...base, body: value } });
    for (const value of examples) {
      out.push({ kind: 'request', request: { ...base, body: value } });
      for (const site of collectSites(body.schema, value)) out.push({ kind: 'request', request: { ...base, body: applySite(value, site) } });
    }
  }
  return out;
}

/** Every operation's samples, by operation id, in the spec's order. */
export function corpus(): Map<string, Sample[]> {
  const byOperation = new Map<string, Sample[]>();
  for (const item of Object.values<any>(deref.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head']) {
      const op = item[method];
      if (op) byOperation.set(op.operationId, [...responseSamples(op), ...requestSamples(op)]);
    }
  }
  return byOperation;
}
