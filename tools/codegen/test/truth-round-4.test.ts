// What the vendor's own pages publish, held against the spec row by row: the parameter tables of the vendor's
// listing of the versioned API (one page per endpoint, with a Required column), the official CLI's newest commands,
// and the documented answers of the legacy docs. Each row names its source; the spec's `x-source` cites the same.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { loadBundle, operations, resolve$ref } from './load.js';

const require = createRequire(import.meta.url);
const validators = require('../../../packages/validators/index.cjs');
const doc = loadBundle();
const ops = operations(doc);

const LISTING = 'https://proxygate.ai/seller/laevitas/laevitas-api-v2/get-api-v1-';
const CLI_SPOT = 'https://github.com/Laevitas/cli/blob/168f35401d760277e2e4c202a16062b2b0b94cc0/cmd/spot/spot.go';
const CLI_PERPS = 'https://github.com/Laevitas/cli/blob/main/cmd/perps/perps.go';

type Issue = { path: string; rule: string; message: string };
const opById = (id: string) => ops.find((o) => o.operationId === id)!;
/** The operation's query parameters as the bundle has them (with their `x-source`), by name. */
const queryOf = (id: string): Map<string, any> => {
  const op = opById(id);
  const raw = doc.paths[op.path][op.method].parameters.map((p: unknown) => resolve$ref(doc, p));
  return new Map(raw.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p]));
};
const schemaOf = (p: { schema: any }) => (p.schema?.$ref ? resolve$ref(doc, p.schema) : p.schema?.allOf ? resolve$ref(doc, p.schema.allOf[0]) : p.schema);
const issuesOf = (id: string, query: Record<string, unknown>): Issue[] => {
  const result = validators.validateRequest(id, { query });
  return result.ok ? [] : result.issues;
};

/**
 * The listing's parameter tables as published (name → Required column), one page per row. Every parameter the page
 * lists is in the spec with the same required flag.
 */
const LISTING_TABLES: { page: string; operationId: string; params: Record<string, boolean>; valid: Record<string, unknown> }[] = [
  {
    page: 'spot-snapshot',
    operationId: 'getSpotSnapshot',
    params: { date: false, currency: false, exchange: true, resolution: false, quote_currency: false },
    valid: { exchange: 'binance' },
  },
  {
    page: 'spot-metadata',
    operationId: 'getSpotMetadata',
    params: { exchange: true, instrument_name: true },
    valid: { exchange: 'coinbase', instrument_name: 'BTC-USD' },
  },
  {
    page: 'futures-trades-summary',
    operationId: 'getFuturesTradesSummary',
    params: {
      end: false,
      limit: false,
      start: false,
      cursor: false,
      currency: true,
      exchange: true,
      group_by: true,
      maturity: false,
      sort_dir: false,
      strategy: false,
      direction: false,
      block_only: false,
      min_amount: false,
    },
    valid: { currency: 'BTC', exchange: 'deribit', group_by: 'maturity' },
  },
  {
    page: 'perpetuals-trades',
    operationId: 'getPerpetualsTrades',
    params: Object.fromEntries(
      [
        'end',
        'sort',
        'limit',
        'start',
        'top_n',
        'cursor',
        'currency',
        'exchange',
        'sort_dir',
        'strategy',
        'direction',
        'block_only',
        'min_amount',
        'instrument_name',
      ].map((n) => [n, false]),
    ),
    valid: { instrument_name: 'BTC-PERPETUAL' },
  },
  {
    page: 'perpetuals-orderbook',
    operationId: 'getPerpetualsOrderbook',
    params: Object.fromEntries(['end', 'limit', 'start', 'cursor', 'exchange', 'sort_dir', 'resolution', 'instrument_name'].map((n) => [n, false])),
    valid: {},
  },
  {
    page: 'instruments',
    operationId: 'getInstruments',
    params: Object.fromEntries(
      [
        'limit',
        'cursor',
        'status',
        'exchange',
        'expiry_to',
        'asset_class',
        'expiry_from',
        'margin_type',
        'market_type',
        'option_type',
        'sub_exchange',
        'base_currency',
        'quote_currency',
        'instrument_name',
      ].map((n) => [n, false]),
    ),
    valid: { asset_class: 'equity', sub_exchange: 'xyz' },
  },
  {
    page: 'predictions-snapshot',
    operationId: 'getPredictionsSnapshot',
    params: Object.fromEntries(['date', 'keyword', 'category', 'exchange', 'event_slug', 'resolution', 'instrument_name'].map((n) => [n, false])),
    valid: { exchange: 'hyperliquid' },
  },
  {
    page: 'predictions-metadata',
    operationId: 'getPredictionsMetadata',
    params: { limit: false, exchange: false, instrument_name: true },
    valid: { instrument_name: 'btc-above-100k-YES' },
  },
  ...(['by-expiry', 'by-tenor'] as const).map((mode) => ({
    page: `options-vol-surface-${mode}`,
    operationId: mode === 'by-expiry' ? 'getOptionsVolSurfaceByExpiry' : 'getOptionsVolSurfaceByTenor',
    params: { end: false, date: false, limit: false, start: false, cursor: false, currency: true, exchange: true, sort_dir: false, resolution: false },
    valid: { exchange: 'deribit', currency: 'BTC' },
  })),
  {
    page: 'options-vol-surface-by-time',
    operationId: 'getOptionsVolSurfaceByTime',
    params: { end: false, limit: false, start: false, cursor: false, currency: true, exchange: true, maturity: true, sort_dir: false, resolution: false },
    valid: { exchange: 'deribit', currency: 'BTC', maturity: '26JUN26' },
  },
];

describe("the vendor listing's parameter tables (Required column)", () => {
  it.each(LISTING_TABLES.map((t) => [t.page, t] as const))('%s: every listed parameter, with its required flag', (page, table) => {
    const query = queryOf(table.operationId);
    for (const [name, required] of Object.entries(table.params)) {
      expect(query.has(name), `${table.operationId} query.${name} (${LISTING}${page})`).toBe(true);
      expect(Boolean(query.get(name)!.required), `${table.operationId} query.${name} required`).toBe(required);
    }
    expect(String(opById(table.operationId).extensions['x-source'] ?? '') + JSON.stringify([...query.values()].map((p: any) => p['x-source']))).toContain(
      `${LISTING}${page}`,
    );
  });

  it.each(LISTING_TABLES.map((t) => [t.page, t] as const))(
    '%s: the validators accept the minimal call and refuse one without a required parameter, naming it',
    (_page, table) => {
      expect(issuesOf(table.operationId, table.valid)).toEqual([]);
      for (const [name, required] of Object.entries(table.params)) {
        if (!required) continue;
        const { [name]: _dropped, ...without } = table.valid;
        expect(issuesOf(table.operationId, without)).toContainEqual(expect.objectContaining({ path: `query.${name}`, rule: 'required' }));
      }
    },
  );

  it('perpetuals trades need instrument_name or currency ("Either currency or instrument_name is required")', () => {
    expect(opById('getPerpetualsTrades').extensions['x-requires-one-of']).toEqual(['instrument_name', 'currency']);
  });

  it('the vol surface by expiry has the time-series mode the listing documents (start/end, cursor pages)', () => {
    expect(opById('getOptionsVolSurfaceByExpiry').extensions['x-pagination']).toMatchObject({ style: 'cursor', cursorParam: 'cursor' });
  });

  it('value sets and defaults the listing publishes: asset_class, sub_exchange, prediction venues, prediction snapshot resolution 1m', () => {
    const instruments = queryOf('getInstruments');
    expect(schemaOf(instruments.get('asset_class')!).enum).toEqual(['equity', 'commodity', 'forex', 'index']);
    expect(schemaOf(instruments.get('sub_exchange')!).enum).toEqual(['', 'xyz', 'flx', 'km', 'cash', 'vntl', 'hyna']);
    expect(schemaOf(queryOf('getPredictionsSnapshot').get('exchange')!).enum).toEqual(['polymarket', 'hyperliquid']);
    const resolution = queryOf('getPredictionsSnapshot').get('resolution')! as any;
    expect(resolution.schema.default).toBe('1m');
    // Two sources disagree (the CLI's flag default is 1h): both are recorded, and the decision says why.
    expect(resolution['x-source']).toMatch(/predictions-snapshot.*CLI flag default.*decides/);
    expect(issuesOf('getInstruments', { asset_class: 'crypto-ish' })).toContainEqual(expect.objectContaining({ path: 'query.asset_class', rule: 'enum' }));
  });
});

/**
 * The fourteen facts the last round left open: each adopted with its source, or recorded in `x-source` as not adopted
 * with the reason. `check` proves the spec holds the fact (or says why not).
 */
const OPEN_FACTS: { fact: string; source: string; check: () => void }[] = [
  ...(['min_amount', 'min_quote_amount'] as const).map((name) => ({
    fact: `spot trades filter ${name}`,
    source: CLI_SPOT,
    check: () => {
      const p = queryOf('getSpotTrades').get(name)! as any;
      expect(p['x-source']).toContain(CLI_SPOT);
      expect(issuesOf('getSpotTrades', { currency: 'BTC', [name]: 100000 })).toEqual([]);
      expect(issuesOf('getSpotTrades', { currency: 'BTC', [name]: -1 })).toContainEqual(expect.objectContaining({ path: `query.${name}` }));
    },
  })),
  ...(['getSpotOhlcvt', 'getSpotTicker', 'getSpotVolume', 'getSpotLevel1', 'getSpotL2Orderbook', 'getSpotL2OrderbookRaw'] as const).map((id) => ({
    fact: `quote_currency on ${id}`,
    source: CLI_SPOT,
    check: () => {
      expect((queryOf(id).get('quote_currency') as any)['x-source']).toContain(CLI_SPOT);
      expect(issuesOf(id, { instrument_name: 'BTCUSDT', quote_currency: 'USDT' })).toEqual([]);
    },
  })),
  {
    fact: 'resolution on the spot snapshot',
    source: CLI_SPOT,
    check: () => {
      expect((queryOf('getSpotSnapshot').get('resolution') as any)['x-source']).toContain(CLI_SPOT);
      expect(issuesOf('getSpotSnapshot', { exchange: 'binance', resolution: '3m' })).toContainEqual(expect.objectContaining({ path: 'query.resolution' }));
    },
  },
  {
    fact: 'maturity on the perpetuals catalog',
    source: CLI_PERPS,
    check: () => {
      expect((queryOf('getPerpetualsCatalog').get('maturity') as any)['x-source']).toContain(CLI_PERPS);
      expect(issuesOf('getPerpetualsCatalog', { maturity: '2027-03-26' })).toContainEqual(expect.objectContaining({ path: 'query.maturity' }));
    },
  },
  {
    fact: 'perpetuals trades-summary group_by values',
    source: CLI_PERPS,
    check: () => {
      expect(schemaOf(queryOf('getPerpetualsTradesSummary').get('group_by')!).enum).toEqual(['exchange', 'instrument_name', 'direction', 'strategy']);
      expect(issuesOf('getPerpetualsTradesSummary', { group_by: 'maturity' })).toContainEqual(
        expect.objectContaining({ path: 'query.group_by', rule: 'enum' }),
      );
      // Futures keep maturity: a dated future has one.
      expect(issuesOf('getFuturesTradesSummary', { group_by: 'maturity', exchange: 'deribit', currency: 'BTC' })).toEqual([]);
    },
  },
  ...(
    [
      ['mark_price on carry rows', 'PerpetualsCarryRow', 'mark_price'],
      ['index on legacy dvol rows', 'LegacyOptionsDvolResponse', 'index'],
      ['tenor-keyed rows of the legacy skew route', 'LegacyOptionsSkewByMarketAndCurrencyResponse', 'tenor-keyed'],
    ] as const
  ).map(([fact, schema, word]) => ({
    fact,
    source: 'no stored copy of the newest sources names it',
    check: () => {
      const node = doc.components.schemas[schema];
      expect(node['x-source']).toMatch(new RegExp(`open fact, not adopted: .*${word}`));
      expect(JSON.stringify(node.properties ?? {})).not.toContain(`"${word}"`);
    },
  })),
];

describe('the fourteen open facts of the last round', () => {
  it('fourteen, each with its source', () => {
    expect(OPEN_FACTS).toHaveLength(14);
    for (const f of OPEN_FACTS) expect(f.source).toBeTruthy();
  });
  it.each(OPEN_FACTS.map((f) => [f.fact, f] as const))('%s', (_fact, f) => f.check());
});

describe('legacy answers as the vendor documents them (docs.laevitas.ch)', () => {
  const response = (id: string, body: unknown): Issue[] => {
    const result = validators.validateResponse(id, 200, body);
    return result.ok ? [] : result.issues;
  };

  it('historical pages: meta {total, page, items} without total_pages validates; without total it does not', () => {
    // https://docs.laevitas.ch/options/historical
    const documented = { meta: { total: 2149, page: 1, items: 1 }, items: [{ date: 1722988800000 }] };
    expect(response('getLegacyHistoricalOptionsData', documented)).toEqual([]);
    expect(response('getLegacyHistoricalOptionsData', { ...documented, meta: { page: 1, items: 1 } })).toContainEqual(
      expect.objectContaining({ path: 'meta.total' }),
    );
  });

  it('ATM-IV time lapse: data keyed by the point of the lapse, {maturity, iv} rows, the documented date in seconds', () => {
    // https://docs.laevitas.ch/options/analytic
    const documented = { date: 1723633560, data: { Today: [{ maturity: '16AUG24', iv: 63.67 }], Yesterday: [{ maturity: '16AUG24', iv: 62.58 }] } };
    expect(response('getLegacyATMImpliedVolatilityTimeLapse', documented)).toEqual([]);
    expect(response('getLegacyATMImpliedVolatilityTimeLapse', { ...documented, data: { Today: [{ maturity: '16AUG24', iv: '63.67' }] } })).toContainEqual(
      expect.objectContaining({ path: 'data.Today[0].iv' }),
    );
    expect(response('getLegacyATMImpliedVolatilityTimeLapse', { ...documented, data: { Today: { maturity: '16AUG24' } } })).not.toEqual([]);
  });
});

describe('the agent endpoint as its page documents it (apiv2.laevitas.ch/mcp, three snapshots)', () => {
  const mcp = doc.paths['/api/v1/mcp'].post;

  it('every way to authenticate: apikey and x-api-key headers, the apiKey query, OAuth Bearer, credit token, x402', () => {
    expect(mcp.security).toEqual([{ XApiKey: [] }, { ApiKey: [] }]);
    expect(mcp['x-auth-alternatives']).toEqual(['AgentBearer', 'AgentApiKeyQuery', 'CreditToken', 'X402Payment']);
    expect(doc.components.securitySchemes.AgentApiKeyQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'apiKey' });
    expect(doc.components.securitySchemes.AgentBearer.description).toMatch(/PKCE `S256`.*one hour/s);
  });

  it('which methods need no authentication, and what a paid tools/call answers', () => {
    expect(mcp['x-credit-cost']).toEqual({ initialize: 0, 'tools/list': 0, 'tools/call': 1 });
    expect(Object.keys(resolve$ref(doc, mcp.responses['200']).headers)).toEqual(['x-credit-token', 'x-credits-remaining']);
    expect(resolve$ref(doc, mcp.responses['402'])).toBeDefined();
  });

  it('the OAuth discovery documents (RFC 9728, RFC 8414) are operations, public, with the members the standards name', () => {
    for (const [path, schema, required] of [
      ['/.well-known/oauth-protected-resource', 'OAuthProtectedResourceMetadata', ['resource', 'authorization_servers']],
      [
        '/.well-known/oauth-authorization-server',
        'OAuthAuthorizationServerMetadata',
        ['issuer', 'authorization_endpoint', 'token_endpoint', 'response_types_supported'],
      ],
    ] as const) {
      expect(doc.paths[path].get.security).toEqual([]);
      expect(doc.components.schemas[schema].required).toEqual(required);
    }
    const example = doc.components.examples.OAuthAuthorizationServerMetadata.value;
    expect(validators.validateResponse('getWellKnownOauthAuthorizationServer', 200, example).ok).toBe(true);
    expect(validators.validateResponse('getWellKnownOauthAuthorizationServer', 200, { ...example, token_endpoint: undefined }).ok).toBe(false);
  });

  it('the published tool names are the tools/list example, and the two snapshots that disagree on client registration are both recorded', () => {
    const tools = doc.components.examples.McpToolsListResult.value.result.tools.map((t: { name: string }) => t.name);
    expect(tools).toEqual(['get_futures_catalog', 'get_options_catalog', 'get_futures_metadata']);
    expect(mcp['x-source']).toMatch(/dynamic client registration, RFC 7591.*registration is\s+recorded as disabled/s);
  });
});
