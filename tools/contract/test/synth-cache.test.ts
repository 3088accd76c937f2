// The mock keeps each synthesised answer by request (answers/synth.mjs in @laevitas-api/mock-core): the same operation and parameters, in any order,
// get the very same answer object; another parameter value gets another page; with the cache off every request is
// built again, with the same content (synthesis has no clock and no state, which is what makes keeping them right).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { synthStage } from '@laevitas-api/mock-core/answers/synth';
import { operationsOf } from '../src/spec-model.mjs';
import * as typedValidators from '@laevitas-api/validators';
// The stages call the validators with the spec's operation ids as plain strings.
const validators = typedValidators as never;

const document = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));
const op = operationsOf(document).find((o: { operationId: string }) => o.operationId === 'getOptionsOhlcvt');
const ctx = (query: Record<string, string>) => ({ op, pathParams: {}, query }) as never;

describe('synthesised answers kept by request', () => {
  it('answers the same request, parameters in any order, with the same answer, and another query with another page', () => {
    const stage = synthStage(document, validators, {});
    const first = stage(ctx({ instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h', limit: '5' }));
    expect(first).toBeDefined();
    expect(stage(ctx({ limit: '5', resolution: '1h', instrument_name: 'BTC-26DEC25-100000-C' }))).toBe(first);
    const other = stage(ctx({ instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h', limit: '6' }));
    expect(other).not.toBe(first);
    expect(JSON.parse((other as { body: string }).body).data).toHaveLength(6);
  });

  it('builds every answer again with the cache off, and the content is the same', () => {
    const stage = synthStage(document, validators, { cache: false });
    const a = stage(ctx({ instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h', limit: '5' }));
    const b = stage(ctx({ instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h', limit: '5' }));
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(a).toEqual(synthStage(document, validators, {})(ctx({ instrument_name: 'BTC-26DEC25-100000-C', resolution: '1h', limit: '5' })));
  });
});
