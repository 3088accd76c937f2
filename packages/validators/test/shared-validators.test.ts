// A validator several operations need alike (an error body, the rate-limit headers, an x402 payload) is compiled
// once, into generated/shared/, and every operation that needs it holds that one function: loading every operation
// parses and compiles it once, and a bundle of two operations carries it once.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const registry: Record<string, () => { validators: Record<string, unknown> }> = require('../generated/registry.cjs');
const sharedDir = new URL('../generated/shared/', import.meta.url);
const sharedFiles = readdirSync(sharedDir).filter((file) => file.endsWith('.cjs'));

/** Every operation's validators, by operation id. */
const modules = Object.fromEntries(Object.entries(registry).map(([id, load]) => [id, load().validators]));

describe('validators shared between operations', () => {
  it('are each one function, held by every operation that needs them', () => {
    const first = modules.getOptionsOhlcvt!.response429;
    const second = modules.getFuturesOhlcvt!.response429;
    expect(typeof first).toBe('function');
    expect(second).toBe(first);
  });

  it('are shared modules only when two operations or more use them', () => {
    expect(sharedFiles.length).toBeGreaterThan(10);
    for (const file of sharedFiles) {
      const { validate } = require(new URL(file, sharedDir).pathname);
      const users = Object.entries(modules).filter(([, validators]) => Object.values(validators).includes(validate));
      expect(users.length, `${file} is used by ${users.map(([id]) => id).join(', ') || 'no operation'}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('report the issues of each call, under the operation that made it', () => {
    const { validateResponse } = require('../index.cjs');
    const valid = { statusCode: 429, message: 'slow down', error: 'Too Many Requests' };
    const noMessage = validateResponse('getOptionsOhlcvt', 429, { statusCode: 429, error: 'Too Many Requests' });
    expect(validateResponse('getFuturesOhlcvt', 429, valid)).toEqual({ ok: true, data: valid });
    const badStatus = validateResponse('getFuturesOhlcvt', 429, { ...valid, statusCode: 'x' });
    expect(noMessage).toMatchObject({ ok: false, operationId: 'getOptionsOhlcvt', issues: [{ path: 'message', rule: 'required' }] });
    expect(badStatus).toMatchObject({ ok: false, operationId: 'getFuturesOhlcvt', issues: [{ path: 'statusCode', rule: 'type' }] });
  });
});
