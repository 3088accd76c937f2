// The runtime's public functions that take what a user hands them (formatErrors: raw ajv errors of the user's own
// schemas; createOperationValidator: a module) name what is wrong with it instead of failing on a property read, and
// never report a field in another type than the one declared (ValidationIssue.limit is a number).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

import { createOperationValidator } from '../runtime/operation.mjs';
import { formatErrors as esFormatErrors } from '../runtime/format.mjs';

const require = createRequire(import.meta.url);

const meta = {
  operationId: 'getThing',
  method: 'get',
  path: '/thing',
  responses: { '200': { body: true, headers: false } },
  decodedHeaders: {},
  requestBody: null,
};

// The public formatErrors (index.cjs, index.mjs) is the CommonJS twin of runtime/format.mjs: both are held to it.
describe.each([
  ['index.cjs', require('../index.cjs').formatErrors],
  ['runtime/format.mjs', esFormatErrors],
])('formatErrors (%s) on what a user hands it', (_, formatErrors) => {
  it('names the entry that is not an ajv error', () => {
    expect(() => formatErrors([null], '')).toThrow('formatErrors: errors[0] is not an ajv error object');
    expect(() =>
      formatErrors(
        [
          { keyword: 'type', instancePath: '' },
          { keyword: 1, instancePath: '' },
        ],
        '',
      ),
    ).toThrow('formatErrors: errors[1].keyword must be a string');
    expect(() => formatErrors([{ keyword: 'type' }], 'body')).toThrow('formatErrors: errors[0].instancePath must be a string');
  });

  it('keeps a $data limit in the message but reports limit only when it is a number', () => {
    const [byData] = formatErrors([{ keyword: 'maximum', instancePath: '/a', params: { comparison: '<=', limit: '1/b' } }], 'body');
    expect(byData).toEqual({ path: 'body.a', rule: 'maximum', message: 'body.a must be <= 1/b' });
    const [byNumber] = formatErrors([{ keyword: 'maxItems', instancePath: '/a', params: { limit: 2 } }], 'body');
    expect(byNumber).toEqual({ path: 'body.a', rule: 'maxItems', limit: 2, message: 'body.a must NOT have more than 2 items' });
  });

  it('reads an enum whose allowed values are not a list as the one value allowed', () => {
    const [issue] = formatErrors([{ keyword: 'enum', instancePath: '/side', params: { allowedValues: 'buy' } }], '');
    expect(issue).toEqual({ path: 'side', rule: 'enum', allowedValues: ['buy'], message: 'side must be one of buy' });
  });
});

describe("an issue's allowed values", () => {
  it('are a copy: changing them changes neither the next issue nor what the validator accepts', () => {
    const { validateStreamEvent } = require('../stream.cjs');
    const data = { state: 'live', instrument_name: 'BTC-USD', timeframe: '2m', open: 1, high: 1, low: 1, close: 1, vwap: 1, buy_volume: 1, sell_volume: 1 };
    const event = { channel: 'ohlc.vt.futures.okx.BTC-USD.1m', data };
    const first = validateStreamEvent(event).issues[0];
    expect(first.allowedValues).toContain('1m');
    first.allowedValues.splice(0, first.allowedValues.length, '2m');
    expect(validateStreamEvent(event).issues[0].allowedValues).toContain('1m');
    expect(validateStreamEvent({ ...event, data: { ...data, timeframe: '1m' } }).ok).toBe(true);
  });
});

describe('createOperationValidator on what a user hands it', () => {
  it('names what a module lacks', () => {
    expect(() => createOperationValidator(undefined)).toThrow('whose meta.operationId is a string');
    expect(() => createOperationValidator({ meta: { operationId: 1 }, validators: {} })).toThrow('whose meta.operationId is a string');
    expect(() => createOperationValidator({ meta })).toThrow('whose validators is an object');
    expect(() => createOperationValidator({ meta: { ...meta, responses: {} }, validators: {} })).toThrow(
      'getThing: the generated module documents no response',
    );
  });

  it('names a validator the module does not have when it is needed', () => {
    const op = createOperationValidator({ meta, validators: { response200: () => true } });
    expect(op.validateResponse(200, {})).toEqual({ ok: true, data: {} });
    expect(() => op.validateRequest({})).toThrow('getThing: the generated module has no validator params');
  });
});
