// Accuracy fixes found in review, each held by a test: what the documents or public clients say, the spec says.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { loadBundle, operations, resolve$ref } from './load.js';

const require = createRequire(import.meta.url);
const validators = require('../../../packages/validators/index.cjs');
const doc = loadBundle();
const ops = operations(doc);
const byId = (id: string) => ops.find((o) => o.operationId === id)!;

function mediaOf(op: (typeof ops)[number], status: number) {
  const raw = resolve$ref(doc, doc.paths[op.path])[op.method];
  return resolve$ref(doc, raw.responses[status]).content?.['application/json'];
}

function examples(media: any): unknown[] {
  return Object.values<any>(media?.examples ?? {}).map((e) => resolve$ref(doc, e).value);
}

describe('parameters', () => {
  it('the perpetuals snapshot market is case-insensitive (public clients send it in lower case)', () => {
    const market = byId('getLegacyPerpetualsSnapshotDataByMarket').parameters.find((p) => p.name === 'market')!;
    expect(market.caseInsensitive).toBe(true);
  });

  it.each(['getFuturesFlow', 'getPerpetualsFlow'])('%s takes the optional `exchange` the official CLI sends', (id) => {
    const exchange = byId(id).parameters.find((p) => p.in === 'query' && p.name === 'exchange');
    expect(exchange?.required).toBe(false);
    expect(validators.validateRequest(id, { query: { currency: 'BTC', exchange: 'deribit' } }).ok).toBe(true);
  });

  it('settlement funding rates take the shared `granularity` parameter', () => {
    const names = byId('getLegacyHistoricalSettlementFundingRate').parameters.map((p) => p.name);
    expect(names).toContain('granularity');
  });

  it.each(['BTC-250627-100000-C', 'BTC-USD-250627-100000-C', 'BTC-27JUN25-100000-C-USDT', 'ETH-20250627-3000-P'])(
    'an instrument name of another venue (%s) is not rejected',
    (name) => {
      const result = validators.validateRequest('getOptionsOhlcvt', { query: { instrument_name: name, exchange: 'deribit' } });
      expect(result.ok ? [] : result.issues).toEqual([]);
      const body = { data: [{ instrument_name: name, exchange: 'binance' }], meta: { next_cursor: null } };
      const catalog = validators.validateResponse('getOptionsCatalog', 200, body);
      expect(catalog.ok ? [] : catalog.issues).toEqual([]);
    },
  );

  it('an instrument name still has to be a non-empty string', () => {
    expect(validators.validateRequest('getOptionsOhlcvt', { query: { instrument_name: '', exchange: 'deribit' } }).ok).toBe(false);
  });
});

describe('responses', () => {
  it('legacy live examples show the `date` in both units the sources disagree on', () => {
    const dates = ops
      .filter((o) => o.path.startsWith('/analytics/'))
      .flatMap((o) => examples(mediaOf(o, 200)))
      .map((v: any) => v?.date)
      .filter((d): d is number => typeof d === 'number');
    const seconds = dates.filter((d) => d < 1e11);
    const millis = dates.filter((d) => d >= 1e11);
    expect(seconds.length).toBeGreaterThanOrEqual(5);
    expect(millis.length).toBeGreaterThanOrEqual(5);
  });

  it('top_funding accepts the bare array of rows the legacy reference describes, and the envelope', () => {
    const rows = [{ symbol: 'SUIUSDT', funding: 0.03, yield: 34.1 }];
    expect(validators.validateResponse('getLegacyTopFundingData', 200, rows).ok).toBe(true);
    expect(validators.validateResponse('getLegacyTopFundingData', 200, { date: 1795186800, data: rows }).ok).toBe(true);
    expect(validators.validateResponse('getLegacyTopFundingData', 200, [{}]).ok).toBe(false);
    expect(examples(mediaOf(byId('getLegacyTopFundingData'), 200)).some(Array.isArray)).toBe(true);
  });
});

describe('request examples', () => {
  it('risk request examples use only the position fields the documents name', () => {
    const documented = Object.keys(doc.components.schemas.RiskPosition.properties);
    for (const id of ['postVolSurfaceRiskDecompose', 'postVolSurfaceRiskScenario', 'postVolSurfaceRiskLadder']) {
      const op = byId(id);
      const media = resolve$ref(doc, resolve$ref(doc, doc.paths[op.path])[op.method].requestBody).content['application/json'];
      for (const body of examples(media) as any[]) {
        for (const position of body.positions)
          expect(
            Object.keys(position).filter((k) => !documented.includes(k)),
            id,
          ).toEqual([]);
      }
    }
  });
});

describe('x402', () => {
  it('lists the payment networks the document names: Base mainnet, a test network, Solana for subscriptions and tick data', () => {
    const networks = doc.info['x-x402'].networks;
    expect(networks).toContainEqual(expect.objectContaining({ network: 'eip155:8453', usedFor: 'all' }));
    expect(networks.filter((n: any) => n.network !== 'eip155:8453' && n.usedFor === 'all')).toHaveLength(1);
    const solana = networks.find((n: any) => String(n.network).startsWith('solana:'));
    expect(solana.usedFor).toEqual(['subscriptions', 'tick-data']);
  });
});
