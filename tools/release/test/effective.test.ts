// The effective comparison: a change anywhere in a shared component (through $ref, allOf, oneOf/anyOf, items,
// additionalProperties, properties) is seen at every operation it reaches and reported once, at the component, with
// those operations; the rules added with it (null, security, servers, headers, serialization); and the streams.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffAsyncApi, diffMarkdown, diffSpecs } from '../src/breaking.mjs';
import { checkBreaking } from '../src/check-breaking.mjs';
import { HEAD_BUNDLE, ROOT } from '../src/releases.mjs';

type Doc = any;
type Change = { rule: string; breaking: boolean; message: string; operations: string[]; component?: string | undefined; label: string };
const real: Doc = JSON.parse(readFileSync(HEAD_BUNDLE, 'utf8'));
const realAsync: Doc = JSON.parse(readFileSync(join(ROOT, 'spec/dist/asyncapi.json'), 'utf8'));
const deref = (doc: Doc, node: Doc): Doc =>
  node?.$ref
    ? deref(
        doc,
        node.$ref
          .slice(2)
          .split('/')
          .reduce((n: Doc, k: string) => n[k.replaceAll('~1', '/')], doc),
      )
    : node;

/** Every operation whose parameters mention `ref` (directly or inside their schema): found without the gate's walker. */
function operationsWithParameterRef(doc: Doc, ref: string) {
  const out: string[] = [];
  for (const item of Object.values<Doc>(doc.paths))
    for (const op of Object.values<Doc>(item))
      if (
        op?.operationId &&
        [...(item.parameters ?? []), ...(op.parameters ?? [])].some((p: Doc) => JSON.stringify(deref(doc, p).schema ?? {}).includes(`"${ref}"`))
      )
        out.push(op.operationId);
  return out.sort();
}

describe('the issue: a member removed from the shared Resolution value set', () => {
  const head = structuredClone(real);
  head.components.schemas.Resolution.enum = head.components.schemas.Resolution.enum.filter((v: string) => v !== '1d');
  const diff = diffSpecs(real, head);

  it('is one breaking change, at Resolution, naming every operation whose resolution parameter reaches it through allOf', () => {
    expect(diff.breaking).toHaveLength(1);
    const [change] = diff.breaking as Change[];
    expect(change).toMatchObject({ rule: 'request-enum-removed', component: '#/components/schemas/Resolution', label: 'Resolution' });
    expect(change?.message).toBe('Resolution no longer accepts `"1d"`');
    const expected = operationsWithParameterRef(real, '#/components/schemas/Resolution');
    expect(expected.length).toBeGreaterThan(40);
    expect(change?.operations).toEqual(expected);
  });
  it('pnpm check:breaking fails on it and says what, where, which operations and why', async () => {
    const out: string[] = [];
    const env = { BASE_SPEC: HEAD_BUNDLE, HEAD_SPEC: '/dev/null', CHANGESET_DIR: join(ROOT, '.changeset'), API_DIFF_OUT: '/dev/null' };
    const dir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'issue-28-'));
    const { mkdirSync, writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'head.json'), JSON.stringify(head));
    // No pending changeset: the repository's own (a major may be pending) must not allow the mutation.
    mkdirSync(join(dir, '.changeset'));
    const code = await checkBreaking({
      env: { ...env, HEAD_SPEC: join(dir, 'head.json'), API_DIFF_OUT: join(dir, 'diff.md'), CHANGESET_DIR: join(dir, '.changeset') },
      log: (l: string) => out.push(l),
      error: (l: string) => out.push(l),
    });
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(
      /BREAKING \[request-enum-removed\] Resolution no longer accepts `"1d"` — in #\/components\/schemas\/Resolution, reaches 4\d operations: getAnalyticsRealizedVolatility, .* and \d+ more — a client that sends a value no longer in the set gets 400/,
    );
    const md = readFileSync(join(dir, 'diff.md'), 'utf8');
    expect(md).toContain('- **Resolution** (`#/components/schemas/Resolution`, as sent) · 4');
    expect(md).toContain('getOptionsOhlcvt');
  });
  it('the same member removed from a response value set is additive (listed, not breaking)', () => {
    expect((diff.additive as Change[]).map((c) => c.rule)).toEqual(['response-enum-removed']);
  });
});

/** A small document exercising depth: a shared body through allOf, oneOf alternatives, maps, arrays, headers. */
function doc(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    servers: [
      { url: 'https://api.example.com', variables: {} },
      { url: '{base}', variables: { base: { default: 'https://api.example.com', enum: ['https://api.example.com', 'https://eu.example.com'] } } },
    ],
    security: [{ Key: [] }],
    paths: {
      '/a': {
        get: {
          operationId: 'getA',
          parameters: [{ $ref: '#/components/parameters/Tags' }],
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Rate': { $ref: '#/components/headers/Rate' } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
            },
            '400': { $ref: '#/components/responses/Bad' },
          },
        },
        post: {
          operationId: 'postA',
          security: [{ Key: [] }, { Token: [] }],
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } },
            '400': { $ref: '#/components/responses/Bad' },
          },
        },
      },
      '/b': {
        post: {
          operationId: 'postB',
          requestBody: { content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Order' }], description: 'an order' } } } },
          responses: { '200': { description: 'ok' }, '400': { $ref: '#/components/responses/Bad' } },
        },
      },
    },
    components: {
      securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'X-Key' }, Token: { type: 'http', scheme: 'bearer' } },
      headers: { Rate: { required: true, schema: { type: 'integer' } } },
      parameters: {
        Tags: { name: 'tags', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } },
      },
      responses: { Bad: { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
      schemas: {
        Tag: { type: 'string', enum: ['a', 'b', 'c'] },
        Side: { type: 'string', enum: ['buy', 'sell'] },
        Leg: {
          type: 'object',
          required: ['side'],
          additionalProperties: false,
          properties: { side: { $ref: '#/components/schemas/Side' }, size: { type: ['number', 'null'], minimum: 0 }, note: { type: 'string', maxLength: 100 } },
        },
        Base: { type: 'object', properties: { legs: { type: 'array', items: { $ref: '#/components/schemas/Leg' } } } },
        Order: {
          allOf: [{ $ref: '#/components/schemas/Base' }],
          type: 'object',
          properties: {
            meta: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Leg' } },
            kind: { oneOf: [{ $ref: '#/components/schemas/Side' }, { $ref: '#/components/schemas/Tag' }] },
          },
        },
        Row: {
          type: 'object',
          required: ['price'],
          properties: {
            price: { type: 'number' },
            state: { type: 'string', enum: ['open', 'closed'] },
            ref: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          },
        },
        Page: {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/Row' }] } }, next: { type: 'string' } },
        },
        Problem: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, status: { type: 'integer' } } },
      },
    },
  };
}
function breakingOf(mutate: (d: Doc) => void): Change[] {
  const head = doc();
  mutate(head);
  return diffSpecs(doc(), head).breaking as Change[];
}
const s = (d: Doc) => d.components.schemas;

describe('a change deep inside shared components is seen, once, with the operations it reaches', () => {
  type Expected = Partial<Omit<Change, 'message'>> & { rule: string; operations: string[]; message: RegExp };
  const cases: [string, (d: Doc) => void, Expected][] = [
    [
      'request enum member removed, 3 levels down (Order → allOf Base → legs[] → Leg.side → Side)',
      (d) => (s(d).Side.enum = ['buy']),
      { rule: 'request-enum-removed', component: '#/components/schemas/Side', operations: ['postA', 'postB'], message: /^Side no longer accepts `"sell"`$/ },
    ],
    [
      'request field made required inside allOf',
      (d) => s(d).Leg.required.push('note'),
      { rule: 'request-field-required', component: '#/components/schemas/Leg', operations: ['postA', 'postB'], message: /Leg field `note` became required/ },
    ],
    [
      'request null no longer accepted',
      (d) => (s(d).Leg.properties.size.type = 'number'),
      { rule: 'request-type-narrowed', operations: ['postA', 'postB'], message: /Leg\.size no longer accepts null/ },
    ],
    [
      'request range tightened',
      (d) => (s(d).Leg.properties.size.minimum = 1),
      { rule: 'request-range-narrowed', operations: ['postA', 'postB'], message: /Leg\.size: minimum `0` → `1`/ },
    ],
    [
      'request length tightened',
      (d) => (s(d).Leg.properties.note.maxLength = 10),
      { rule: 'request-range-narrowed', operations: ['postA', 'postB'], message: /maxLength `100` → `10`/ },
    ],
    [
      'request format added',
      (d) => (s(d).Leg.properties.note.format = 'uuid'),
      { rule: 'request-range-narrowed', operations: ['postA', 'postB'], message: /format added `"uuid"`/ },
    ],
    [
      'request pattern added',
      (d) => (s(d).Leg.properties.note.pattern = '^x'),
      { rule: 'request-range-narrowed', operations: ['postA', 'postB'], message: /pattern added/ },
    ],
    [
      'request oneOf alternative removed',
      (d) => s(d).Order.properties.kind.oneOf.pop(),
      { rule: 'request-type-narrowed', operations: ['postA', 'postB'], message: /no longer accepts oneOf `Tag`/ },
    ],
    [
      'request field removed where extra fields are refused',
      (d) => delete s(d).Leg.properties.note,
      { rule: 'request-field-removed', operations: ['postA', 'postB'], message: /Leg field `note` was removed/ },
    ],
    [
      'request query array items narrowed',
      (d) => (s(d).Tag.enum = ['a', 'b']),
      { rule: 'request-enum-removed', component: '#/components/schemas/Tag', operations: ['getA', 'postA', 'postB'], message: /^Tag no longer accepts `"c"`$/ },
    ],
    [
      'parameter serialization changed',
      (d) => (d.components.parameters.Tags.explode = true),
      { rule: 'parameter-serialization-changed', operations: ['getA'], message: /explode `false` → `true`/ },
    ],
    [
      'shared parameter made required',
      (d) => (d.components.parameters.Tags.required = true),
      {
        rule: 'parameter-required',
        component: '#/components/parameters/Tags',
        operations: ['getA'],
        message: /Tags \(query parameter `tags`\) became required/,
      },
    ],
    [
      'response field removed inside allOf in items',
      (d) => delete s(d).Row.properties.state,
      { rule: 'response-field-removed', component: '#/components/schemas/Row', operations: ['getA', 'postA'], message: /Row field `state` was removed/ },
    ],
    [
      'response null newly possible',
      (d) => (s(d).Row.properties.price.type = ['number', 'null']),
      { rule: 'response-field-retyped', operations: ['getA', 'postA'], message: /Row\.price may now be null/ },
    ],
    [
      'response anyOf alternative added',
      (d) => s(d).Row.properties.ref.anyOf.push({ type: 'boolean' }),
      { rule: 'response-field-retyped', operations: ['getA', 'postA'], message: /may now also be anyOf alternative 3/ },
    ],
    [
      'error response (400) field removed',
      (d) => delete s(d).Problem.properties.status,
      {
        rule: 'response-field-removed',
        component: '#/components/schemas/Problem',
        operations: ['getA', 'postA', 'postB'],
        message: /Problem field `status` was removed/,
      },
    ],
    [
      'response header removed',
      (d) => delete d.paths['/a'].get.responses['200'].headers['X-Rate'],
      { rule: 'response-header-removed', operations: ['getA'], message: /header `x-rate` was removed/ },
    ],
    [
      'shared response header no longer always sent',
      (d) => (d.components.headers.Rate.required = false),
      { rule: 'response-field-optional', component: '#/components/headers/Rate', operations: ['getA'], message: /no longer always sent/ },
    ],
    [
      'shared response header retyped',
      (d) => (d.components.headers.Rate.schema.type = 'string'),
      { rule: 'response-field-retyped', operations: ['getA'], message: /was integer, now string/ },
    ],
    [
      'success media type removed',
      (d) => (d.paths['/a'].get.responses['200'].content = { 'text/csv': {} }),
      { rule: 'response-removed', operations: ['getA'], message: /no longer returns application\/json/ },
    ],
    [
      'document security requirement added: once, every inheriting operation',
      (d) => (d.security = [{ Key: [], Token: [] }]),
      { rule: 'security-narrowed', operations: ['getA', 'postB'], message: /a request authorized by Key is no longer accepted \(now: Key \+ Token\)/ },
    ],
    [
      'operation security alternative removed',
      (d) => (d.paths['/a'].post.security = [{ Key: [] }]),
      { rule: 'security-narrowed', operations: ['postA'], message: /authorized by Token is no longer accepted/ },
    ],
    [
      'security scheme header renamed',
      (d) => (d.components.securitySchemes.Key.name = 'X-Api-Key'),
      { rule: 'security-scheme-changed', operations: ['getA', 'postA', 'postB'], message: /name `X-Key` → `X-Api-Key`/ },
    ],
    [
      'server removed: once, every operation called on it',
      (d) => d.servers.shift(),
      { rule: 'server-removed', operations: ['getA', 'postA', 'postB'], message: /server `https:\/\/api.example.com` was removed/ },
    ],
    [
      'server variable value removed',
      (d) => d.servers[1].variables.base.enum.pop(),
      { rule: 'server-variable-narrowed', operations: ['getA', 'postA', 'postB'], message: /variable `base` no longer accepts `https:\/\/eu.example.com`/ },
    ],
  ];
  for (const [name, mutate, expected] of cases) {
    it(name, () => {
      const breaking = breakingOf(mutate);
      expect(breaking.map((c) => c.rule)).toEqual([expected.rule]);
      const { message, ...rest } = expected;
      expect(breaking[0]).toMatchObject(rest);
      expect(breaking[0]?.message).toMatch(message);
    });
  }

  const additive: [string, (d: Doc) => void][] = [
    ['a response enum member added (clients tolerate unknown values)', (d) => s(d).Row.properties.state.enum.push('halted')],
    ['a request enum member added deep down', (d) => s(d).Side.enum.push('short')],
    ['a request range loosened', (d) => delete s(d).Leg.properties.note.maxLength],
    ['null newly accepted by a request field', (d) => (s(d).Leg.properties.note.type = ['string', 'null'])],
    ['null no longer possible in a response field', (d) => (s(d).Row.properties.ref = { type: 'string' })],
    ['a request oneOf alternative added', (d) => s(d).Order.properties.kind.oneOf.push({ type: 'integer' })],
    [
      'a response field added, an optional request field added',
      (d) => {
        s(d).Row.properties.vwap = { type: 'number' };
        s(d).Leg.properties.tif = { type: 'string' };
      },
    ],
    ['a security alternative added', (d) => d.security.push({ Token: [] })],
    ['a server added', (d) => d.servers.push({ url: 'https://us.example.com' })],
    ['a response header added', (d) => (d.paths['/a'].post.responses['200'].headers = { 'X-New': { schema: { type: 'string' } } })],
    [
      'a component renamed with its references (same shape)',
      (d) => {
        s(d).Problem2 = s(d).Problem;
        delete s(d).Problem;
        d.components.responses.Bad.content['application/json'].schema.$ref = '#/components/schemas/Problem2';
      },
    ],
  ];
  for (const [name, mutate] of additive) it(`additive: ${name}`, () => expect(breakingOf(mutate)).toEqual([]));

  it('a public operation made authenticated', () => {
    const base = doc();
    base.paths['/b'].post.security = [];
    const head = doc();
    const { breaking } = diffSpecs(base, head);
    expect(breaking.map((c: Change) => [c.rule, c.operations])).toEqual([['security-narrowed', ['postB']]]);
    expect(breaking[0]?.message).toMatch(/a request authorized by no credentials is no longer accepted \(now: Key\)/);
  });
  it('a component reached by requests and responses is compared in each direction', () => {
    const head = doc();
    s(head).Side.enum = ['buy'];
    s(head).Row.properties.side = { $ref: '#/components/schemas/Side' };
    // (the base has no side in Row: the response gains a field, additive)
    const diff = diffSpecs(doc(), head);
    expect((diff.breaking as Change[]).map((c) => c.rule)).toEqual(['request-enum-removed']);
    expect(diffMarkdown(diff, { baseVersion: 'a', headVersion: 'b' })).toContain(
      '**Side** (`#/components/schemas/Side`, as sent) · 2 operations: postA, postB',
    );
  });
});

describe('streams (AsyncAPI): the real document', () => {
  const changed = (mutate: (d: Doc) => void) => {
    const head = structuredClone(realAsync);
    mutate(head);
    return diffAsyncApi(realAsync, head);
  };
  it('has no change against itself', () => expect(diffAsyncApi(realAsync, realAsync).changes).toEqual([]));
  it('a channel parameter value removed from a shared parameter: once, naming the channels operations', () => {
    const { breaking } = changed((d) => (d.components.parameters.Market.enum = d.components.parameters.Market.enum.filter((v: string) => v !== 'options')));
    expect(breaking).toHaveLength(1);
    expect(breaking[0]).toMatchObject({
      rule: 'request-enum-removed',
      component: '#/components/parameters/Market',
      operations: ['sendOhlcTicker', 'sendOhlcVt', 'sendTrades'],
    });
    expect(breaking[0]?.message).toBe('Market no longer accepts `"options"`');
  });
  it('a field made required in what a client sends (subscribe request), and removed from what it receives (a data event)', () => {
    const req = changed(
      (d) => d.components.schemas.ChannelsParams.required?.push('extra') ?? (d.components.schemas.ChannelsParams.required = ['extra']),
    ).breaking;
    expect(req.map((c: Change) => [c.rule, c.operations])).toEqual([['request-field-required', ['subscribe']]]);
    const field = Object.keys(realAsync.components.schemas.TradeData.properties)[0]!; // TradeData documents fields
    const res = changed((d) => delete d.components.schemas.TradeData.properties[field]).breaking;
    expect(res.map((c: Change) => [c.rule, c.component, c.operations])).toEqual([['response-field-removed', '#/components/schemas/TradeData', ['sendTrades']]]);
  });
  it('a reply retyped, a server removed, a security scheme narrowed, an address changed, an operation removed', () => {
    const rules = (mutate: (d: Doc) => void) => changed(mutate).breaking.map((c: Change) => c.rule);
    expect(rules((d) => (d.components.schemas.RequestId = { type: 'string' }))).toContain('response-field-retyped');
    const first = Object.keys(realAsync.servers)[0]!; // the document names a server
    expect(rules((d) => delete d.servers[first])).toEqual(['server-removed']);
    expect(rules((d) => d.servers[first].security.pop())).toEqual(['security-narrowed']);
    expect(rules((d) => (d.channels.trades.address = 'trade.{market}.{exchange}.{instrument}'))).toEqual(['channel-address-changed']);
    expect(rules((d) => delete d.operations.sendBook)).toEqual(['operation-removed']);
  });
});
