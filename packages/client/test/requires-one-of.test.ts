// x-requires-one-of: an operation whose query needs at least one of some parameters is refused before sending when
// none is given (the service would answer 400), and sent when one is. Operations are taken from the generated table.
import { describe, expect, it, vi } from 'vitest';
import { OPERATIONS, RequestValidationError, createClient, type OperationInfo } from '../src/index.js';

const withRule = Object.entries(OPERATIONS as Record<string, OperationInfo>).filter(([, info]) => info.requiresOneOf?.length && !info.pathParams.length);

describe.each(withRule)('%s', (operationId, info) => {
  it('without any of its x-requires-one-of parameters: RequestValidationError naming them, nothing sent', async () => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    const error = await createClient({ apiKey: 'k', fetch, rateLimit: false })
      .call(operationId as never, {} as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      expect.objectContaining({ rule: 'x-requires-one-of', message: expect.stringContaining(info.requiresOneOf![0]!) }),
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('with one of them: sent', async () => {
    const fetch = vi.fn(async () => new Response('{"data":[],"meta":{}}', { headers: { 'content-type': 'application/json' } }));
    await createClient({ apiKey: 'k', fetch, rateLimit: false }).call(operationId as never, { query: { [info.requiresOneOf!.at(-1)!]: 'x' } } as never);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

it('the generated table has operations with the rule (the test above is not empty)', () => expect(withRule.length).toBeGreaterThan(0));
