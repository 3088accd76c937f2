// Standard Schema (`~standard`, @standard-schema/spec 1.x): every operation validator is one (of its success body),
// `response(status)` and `request` are too, and a library that consumes Standard Schema (tRPC 11: `.input()` and
// `.output()`) accepts them as they are: a valid page goes through, a broken one is refused with our issue.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initTRPC, TRPCError } from '@trpc/server';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ResponseBody } from '@laevitas-api/types/operations';
import { getOptionsOhlcvt } from '../generated/ops/getOptionsOhlcvt.mjs';

const require = createRequire(import.meta.url);
const validators = require('../index.cjs');
const deref = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.deref.json', import.meta.url), 'utf8'));
const page = structuredClone(Object.values<any>(deref.paths['/api/v1/options/ohlcvt'].get.responses['200'].content['application/json'].examples)[0].value);

const validate = async <S extends StandardSchemaV1>(schema: S, value: unknown) => schema['~standard'].validate(value);

describe('Standard Schema on the validators', () => {
  it('every operation validator is a Standard Schema v1 of its success body, with response(status) and request', () => {
    for (const id of validators.operationIds as string[]) {
      const op = validators.operation(id);
      expect(op['~standard'], id).toMatchObject({ version: 1, vendor: 'laevitas-api' });
      expect(typeof op['~standard'].validate, id).toBe('function');
      expect(op.request['~standard'].version, id).toBe(1);
      for (const status of op.statuses) expect(op.response(status)['~standard'].version, `${id} ${status}`).toBe(1);
    }
  });

  it('a valid body gives its value; a broken one gives issues whose path is the keys of the field', async () => {
    expect(await validate(getOptionsOhlcvt, page)).toEqual({ value: page });
    const broken = structuredClone(page);
    broken.data[0].close = 'not a number';
    const result = await validate(getOptionsOhlcvt, broken);
    expect(result.issues).toEqual([{ message: 'data[0].close must be number', path: ['data', 0, 'close'] }]);
  });

  it('request checks parameters as validateRequest does, issues naming each field; response(status) checks that status', async () => {
    const bad = await validate(getOptionsOhlcvt.request, { query: { limit: '5000', resolution: '2h' } });
    expect(bad.issues?.map((i) => i.path)).toEqual([
      ['query', 'limit'],
      ['query', 'resolution'],
    ]);
    expect((await validate(getOptionsOhlcvt.request, { query: { limit: '50', resolution: '1h' } })).issues).toBeUndefined();
    expect((await validate(getOptionsOhlcvt.response(400), { statusCode: 400, message: ['x'], error: 'Bad Request' })).issues).toBeUndefined();
    expect((await validate(getOptionsOhlcvt.response(400), page)).issues?.[0]?.message).toMatch(/statusCode is required/);
  });

  it('the output type is the operation’s response body', () => {
    expectTypeOf<StandardSchemaV1.InferOutput<typeof getOptionsOhlcvt>>().toEqualTypeOf<ResponseBody<'getOptionsOhlcvt'>>();
    expectTypeOf<StandardSchemaV1.InferOutput<ReturnType<typeof getOptionsOhlcvt.response<400>>>>().toEqualTypeOf<ResponseBody<'getOptionsOhlcvt', 400>>();
  });
});

describe('through a library that consumes Standard Schema: tRPC 11', () => {
  const t = initTRPC.create();
  let served: unknown = page;
  const router = t.router({
    ohlcvt: t.procedure
      .input(getOptionsOhlcvt.request)
      .output(getOptionsOhlcvt)
      .query(() => served as ResponseBody<'getOptionsOhlcvt'>),
  });
  const caller = t.createCallerFactory(router)({});

  it('accepts them as .input() and .output(): a valid request and page go through, typed', async () => {
    served = page;
    const out = await caller.ohlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' } });
    expectTypeOf(out).toEqualTypeOf<ResponseBody<'getOptionsOhlcvt'>>();
    expect(out).toEqual(page);
  });

  it('refuses a bad request with BAD_REQUEST carrying our issue, and a broken page with an output validation error', async () => {
    const bad = await caller.ohlcvt({ query: { limit: 5000 } } as never).catch((e) => e);
    expect(bad).toBeInstanceOf(TRPCError);
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message).toContain('query.limit must be <= 1000');
    served = { ...page, meta: { next_cursor: 42 } };
    const broken = await caller.ohlcvt({}).catch((e) => e);
    expect(broken).toBeInstanceOf(TRPCError);
    expect(broken.code).toBe('INTERNAL_SERVER_ERROR');
    expect(String(broken.cause?.message ?? broken.message)).toMatch(/output validation|next_cursor/i);
  });
});
