// The MSW handlers of @laevitas-api/testing run the stages of @laevitas-api/mock-core in-process; the mock server runs the same stages
// between its guard and Prism. Same request, same answer: every operation's contract request (the one the
// conformance run sends) and an invalid variant of each, with a key and without, gets the same status and the same
// JSON body from the server and from the core. Where the server asks Prism (no synthesis), the core answers the
// documented example: this checks that those agree too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as validators from '@laevitas-api/validators';
import { startMock } from '../src/mock.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { buildRequests, urlFor } from '../src/requests.mjs';
import { createMockCore } from '@laevitas-api/mock-core';
import { operationsOf } from '../src/spec-model.mjs';

const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
// The discovery routes are the server's alone: it serves the real bundle and discovery documents built from it; the
// in-process mock answers their documented examples. So are the OAuth discovery documents: the server's name its own
// authorization server (src/mock/oauth.mjs) at the address it listens on.
const SERVER_ONLY = new Set([
  'getOpenapiJson',
  'getWellKnownOpenapiJson',
  'getWellKnownX402',
  'getWellKnownOauthProtectedResource',
  'getWellKnownOauthAuthorizationServer',
]);
const core = createMockCore({ document, operations: operationsOf(document), validators: validators as never });
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 120_000);
afterAll(() => mock?.stop());

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

describe('the in-process core and the mock server', () => {
  it('answer every GET operation but the discovery routes the same, with a key and without (status and JSON body)', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const request of buildRequests(document)) {
      if (request.op.method !== 'get' || request.invalid || SERVER_ONLY.has(request.op.operationId)) continue;
      const target = urlFor('http://mock.invalid', request.op, request.path, request.query);
      const url = new URL(target);
      for (const headers of [{ ...request.headers, 'x-api-key': 'k', apikey: 'k' }, { ...request.headers }] as Record<string, string>[]) {
        const server = await fetch(`${mock.url}${url.pathname}${url.search}`, { headers: { ...headers, accept: 'application/json' } });
        const serverBody = parse(await server.text());
        const answer = await core.handle({ method: 'GET', url, headers: { ...headers, host: new URL(mock.url).host } });
        const coreBody = parse(typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body ?? new Uint8Array()));
        compared++;
        if (server.status !== answer.status || JSON.stringify(serverBody) !== JSON.stringify(coreBody)) {
          differences.push(`${request.op.operationId} ${headers['x-api-key'] ? 'key' : 'keyless'}: server ${server.status}, core ${answer.status}`);
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(differences).toEqual([]);
  }, 300_000);
});
