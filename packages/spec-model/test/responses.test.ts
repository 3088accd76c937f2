// The documented answer of an operation at a status (src/responses.mjs): the operation object, the response through
// `$ref`s and where it is defined, its JSON media type and first example. Read on a small document that has each case
// the readers meet (shared responses, a `$ref` chain, a range key, no body, a non-JSON body, named and shared
// examples), on generated routes for the pointers, and on the real bundle against the operation model.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { operationsOf, resolveRef } from '../src/spec-model.mjs';
import {
  firstExampleOf,
  jsonMediaOf,
  operationObjectOf,
  pointerToken,
  requestBodyExampleOf,
  responseEntryOf,
  responseExampleOf,
  responseOf,
} from '../src/responses.mjs';

const problem = { content: { 'application/problem+json': { schema: { type: 'object' }, example: { title: 'Bad' } } } };
const document = {
  paths: {
    '/rows/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Row' },
                examples: { shared: { $ref: '#/components/examples/One' }, second: { value: 2 } },
              },
            },
          },
          '2XX': { content: { 'application/json': { example: 'range' } } },
          '202': { content: { 'text/csv': { example: 'a,b' } } },
          '204': { description: 'no body' },
          '400': { $ref: '#/components/responses/Bad' },
          '429': { $ref: '#/components/responses/Alias' },
        },
      },
    },
    '/item': { $ref: '#/components/pathItems/Item' },
  },
  components: {
    schemas: { Row: { type: 'object' } },
    examples: { One: { value: { id: 1 } } },
    responses: { Bad: problem, Alias: { $ref: '#/components/responses/Bad' } },
    requestBodies: { Order: { content: { 'application/json': { examples: { buy: { value: { side: 'buy' } } } } } } },
    pathItems: {
      Item: {
        post: { requestBody: { $ref: '#/components/requestBodies/Order' }, responses: { '201': { content: { 'application/json': { example: null } } } } },
        put: { requestBody: { content: { 'text/plain': { example: 'raw' } } }, responses: {} },
      },
    },
  },
};
const rows = { path: '/rows/{id}', method: 'get' };
const item = { path: '/item', method: 'post' };

describe('operationObjectOf', () => {
  it('follows a path item $ref and is undefined for a route the document lacks', () => {
    expect(operationObjectOf(document, item)).toBe(document.components.pathItems.Item.post);
    expect(operationObjectOf(document, rows)).toBe(document.paths['/rows/{id}'].get);
    expect(operationObjectOf(document, { path: '/rows/{id}', method: 'put' })).toBeUndefined();
    expect(operationObjectOf(document, { path: '/nowhere', method: 'get' })).toBeUndefined();
    expect(operationObjectOf({}, rows)).toBeUndefined();
  });
});

describe('responseOf', () => {
  it('reads a status as a number or as the key the document writes', () => {
    const ok = document.paths['/rows/{id}'].get.responses['200'];
    expect(responseOf(document, rows, 200)).toBe(ok);
    expect(responseOf(document, rows, '200')).toBe(ok);
    expect(responseOf(document, rows, '2XX')).toBe(document.paths['/rows/{id}'].get.responses['2XX']);
  });
  it('follows a shared response and a chain of them to the definition', () => {
    expect(responseOf(document, rows, 400)).toBe(problem);
    expect(responseOf(document, rows, 429)).toBe(problem);
  });
  it('falls back to no range and no default: an undocumented status is undefined', () => {
    expect(responseOf(document, rows, 201)).toBeUndefined();
    expect(responseOf(document, rows, 'default')).toBeUndefined();
    expect(responseOf(document, { path: '/nowhere', method: 'get' }, 200)).toBeUndefined();
  });
});

describe('responseEntryOf', () => {
  it('points under the operation for an inline response, with the path escaped', () => {
    expect(responseEntryOf(document, rows, 200)?.pointer).toBe('/paths/~1rows~1{id}/get/responses/200');
  });
  it('points at the shared response a $ref chain ends at', () => {
    expect(responseEntryOf(document, rows, 400)).toEqual({ response: problem, pointer: '/components/responses/Bad' });
    expect(responseEntryOf(document, rows, 429)).toEqual({ response: problem, pointer: '/components/responses/Bad' });
    expect(responseEntryOf(document, rows, 500)).toBeUndefined();
  });
  it('names, for any route and any chain of shared responses, the node responseOf returns (generated)', () => {
    const route = fc.string({ unit: fc.constantFrom('/', '~', '{', '}', 'a', '0', '1', ' ', 'é'), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(route, fc.integer({ min: 100, max: 599 }), fc.nat(3), (path, status, links) => {
        const definition = { description: `answer ${status}` };
        /** Components `R0 → R1 → … → R<links>`; R<links> holds the definition. */
        const responses: Record<string, object> = { [`R${links}`]: definition };
        for (let i = 0; i < links; i++) responses[`R${i}`] = { $ref: `#/components/responses/R${i + 1}` };
        const written = links === 0 ? definition : { $ref: '#/components/responses/R0' };
        const doc = { paths: { [path]: { get: { responses: { [status]: written } } } }, components: { responses } };
        const entry = responseEntryOf(doc, { path, method: 'get' }, status);
        expect(entry?.response).toBe(definition);
        expect(entry?.response).toBe(responseOf(doc, { path, method: 'get' }, String(status)));
        expect(resolveRef(doc, `#${entry?.pointer}`)).toBe(definition);
      }),
      { seed: 20261202, numRuns: 300 },
    );
  });
});

describe('pointerToken', () => {
  it('escapes ~ before / (RFC 6901), so a token reads back as the key', () => {
    expect(pointerToken('/a~b/')).toBe('~1a~0b~1');
    expect(pointerToken('~1')).toBe('~01');
    expect(pointerToken(200)).toBe('200');
  });
});

describe('jsonMediaOf', () => {
  it('takes application/json only, unless asked for any JSON type', () => {
    expect(jsonMediaOf(responseOf(document, rows, 200))?.type).toBe('application/json');
    expect(jsonMediaOf(problem)).toBeUndefined();
    expect(jsonMediaOf(problem, { anyJson: true })).toEqual({ type: 'application/problem+json', media: problem.content['application/problem+json'] });
  });
  it('is undefined for no body, a non-JSON body and no response', () => {
    expect(jsonMediaOf(responseOf(document, rows, 204))).toBeUndefined();
    expect(jsonMediaOf(responseOf(document, rows, 202), { anyJson: true })).toBeUndefined();
    expect(jsonMediaOf(undefined)).toBeUndefined();
  });
});

describe('firstExampleOf', () => {
  it('takes `example` first, even a null one, named "example"', () => {
    expect(firstExampleOf(document, { example: 0, examples: { other: { value: 1 } } })).toEqual({ name: 'example', value: 0 });
    expect(firstExampleOf(document, { example: null })).toEqual({ name: 'example', value: null });
  });
  it('else the first entry of `examples`, by its name, a shared example followed', () => {
    expect(firstExampleOf(document, jsonMediaOf(responseOf(document, rows, 200))?.media)).toEqual({ name: 'shared', value: { id: 1 } });
    expect(firstExampleOf(document, { examples: { inline: { value: 'x' } } })).toEqual({ name: 'inline', value: 'x' });
  });
  it('gives an entry without an inline value its name and no value, and nothing for no example', () => {
    expect(firstExampleOf(document, { examples: { far: { externalValue: 'https://example.com/x.json' } } })).toEqual({ name: 'far', value: undefined });
    expect(firstExampleOf(document, { examples: {} })).toBeUndefined();
    expect(firstExampleOf(document, { schema: {} })).toBeUndefined();
    expect(firstExampleOf(document, undefined)).toBeUndefined();
  });
});

describe('responseExampleOf', () => {
  it('is the value of the first example of the JSON body at a status', () => {
    expect(responseExampleOf(document, rows, 200)).toEqual({ id: 1 });
    expect(responseExampleOf(document, rows, '2XX')).toBe('range');
    expect(responseExampleOf(document, item, 201)).toBeNull();
  });
  it('is undefined where the spec shows none: non-JSON, no body, problem+json, undocumented', () => {
    for (const status of [202, 204, 400, 500]) expect(responseExampleOf(document, rows, status), String(status)).toBeUndefined();
  });
});

describe('requestBodyExampleOf', () => {
  it('is the first example of the JSON request body, a shared body followed', () => {
    expect(requestBodyExampleOf(document, item)).toEqual({ side: 'buy' });
  });
  it('is undefined for no body, a non-JSON body and an unknown route', () => {
    expect(requestBodyExampleOf(document, rows)).toBeUndefined();
    expect(requestBodyExampleOf(document, { path: '/item', method: 'put' })).toBeUndefined();
    expect(requestBodyExampleOf(document, { path: '/nowhere', method: 'post' })).toBeUndefined();
  });
});

describe('on the bundle', () => {
  const bundle = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));
  it('agrees with the operation model on every documented status: the same JSON schema node', () => {
    let statuses = 0;
    for (const op of operationsOf(bundle))
      for (const r of op.responses) {
        expect(jsonMediaOf(responseOf(bundle, op, r.status))?.media.schema, `${op.operationId} ${r.status}`).toBe(r.schema);
        statuses++;
      }
    expect(statuses).toBeGreaterThan(500);
  });
});
