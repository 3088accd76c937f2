// The breaking-change checker, one test per rule: each mutation of a small base document must be reported under its
// rule (and fail the check), each additive change must pass; then the CLI with BASE_SPEC/HEAD_SPEC, the markdown
// diff, a major changeset allowing a break, and the real bundle against itself and against one removal.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import { diffAsyncApi, diffSpecs, diffMarkdown } from '../src/breaking.mjs';
import { checkBreaking } from '../src/check-breaking.mjs';
import { checkChangeset } from '../src/check-changeset.mjs';
import { HEAD_BUNDLE, compareVersions, lastReleaseBundle } from '../src/releases.mjs';

type Doc = any;
/** A small document with one parameterised GET (a $ref'd row schema) and one POST with a body. */
function baseDoc(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/api/v1/rows': {
        get: {
          operationId: 'getRows',
          parameters: [
            { $ref: '#/components/parameters/Resolution' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } },
            { name: 'instrument_name', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Row' } } } },
                },
              },
            },
            '429': { description: 'limited' },
          },
        },
      },
      '/api/v1/orders': {
        post: {
          operationId: 'postOrders',
          requestBody: {
            required: false,
            content: {
              'application/json': { schema: { type: 'object', required: ['size'], properties: { size: { type: 'number' }, note: { type: 'string' } } } },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      parameters: { Resolution: { name: 'resolution', in: 'query', required: false, schema: { type: 'string', enum: ['1m', '1h', '1d'] } } },
      schemas: {
        Row: {
          type: 'object',
          required: ['date', 'close'],
          properties: { date: { type: 'integer' }, close: { type: 'number' }, vwap: { type: ['number', 'null'] }, child: { $ref: '#/components/schemas/Row' } },
        },
      },
    },
  };
}
const rows = (d: Doc) => d.paths['/api/v1/rows'].get;
const row = (d: Doc) => d.components.schemas.Row;
const body = (d: Doc) => d.paths['/api/v1/orders'].post.requestBody;

function changed(mutate: (d: Doc) => void) {
  const head = baseDoc();
  mutate(head);
  return diffSpecs(baseDoc(), head);
}
/** The mutation is reported breaking under exactly `rule` (and nothing else is breaking). */
function expectBreaking(rule: string, mutate: (d: Doc) => void, message?: RegExp) {
  const { breaking } = changed(mutate);
  expect(breaking.map((c: { rule: string }) => c.rule)).toEqual([rule]);
  if (message) expect(breaking[0]?.message).toMatch(message);
  return breaking[0];
}

describe('breaking rules (one mutation each)', () => {
  it('operation removed', () => expectBreaking('operation-removed', (d) => delete d.paths['/api/v1/orders'], /postOrders .*POST \/api\/v1\/orders.* removed/));
  it('operationId renamed', () => expectBreaking('operation-renamed', (d) => (rows(d).operationId = 'getTheRows'), /getRows was renamed to getTheRows/));
  it('parameter removed', () => expectBreaking('parameter-removed', (d) => rows(d).parameters.splice(1, 1), /query parameter `limit` was removed/));
  it('parameter renamed (removed + added, paired in the message)', () =>
    expectBreaking(
      'parameter-removed',
      (d) => (rows(d).parameters[1] = { ...rows(d).parameters[1], name: 'max_rows' }),
      /`limit` was removed \(renamed to `max_rows`\?\)/,
    ));
  it('optional parameter made required', () => expectBreaking('parameter-required', (d) => (rows(d).parameters[1].required = true), /`limit` became required/));
  it('new required parameter', () =>
    expectBreaking(
      'parameter-required',
      (d) => rows(d).parameters.push({ name: 'currency', in: 'query', required: true, schema: { type: 'string' } }),
      /new required query parameter `currency`/,
    ));
  it('enum member removed from a request value set (through a $ref)', () =>
    expectBreaking('request-enum-removed', (d) => (d.components.parameters.Resolution.schema.enum = ['1m', '1h']), /no longer accepts `"1d"`/));
  it('request value narrowed to an enum', () =>
    expectBreaking('request-enum-removed', (d) => (rows(d).parameters[2].schema.enum = ['BTC-PERPETUAL']), /now restricted/));
  it('request type narrowed', () =>
    expectBreaking(
      'request-type-narrowed',
      (d) => (body(d).content['application/json'].schema.properties.size.type = 'integer'),
      /accepted number, now only integer/,
    ));
  it('request range narrowed (maximum lowered)', () =>
    expectBreaking('request-range-narrowed', (d) => (rows(d).parameters[1].schema.maximum = 100), /maximum `1000` → `100`/));
  it('request range narrowed (pattern added)', () =>
    expectBreaking('request-range-narrowed', (d) => (rows(d).parameters[2].schema.pattern = '^[A-Z]+$'), /pattern added/));
  it('request body made required', () => expectBreaking('request-body-required', (d) => (body(d).required = true)));
  it('request field made required', () =>
    expectBreaking('request-field-required', (d) => body(d).content['application/json'].schema.required.push('note'), /`note` became required/));
  it('new required request field', () =>
    expectBreaking(
      'request-field-required',
      (d) => {
        const s = body(d).content['application/json'].schema;
        s.properties.side = { type: 'string' };
        s.required.push('side');
      },
      /`side` was added as required/,
    ));
  it('request content type dropped', () =>
    expectBreaking('request-media-removed', (d) => (body(d).content = { 'application/x-www-form-urlencoded': body(d).content['application/json'] })));
  it('success response removed', () => expectBreaking('response-removed', (d) => delete rows(d).responses['200']));
  it('response field removed (inside a $ref, in an array)', () =>
    expectBreaking('response-field-removed', (d) => delete row(d).properties.vwap, /Row field `vwap` was removed/));
  it('response field retyped', () => expectBreaking('response-field-retyped', (d) => (row(d).properties.close.type = 'string'), /was number, now string/));
  it('response field made nullable is a retype', () => expectBreaking('response-field-retyped', (d) => (row(d).properties.close.type = ['number', 'null'])));
  it('required response field made optional', () =>
    expectBreaking('response-field-optional', (d) => (row(d).required = ['date']), /`close` is no longer required/));
});

describe('additive changes pass', () => {
  const additive: [string, (d: Doc) => void][] = [
    ['an operation added', (d) => (d.paths['/api/v1/new'] = { get: { operationId: 'getNew', responses: { '200': { description: 'ok' } } } })],
    ['an optional parameter added', (d) => rows(d).parameters.push({ name: 'sort_dir', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } })],
    ['an enum member added to a request value set', (d) => d.components.parameters.Resolution.schema.enum.push('4h')],
    ['a request range widened', (d) => (rows(d).parameters[1].schema.maximum = 5000)],
    ['a request type widened', (d) => (body(d).content['application/json'].schema.properties.size.type = ['number', 'string'])],
    ['a parameter made optional', (d) => (rows(d).parameters[2].required = false)],
    ['a response field added', (d) => (row(d).properties.volume = { type: 'number' })],
    ['a response field made required', (d) => row(d).required.push('vwap')],
    ['a nullable response field made non-null', (d) => (row(d).properties.vwap.type = 'number')],
    ['an error response added', (d) => (rows(d).responses['400'] = { description: 'bad' })],
    ['descriptions changed', (d) => (rows(d).description = 'Rows, now documented')],
  ];
  for (const [name, mutate] of additive) {
    it(name, () => expect(changed(mutate).breaking).toEqual([]));
  }
  it('additions are listed as additive', () => {
    const { additive: list } = changed((d) => (row(d).properties.volume = { type: 'number' }));
    expect(list.map((c: { rule: string }) => c.rule)).toContain('response-field-added');
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function workspace(head: Doc, changeset?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'check-breaking-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'base.json'), JSON.stringify(baseDoc()));
  writeFileSync(join(dir, 'head.json'), JSON.stringify(head));
  mkdirSync(join(dir, '.changeset'));
  writeFileSync(join(dir, '.changeset/config.json'), '{}');
  if (changeset) writeFileSync(join(dir, '.changeset/brave-api.md'), changeset);
  const out: string[] = [];
  const env = {
    BASE_SPEC: join(dir, 'base.json'),
    HEAD_SPEC: join(dir, 'head.json'),
    CHANGESET_DIR: join(dir, '.changeset'),
    API_DIFF_OUT: join(dir, 'api-diff.md'),
  };
  return { dir, env, out, log: (l: string) => out.push(l), error: (l: string) => out.push(l) };
}

describe('pnpm check:breaking', () => {
  it('exits 1 on a breaking change and writes the markdown diff; BASE_SPEC/HEAD_SPEC choose the documents', async () => {
    const head = baseDoc();
    delete row(head).properties.vwap;
    row(head).properties.volume = { type: 'number' };
    const w = workspace(head);
    expect(await checkBreaking(w)).toBe(1);
    const md = readFileSync(join(w.dir, 'api-diff.md'), 'utf8');
    expect(md).toContain('# API diff: 1.0.0 → 1.0.0');
    expect(md).toContain(
      '## Breaking changes (1)\n\n- **Row** (`#/components/schemas/Row`, as received) · 1 operation: getRows\n  - Row field `vwap` was removed (`response-field-removed`): code reading the field gets undefined',
    );
    expect(md).toMatch(/## Additive changes/);
    expect(w.out.join('\n')).toMatch(
      /BREAKING \[response-field-removed\] Row field `vwap` was removed — in #\/components\/schemas\/Row, reaches 1 operation: getRows/,
    );
  });
  it('passes a breaking change that a major changeset announces, and says so', async () => {
    const head = baseDoc();
    delete row(head).properties.vwap;
    const w = workspace(head, '---\n"@laevitas-api/types": major\n---\n\nRemove vwap.\n');
    expect(await checkBreaking(w)).toBe(0);
    expect(readFileSync(join(w.dir, 'api-diff.md'), 'utf8')).toContain('released as a major by .changeset/brave-api.md');
  });
  it('a minor changeset does not allow a breaking change', async () => {
    const head = baseDoc();
    delete row(head).properties.vwap;
    expect(await checkBreaking(workspace(head, '---\n"@laevitas-api/types": minor\n---\n\nRemove vwap.\n'))).toBe(1);
  });
  it('passes additive changes', async () => {
    const head = baseDoc();
    row(head).properties.volume = { type: 'number' };
    expect(await checkBreaking(workspace(head))).toBe(0);
  });
  it('the real bundle against itself has no change; without one operation it is breaking', () => {
    const real = JSON.parse(readFileSync(HEAD_BUNDLE, 'utf8'));
    expect(diffSpecs(real, real).changes).toEqual([]);
    const head = structuredClone(real);
    delete head.paths['/api/v1/options/ohlcvt'];
    const { breaking } = diffSpecs(real, head);
    expect(breaking.map((c) => `${c.rule} ${c.operation}`)).toEqual(['operation-removed getOptionsOhlcvt']);
    expect(diffMarkdown(diffSpecs(real, head), { baseVersion: 'a', headVersion: 'b' })).toContain('getOptionsOhlcvt');
  });
});

describe('a changeset for every spec change', () => {
  it('passes when the spec is the released one, fails when it changed without a changeset, passes with one', async () => {
    const same = workspace(baseDoc());
    expect(await checkChangeset({ ...same, env: { ...same.env } })).toBe(0);
    const head = baseDoc();
    row(head).properties.volume = { type: 'number' };
    const none = workspace(head);
    expect(await checkChangeset(none)).toBe(1);
    expect(none.out.join('\n')).toMatch(/the spec changed since the last release .* and no changeset was added/);
    expect(await checkChangeset(workspace(head, '---\n"@laevitas-api/types": minor\n---\n\nAdd volume.\n'))).toBe(0);
  });
  it('the last release is the highest version folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'releases-'));
    dirs.push(dir);
    for (const v of ['1.9.0', '1.33.0', '1.10.2']) {
      mkdirSync(join(dir, v));
      writeFileSync(join(dir, v, 'openapi.json'), '{}');
    }
    expect(lastReleaseBundle(dir)).toBe(join(dir, '1.33.0', 'openapi.json'));
    expect(['1.10.0', '1.2.0', '1.10.0-rc.1'].sort(compareVersions)).toEqual(['1.2.0', '1.10.0-rc.1', '1.10.0']);
  });
});

describe('AsyncAPI (streams)', () => {
  /** AsyncAPI 3: a trades channel with two parameters and one message whose payload is a $ref'd schema. */
  function asyncDoc(): Doc {
    return {
      asyncapi: '3.0.0',
      info: { title: 'streams', version: '1.0.0' },
      channels: {
        trades: {
          address: 'trades.{market}.{exchange}.{instrument}',
          parameters: { market: {}, exchange: {}, instrument: {} },
          messages: { trade: { $ref: '#/components/messages/Trade' } },
        },
        fundingRate: {
          address: 'funding-rate.perpetuals.{exchange}.{instrument}',
          parameters: { exchange: {}, instrument: {} },
          messages: { funding: { payload: { type: 'object', properties: { rate: { type: 'number' } } } } },
        },
      },
      components: {
        messages: { Trade: { name: 'trade', payload: { $ref: '#/components/schemas/Trade' } } },
        schemas: {
          Trade: {
            type: 'object',
            required: ['price', 'amount'],
            properties: { price: { type: 'number' }, amount: { type: 'number' }, side: { type: 'string' } },
          },
        },
      },
    };
  }
  const asyncChanged = (mutate: (d: Doc) => void) => {
    const head = asyncDoc();
    mutate(head);
    return diffAsyncApi(asyncDoc(), head);
  };
  const rulesOf = (r: { breaking: { rule: string }[] }) => r.breaking.map((c) => c.rule);
  it('channel removed', () => expect(rulesOf(asyncChanged((d) => delete d.channels.fundingRate))).toEqual(['channel-removed']));
  it('channel parameter removed', () =>
    expect(rulesOf(asyncChanged((d) => delete d.channels.trades.parameters.exchange))).toEqual(['channel-parameter-removed']));
  it('message removed', () => expect(rulesOf(asyncChanged((d) => (d.channels.trades.messages = {})))).toEqual(['message-removed']));
  it('payload field removed, retyped, made optional', () => {
    expect(rulesOf(asyncChanged((d) => delete d.components.schemas.Trade.properties.side))).toEqual(['response-field-removed']);
    expect(rulesOf(asyncChanged((d) => (d.components.schemas.Trade.properties.price.type = 'string')))).toEqual(['response-field-retyped']);
    expect(rulesOf(asyncChanged((d) => (d.components.schemas.Trade.required = ['price'])))).toEqual(['response-field-optional']);
  });
  it('additions pass: a channel, a message, a payload field', () => {
    const r = asyncChanged((d) => {
      d.channels.oi = { address: 'open-interest.{market}', messages: { oi: { payload: { type: 'object' } } } };
      d.channels.trades.messages.tradeV2 = { name: 'tradeV2', payload: { type: 'object' } };
      d.components.schemas.Trade.properties.iv = { type: 'number' };
    });
    expect(r.breaking).toEqual([]);
    expect(r.additive.map((c: { rule: string }) => c.rule).sort()).toEqual(['channel-added', 'message-added', 'response-field-added']);
  });
  it('check:breaking compares ASYNC_BASE_SPEC with ASYNC_HEAD_SPEC (YAML or JSON) and fails on a removed channel', async () => {
    const w = workspace(baseDoc());
    const head = asyncDoc();
    delete head.channels.fundingRate;
    writeFileSync(join(w.dir, 'asyncapi-base.json'), JSON.stringify(asyncDoc()));
    writeFileSync(join(w.dir, 'asyncapi.yaml'), stringifyYaml(head));
    const env = { ...w.env, ASYNC_BASE_SPEC: join(w.dir, 'asyncapi-base.json'), ASYNC_HEAD_SPEC: join(w.dir, 'asyncapi.yaml') };
    expect(await checkBreaking({ ...w, env })).toBe(1);
    expect(readFileSync(join(w.dir, 'api-diff.md'), 'utf8')).toMatch(
      /# Streams \(AsyncAPI\) diff[\s\S]*channel `funding-rate\.perpetuals\.\{exchange\}\.\{instrument\}` was removed \(`channel-removed`\)/,
    );
    expect(await checkChangeset({ ...w, env })).toBe(1); // the streams changed and no changeset was added
  });
});
