// The errors for data that breaks the contract share one message shape (internal/contract-issues.ts): what broke it,
// then the first five issues. These pin the exact messages, names and class chains users branch on, so sharing the
// helper between the REST errors and the stream errors changes none of them.
import { describe, expect, it } from 'vitest';
import { LaevitasError, RequestValidationError, ResponseValidationError } from '../src/index.js';
import { StreamError, StreamEventValidationError } from '../src/stream-entry.js';

const issues = Array.from({ length: 6 }, (_, i) => ({ path: `data[${i}].price`, rule: 'type', message: `data[${i}].price must be number` }));
const firstFive = issues
  .slice(0, 5)
  .map((i) => i.message)
  .join('; ');

describe('contract-breach errors', () => {
  it('ResponseValidationError: operation and status, then the first five issues', () => {
    const error = new ResponseValidationError('getOptionsOhlcvt', 200, issues, { data: [] });
    expect(error.message).toBe(`getOptionsOhlcvt: 200 response breaks the contract: ${firstFive}`);
    expect(error.name).toBe('ResponseValidationError');
    expect(error.issues).toBe(issues);
    expect(error).toBeInstanceOf(LaevitasError);
    expect(error).not.toBeInstanceOf(StreamError);
  });

  it('StreamEventValidationError: the channel, then the first five issues', () => {
    const event = { price: 'x' };
    const error = new StreamEventValidationError('options.trades.BTC', issues, event);
    expect(error.message).toBe(`event on options.trades.BTC breaks the contract: ${firstFive}`);
    expect(error.name).toBe('StreamEventValidationError');
    expect([error.channel, error.issues, error.event]).toEqual(['options.trades.BTC', issues, event]);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toBeInstanceOf(LaevitasError);
  });

  it('RequestValidationError names every issue (the caller fixes them all before sending)', () => {
    const error = new RequestValidationError('getOptionsTrades', issues);
    expect(error.message).toBe(`getOptionsTrades: invalid request: ${issues.map((i) => i.message).join('; ')}`);
    expect(error.name).toBe('RequestValidationError');
  });
});
