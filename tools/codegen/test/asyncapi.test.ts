// The AsyncAPI contract of the streaming gateway: the bundle is a valid AsyncAPI 3.0 document (the official parser,
// which also proves it rejects a broken copy), it holds the seven channel families with their parameters and the
// published grammar, every example payload validates against its message schema, and broken copies of the published
// payloads (a renamed field, a wrong type, a wrong channel name) are rejected with the field named.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { ROOT } from './load.js';
import { deref } from '@laevitas-api/spec-model';

const require = createRequire(import.meta.url);
const { Parser } = require('@asyncapi/parser');
const stream = require('../../../packages/validators/runtime/stream.cjs');
const { STREAM_FAMILIES } = require('../../../packages/types/generated/stream.cjs');

const bundleText = readFileSync(join(ROOT, 'spec/dist/asyncapi.yaml'), 'utf8');
const doc = JSON.parse(readFileSync(join(ROOT, 'spec/dist/asyncapi.json'), 'utf8'));
const schemaOf = (message: any) => message.payload.$ref.split('/').pop();
/** The event schema of a channel: the family's schema, or its per-market branch (trades, ohlc.ticker). */
function variantOf(name: string, channel: string): any {
  const schema = doc.components.schemas[name];
  if (!schema.oneOf) return schema;
  return resolve(schema.oneOf.find((b: any) => new RegExp(resolve(b).properties.channel.pattern).test(channel)));
}
const resolve = (node: any): any => deref(doc, node);

async function errorsOf(text: string) {
  const { diagnostics } = await new Parser().parse(text);
  return diagnostics.filter((d: any) => d.severity === 0).map((d: any) => `${d.code} ${d.path.join('.')}: ${d.message}`);
}

describe('spec/asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3.0 document (official parser, no errors)', async () => {
    expect(doc.asyncapi).toBe('3.0.0');
    expect(await errorsOf(bundleText)).toEqual([]);
  }, 30_000);

  it('the parser check can fail: a channel missing a parameter of its address is rejected', async () => {
    const broken = structuredClone(doc);
    delete broken.channels.trades.parameters.instrument;
    const errors = await errorsOf(JSON.stringify(broken));
    expect(errors.join('\n')).toMatch(/instrument/);
  }, 30_000);

  it('declares the native gateway (recommended) and the legacy Socket.IO endpoint under the v2 host, with their auth', () => {
    expect(doc.servers.native).toMatchObject({ host: '{v2_host}', pathname: '/ws', protocol: 'wss' });
    expect(doc.servers.native.variables.v2_host.default).toBe('apiv2.laevitas.ch');
    expect(doc.servers.socketio).toMatchObject({ pathname: '/stream', protocol: 'wss', tags: [{ name: 'legacy' }] });
    const schemes = doc.servers.native.security.map((s: any) => resolve(s));
    expect(schemes.map((s: any) => `${s.in}:${s.name}`)).toEqual(['header:apikey', 'header:X-Credit-Token']);
    for (const s of schemes) expect(s['x-source']).toBeTruthy();
    // The query scheme is documented as removed (API v1.18.0), not offered.
    expect(doc.components.securitySchemes.apiKeyQuery).toMatchObject({ in: 'query', name: 'apiKey', 'x-removed': 'API v1.18.0' });
  });

  it('holds the seven channel families with their address parameters', () => {
    const addresses = Object.values(doc.channels)
      .map((c: any) => c.address)
      .filter(Boolean)
      .sort();
    expect(addresses).toEqual([
      'book.{market}.{exchange}.{instrument}',
      'funding-rate.{market}.{exchange}.{instrument}',
      'liquidations.{market}.{exchange}.{instrument}',
      'ohlc.ticker.{market}.{exchange}.{instrument}.{tf}',
      'ohlc.vt.{market}.{exchange}.{instrument}.{tf}',
      'open-interest.{market}.{exchange}.{instrument}',
      'trades.{market}.{exchange}.{instrument}',
    ]);
    const markets = Object.fromEntries(STREAM_FAMILIES.map((f: any) => [f.family, f.positions[0].values]));
    expect(markets).toEqual({
      trades: ['perpetuals', 'futures', 'options', 'spot', 'predictions'],
      'ohlc.ticker': ['perpetuals', 'futures', 'options', 'spot', 'predictions'],
      'ohlc.vt': ['perpetuals', 'futures', 'options', 'spot', 'predictions'],
      liquidations: ['perpetuals', 'futures'],
      book: ['perpetuals', 'futures', 'spot', 'predictions'],
      'open-interest': ['perpetuals', 'futures', 'options'],
      'funding-rate': ['perpetuals'],
    });
    const tf = STREAM_FAMILIES.find((f: any) => f.family === 'ohlc.vt').positions[3];
    expect(tf).toMatchObject({ name: 'tf', values: ['1m', '5m', '15m', '30m', '1h', '4h', '12h', '1d'], wildcard: false });
  });

  it('every example of every message validates against its schema', () => {
    let count = 0;
    for (const [name, message] of Object.entries<any>(doc.components.messages)) {
      for (const example of message.examples ?? []) {
        const result = /Event$/.test(name) ? stream.validateStreamEvent(example.payload) : stream.validateStreamMessage(schemaOf(message), example.payload);
        expect(result.issues, `${name} ${example.name}`).toEqual([]);
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(15);
  });

  const published = Object.entries<any>(doc.components.messages)
    .filter(([, m]) => String(m['x-source']).includes('https://apiv2.laevitas.ch/websocket') && /Event$/.test(schemaOf(m)))
    .flatMap(([name, m]) =>
      m.examples
        .filter((e: any) => /published data/.test(e.summary ?? ''))
        .map((e: any) => [`${name} ${e.name}`, e.payload, resolve(variantOf(schemaOf(m), e.payload.channel).properties.data)] as const),
    );

  it('the published payloads are the futures and options trade, ticker and volume events', () => {
    expect(published.map(([label]) => label)).toEqual([
      'OhlcTickerEvent futuresTicker',
      'OhlcVtEvent futuresVt',
      'TradesEvent futuresTrade',
      'TradesEvent optionsTrade',
    ]);
  });

  describe.each(published)('%s: broken copies are rejected', (_label, payload, dataSchema) => {
    const required: string[] = dataSchema.required;
    it('a renamed required field', () => {
      for (const field of required) {
        const { [field]: value, ...rest } = payload.data;
        const result = stream.validateStreamEvent({ ...payload, data: { ...rest, [`${field}_renamed`]: value } });
        expect(result.ok).toBe(false);
        expect(result.issues.map((i: any) => i.message)).toContain(`data.${field} is required`);
      }
    });
    it('a field of the wrong type', () => {
      for (const field of Object.keys(payload.data)) {
        const wrong = typeof payload.data[field] === 'number' ? String(payload.data[field]) : 12345;
        const result = stream.validateStreamEvent({ ...payload, data: { ...payload.data, [field]: wrong } });
        expect(result.ok, field).toBe(false);
        expect(result.issues[0].path).toBe(`data.${field}`);
      }
    });
    it('a wrong channel name', () => {
      for (const channel of [
        payload.channel.replace(/^trades|^ohlc\.(ticker|vt)/, 'trade'),
        payload.channel.replace('deribit', 'deribitx'),
        payload.channel + '.extra',
        `${payload.channel.split('.')[0]}.*`,
      ]) {
        const result = stream.validateStreamEvent({ ...payload, channel });
        expect(result.ok, channel).toBe(false);
        expect(result.issues[0].path).toBe('channel');
      }
    });
  });

  it("each event schema's channel pattern accepts every channel of the matrix and nothing outside it", () => {
    for (const family of STREAM_FAMILIES) {
      const schema = doc.components.schemas[family.message];
      const branches = (schema.oneOf ?? [schema]).map((b: any) => new RegExp(resolve(b).properties.channel.pattern));
      const pattern = { test: (channel: string) => branches.filter((b: RegExp) => b.test(channel)).length === 1 };
      const [market, exchange, instrument, tf] = family.positions;
      for (const m of market.values) {
        for (const e of exchange.byMarket[m]) {
          const channel = [family.family, m, e, 'BTC-27MAR26', ...(tf ? ['1h'] : [])].join('.');
          expect(pattern.test(channel), channel).toBe(true); // exactly one branch: the per-market variants do not overlap
          expect(stream.parseChannelPattern(channel, { wildcards: false }).ok, channel).toBe(true);
        }
      }
      expect(pattern.test([family.family, '*', 'binance', 'BTCUSDT', ...(tf ? ['1h'] : [])].join('.'))).toBe(false);
      expect(new RegExp(instrument.pattern).test('A.B')).toBe(false);
    }
  });

  it('patterns: wildcards only in market, exchange and instrument; a trailing * covers the rest (property)', () => {
    const families = STREAM_FAMILIES.map((f: any) => f.family);
    fc.assert(
      fc.property(
        fc.constantFrom(...families),
        fc.array(fc.constantFrom('*', 'binance', 'perpetuals', 'BTCUSDT', '1h', 'x.y', ''), { maxLength: 5 }),
        (family, segments) => {
          const info = STREAM_FAMILIES.find((f: any) => f.family === family);
          const text = [family, ...segments].join('.');
          const parsed = stream.parseChannelPattern(text);
          if (parsed.ok) {
            // Accepted: no '*' in a position without wildcard, and a short pattern ends in '*'.
            const parts = text.slice(family.length + 1).split('.');
            parts.forEach((value: string, i: number) => value === '*' && expect(info.positions[i].wildcard).toBe(true));
            if (parts.length < info.positions.length) expect(parts.at(-1)).toBe('*');
          } else expect(parsed.error).toMatch(new RegExp(family.replace('.', '\\.')));
        },
      ),
      { seed: 12, numRuns: 2000 },
    );
    expect(stream.parseChannelPattern('ohlc.ticker.*.*.*.*').ok).toBe(false);
    expect(stream.parseChannelPattern('ohlc.ticker.*.*.*.1m').ok).toBe(true);
    expect(stream.parseChannelPattern('trades.*').ok).toBe(true);
    expect(stream.channelMatches('trades.*', 'trades.spot.kraken.XBTUSD')).toBe(true);
    expect(stream.channelMatches('trades.futures.*', 'trades.spot.kraken.XBTUSD')).toBe(false);
    expect(stream.channelMatches('ohlc.vt.*.*.*.1m', 'ohlc.vt.futures.okx.BTC-USD.1m')).toBe(true);
    expect(stream.channelMatches('ohlc.vt.*.*.*.1m', 'ohlc.vt.futures.okx.BTC-USD.5m')).toBe(false);
  });

  it('requests carry no jsonrpc member and are checked field by field', () => {
    expect(stream.validateStreamMessage('SubscribeRequest', { id: 1, method: 'subscribe', params: { channels: ['trades.futures.binance.BTCUSDT'] } }).ok).toBe(
      true,
    );
    expect(stream.validateStreamMessage('SubscribeRequest', { id: 1, method: 'subscribe', params: { channels: [] } }).issues[0].path).toBe('params.channels');
    expect(stream.validateStreamMessage('PingRequest', { id: '1', method: 'ping' }).issues[0].path).toBe('id');
    for (const name of ['SubscribeRequest', 'UnsubscribeRequest', 'PingRequest'])
      expect(Object.keys(doc.components.schemas[name].properties)).not.toContain('jsonrpc');
  });

  it('descriptions speak about the gateway; provenance lives in x-source', () => {
    const texts: string[] = [];
    const visit = (node: any, key = ''): void => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, key));
      if (!node || typeof node !== 'object') return;
      if (key === 'payload' || key === 'examples') return; // example data, not prose
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'description' || k === 'summary') && typeof v === 'string') texts.push(v);
        else visit(v, k);
      }
    };
    visit(doc);
    expect(texts.length).toBeGreaterThan(60);
    const cites = /\bfacts\b|(?<!EXTENSIONS)\.md\b|§|\bsections? \d|\bthe page\b|\bWSPAGE\b|official CLI/i;
    expect(texts.filter((text) => cites.test(text))).toEqual([]);
  });

  it('documents the limits and every close code the gateway publishes, with the reaction to each', () => {
    const native = doc.servers.native;
    expect(native['x-limits']).toEqual({
      subscriptionsPerConnection: 200,
      inboundMessagesPerSecond: 20,
      maxLifetimeSeconds: 86400,
      slowConsumerBytes: 2097152,
      concurrentConnectionsPerApiKey: 5,
      concurrentConnectionsPerIp: 20,
    });
    const codes = Object.fromEntries(native['x-close-codes'].map((c: any) => [c.code, c.reconnect]));
    expect(codes).toEqual({
      1001: 'delay',
      1006: 'backoff',
      1011: 'backoff',
      4001: 'never',
      4002: 'backoff',
      4003: 'backoff',
      4004: 'immediate',
      4005: 'backoff',
      4006: 'never',
      4008: 'backoff',
    });
  });
});
