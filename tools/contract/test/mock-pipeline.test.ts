// The mock as one declared pipeline (@laevitas-api/mock-core, pipeline.mjs): the stages after routing are chosen once
// per operation when the pipeline is built, from each stage's `appliesTo`, never asked again per request; an
// operation passes only the stages that concern it. And the in-process mock reads a POST body as the server does.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as validators from '@laevitas-api/validators';
import { MOCK_DEFECT, createMockCore, createPipeline } from '@laevitas-api/mock-core';
import type { Stage } from '@laevitas-api/mock-core/stage';
import { SPEC_JSON } from '../src/paths.mjs';
import { operationsOf } from '../src/spec-model.mjs';

const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const operations = operationsOf(document);
const looseValidators = validators as never;
const opById = (id: string) => {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
};

describe('the declared pipeline', () => {
  it('asks each stage once per operation at start which operations it concerns, and never again per request', async () => {
    let asked = 0;
    const upstream: Stage = Object.assign(() => ({ status: 204, headers: {}, body: '' }), {
      appliesTo: () => {
        asked++;
        return true;
      },
    });
    const pipeline = createPipeline({ document, operations, validators: looseValidators, transport: { upstream } });
    // every operation, and the requests no operation matches (the control routes)
    expect(asked).toBe(operations.length + 1);
    for (let i = 0; i < 20; i++) {
      const answer = await pipeline.run({
        method: 'GET',
        url: new URL('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&limit=2', 'http://mock.invalid'),
        headers: { 'x-api-key': 'k' },
        extraHeaders: {},
      });
      expect(answer.status).toBe(200);
    }
    expect(asked).toBe(operations.length + 1);
  });

  it('gives an operation only the stages that concern it: no paywall without a price, no synthesis for a POST', () => {
    const pipeline = createPipeline({ document, operations, validators: looseValidators, rateLimit: true });
    const names = (id: string) => pipeline.stagesOf(opById(id)).map((stage) => stage.name);
    const paid = names('getOptionsOhlcvt');
    expect(paid).toContain('paywall');
    expect(paid).toContain('synthWithCompleteness');
    expect(paid).not.toContain('agent');
    expect(paid).not.toContain('checkout');
    const legacy = operations.find((op) => op.family === 'legacy' && op.method === 'get');
    const legacyNames = pipeline.stagesOf(legacy).map((stage) => stage.name);
    expect(legacyNames).not.toContain('paywall');
    expect(legacyNames).not.toContain('rateLimit'); // the legacy document publishes no limits
    const agent = names('postMcp');
    expect(agent).toContain('agent');
    expect(agent).not.toContain('synthWithCompleteness');
    // The control routes (no operation) pass the reset and corrections routes, not the data stages.
    const control = pipeline.stagesOf(undefined).map((stage) => stage.name);
    expect(control).toEqual(expect.arrayContaining(['reset', 'control']));
    expect(control).not.toContain('requestValidation');
    // The declared order is kept within each operation's list.
    const declared = pipeline.stages.map((stage) => stage.name);
    expect(paid.map((name) => declared.indexOf(name))).toEqual([...paid.map((name) => declared.indexOf(name))].sort((a, b) => a - b));
  });

  it('answers a stage that throws with a 500 naming the stage and saying the defect is the mock and not the request', async () => {
    // The guard slot sees every request; a throwing one stands for any stage's bug.
    const guard: Stage = function brokenGuard() {
      throw new Error('Cannot find module ./ops/getX.cjs');
    };
    const pipeline = createPipeline({ document, operations, validators: looseValidators, transport: { guard } });
    const answer = await pipeline.run({ method: 'GET', url: new URL('/no/such/route', 'http://mock.invalid'), headers: {}, extraHeaders: {} });
    expect(answer.status).toBe(500);
    const { message } = JSON.parse(String(answer.body));
    expect(message).toContain('stage brokenGuard failed');
    expect(message).toContain(MOCK_DEFECT);
    expect(message).toContain('Cannot find module ./ops/getX.cjs');
  });
});

describe('the in-process mock', () => {
  it('reads a POST body (Uint8Array) as UTF-8 JSON, as the server does: a correction is published', async () => {
    const core = createMockCore({ document, operations, validators: looseValidators });
    const answer = await core.handle({
      method: 'POST',
      url: new URL('/__mock/corrections', 'http://mock.invalid'),
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode(JSON.stringify({ id: 'c-é', note: 'rows re-computed' })),
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(String(answer.body))).toMatchObject({ id: 'c-é', note: 'rows re-computed' });
  });
});
