// Every example in the contract validates against its own schema, with the generated validators that users ship.
// The last block proves the check can fail: broken copies of real examples are rejected.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { loadBundle, operations, resolve$ref } from './load.js';

const require = createRequire(import.meta.url);
const validators = require('../../../packages/validators/index.cjs');
const doc = loadBundle();
const ops = operations(doc);

function examplesOf(media: any): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (media?.example !== undefined) out.push(['example', media.example]);
  for (const [name, ex] of Object.entries(media?.examples ?? {})) out.push([name, resolve$ref(doc, ex).value]);
  return out;
}

function responseExamples(op: (typeof ops)[number]) {
  const pathItem = resolve$ref(doc, doc.paths[op.path]);
  const raw = pathItem[op.method].responses;
  return Object.entries(raw).flatMap(([status, r]: [string, any]) =>
    examplesOf(resolve$ref(doc, r).content?.['application/json']).map(([name, value]) => ({ status: Number(status), name, value })),
  );
}

describe('every operation has at least one example per documented JSON response, and each validates', () => {
  for (const op of ops) {
    it(`${op.operationId}`, () => {
      const examples = responseExamples(op);
      const withBody = op.responses.filter((r) => r.schema);
      for (const response of withBody) {
        expect(
          examples.some((e) => e.status === response.status),
          `${op.operationId} ${response.status} has no example`,
        ).toBe(true);
      }
      for (const example of examples) {
        const result = validators.validateResponse(op.operationId, example.status, example.value);
        expect(result.ok ? [] : result.issues.map((i: any) => i.message), `${op.operationId} ${example.status} example "${example.name}"`).toEqual([]);
      }
    });
  }
});

describe('parameter and request-body examples are valid requests', () => {
  for (const op of ops) {
    it(`${op.operationId}`, () => {
      const request: any = { path: {}, query: {}, headers: {} };
      for (const p of op.parameters) {
        if (p.example === undefined) {
          expect(p.in === 'path' || p.required, `${op.operationId}: ${p.in} parameter ${p.name} needs an example`).toBe(false);
          continue;
        }
        request[p.in === 'header' ? 'headers' : p.in][p.name] = p.example;
      }
      if (op.requestBody) {
        const media = resolve$ref(doc, resolve$ref(doc, doc.paths[op.path])[op.method].requestBody).content['application/json'];
        const bodies = examplesOf(media);
        expect(bodies.length, `${op.operationId} request body has no example`).toBeGreaterThan(0);
        for (const [name, body] of bodies) {
          const result = validators.validateRequest(op.operationId, { ...request, body });
          expect(result.ok ? [] : result.issues.map((i: any) => i.message), `request example ${name}`).toEqual([]);
        }
      } else {
        const result = validators.validateRequest(op.operationId, request);
        expect(result.ok ? [] : result.issues.map((i: any) => i.message)).toEqual([]);
      }
    });
  }
});

describe('the example check can fail', () => {
  const op = ops.find((o) => o.operationId === 'getOptionsOhlcvt')!;
  const good = responseExamples(op).find((e) => e.status === 200)!.value as any;

  it('accepts the real example', () => {
    expect(validators.validateResponse('getOptionsOhlcvt', 200, good).ok).toBe(true);
  });
  it.each([
    ['a missing required field', (b: any) => delete b.data[0].vwap, 'data[0].vwap is required'],
    ['a wrong type', (b: any) => (b.data[0].volume = '42.5'), 'data[0].volume must be number'],
    ['a malformed bucket date', (b: any) => (b.data[0].date = '2026-11-20T14:00:00Z'), 'data[0].date must match'],
    ['an unknown enum member', (b: any) => (b.meta.empty_reason = 'closed'), 'meta.empty_reason must match'],
    ['a missing envelope field', (b: any) => delete b.meta, 'meta is required'],
  ])('rejects %s', (_name, mutate, message) => {
    const broken = structuredClone(good);
    mutate(broken);
    const result = validators.validateResponse('getOptionsOhlcvt', 200, broken);
    expect(result.ok).toBe(false);
    expect(result.issues.map((i: any) => i.message).join('\n')).toContain(message);
  });
});
