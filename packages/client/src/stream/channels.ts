// The gateway's channel grammar (the CLI's "v1.17.0 grammar" and the WebSocket page; open-interest and funding-rate
// from the v1 release notes): the families, the markets each allows, the timeframes, and where `*` may stand. The
// same table drives the run-time check of a pattern and the template-literal types that narrow a subscription's
// event type from its pattern.

export const MARKETS = ['perpetuals', 'futures', 'options', 'spot', 'predictions'] as const;
export type Market = (typeof MARKETS)[number];

export const TIMEFRAMES = ['1m', '5m', '15m', '30m', '1h', '4h', '12h', '1d'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** Exchanges per market in the published channel matrix; the gateway may add venues, so others are accepted too. */
export const EXCHANGES = {
  perpetuals: ['deribit', 'binance', 'okx', 'bybit', 'hyperliquid', 'kraken', 'nado', 'bullish'],
  futures: ['deribit', 'binance', 'okx', 'bybit', 'kraken'],
  options: ['deribit', 'binance', 'okx', 'bybit', 'bullish', 'derive'],
  spot: ['binance', 'coinbase', 'bybit', 'okx', 'kraken'],
  predictions: ['polymarket'],
} as const satisfies Record<Market, readonly string[]>;
export type ExchangeOf<M extends Market> = (typeof EXCHANGES)[M][number];

/** Each family: its prefix, which markets it allows, and whether a timeframe ends the channel name. */
export const FAMILIES = {
  trades: { markets: MARKETS, tf: false },
  'ohlc.ticker': { markets: MARKETS, tf: true },
  'ohlc.vt': { markets: MARKETS, tf: true },
  liquidations: { markets: ['perpetuals', 'futures'], tf: false },
  book: { markets: ['spot', 'perpetuals', 'futures', 'predictions'], tf: false },
  'open-interest': { markets: ['perpetuals', 'futures', 'options'], tf: false },
  'funding-rate': { markets: ['perpetuals'], tf: false },
} as const satisfies Record<string, { markets: readonly Market[]; tf: boolean }>;
export type Family = keyof typeof FAMILIES;
export const FAMILY_NAMES = Object.keys(FAMILIES) as Family[];
type MarketsOf<F extends Family> = (typeof FAMILIES)[F]['markets'][number];

type Wild<T extends string> = T | '*';
type Venue<M extends Market> = ExchangeOf<M> | '*' | (string & {});
/** `market.exchange` of family F: a known market with its venues (any name accepted for new venues), or `*`. */
type MarketExchange<F extends Family> = { [M in MarketsOf<F>]: `${M}.${Venue<M>}` }[MarketsOf<F>] | `*.${string}`;

/**
 * Every pattern the gateway accepts, as a type: `trades.futures.binance.*`, `ohlc.vt.options.deribit.*.1h`,
 * `open-interest.*`. A trailing `*` after the market or family stands for the remaining positions (the release
 * notes' `open-interest.*`, `funding-rate.perpetuals.*`); families with a timeframe always name it.
 */
export type ChannelPattern = {
  [F in Family]: (typeof FAMILIES)[F]['tf'] extends true
    ? `${F}.${MarketExchange<F>}.${string}.${Timeframe}`
    : `${F}.${MarketExchange<F>}.${string}` | `${F}.*` | `${F}.${Wild<MarketsOf<F>>}.*`;
}[Family];

/** The family a pattern (or channel name) belongs to; `never` for a string that is not one. */
export type FamilyOf<P extends string> = P extends `ohlc.ticker.${string}`
  ? 'ohlc.ticker'
  : P extends `ohlc.vt.${string}`
    ? 'ohlc.vt'
    : P extends `${infer F extends Family}.${string}`
      ? F
      : never;

/** The market a pattern names, or every market its family allows when the position is `*` or left out. */
export type MarketOf<P extends string> = P extends unknown ? MarketIn<P, FamilyOf<P>> : never;
type MarketIn<P extends string, F extends Family> = P extends `${F}.${infer M}.${string}` ? (M extends Market ? M : MarketsOf<F>) : MarketsOf<F>;

export class StreamPatternError extends Error {
  override name = 'StreamPatternError';
  constructor(
    readonly pattern: string,
    readonly position: string,
    readonly rule: string,
  ) {
    super(`stream pattern ${JSON.stringify(pattern)}: ${position} ${rule}`);
  }
}

export interface ParsedPattern {
  readonly pattern: string;
  readonly family: Family;
  /** One entry per position after the family (market, exchange, instrument[, tf]); `*` kept as is. */
  readonly segments: readonly string[];
  /** A shorthand `family.*` / `family.market.*`: the final `*` matches every remaining position. */
  readonly openEnded: boolean;
}

const NAME = /^[A-Za-z0-9_:/+-]+$/;

/** Checks a pattern against the grammar and names the position and the rule it breaks. */
export function parsePattern(pattern: string): ParsedPattern {
  if (typeof pattern !== 'string' || pattern === '') throw new StreamPatternError(String(pattern), 'pattern', 'must be a non-empty string');
  const family = FAMILY_NAMES.find((name) => pattern.startsWith(`${name}.`));
  if (!family) throw new StreamPatternError(pattern, 'family', `must be one of ${FAMILY_NAMES.join(', ')} followed by "."`);
  const rule = FAMILIES[family];
  const segments = pattern.slice(family.length + 1).split('.');
  const positions = rule.tf ? ['market', 'exchange', 'instrument', 'tf'] : ['market', 'exchange', 'instrument'];
  const openEnded = !rule.tf && segments.length < positions.length && segments[segments.length - 1] === '*';
  if (!openEnded && segments.length !== positions.length) {
    throw new StreamPatternError(pattern, 'pattern', `must have ${positions.length} positions after "${family}." (${positions.join('.')}), found ${segments.length}`);
  }
  segments.forEach((value, i) => {
    const position = positions[i]!;
    if (value === '') throw new StreamPatternError(pattern, position, 'must not be empty');
    if (value === '*') {
      if (position === 'tf') throw new StreamPatternError(pattern, 'tf', `must be one of ${TIMEFRAMES.join(', ')}; "*" is allowed in the market, exchange and instrument positions only`);
      return;
    }
    if (value.includes('*')) throw new StreamPatternError(pattern, position, 'may be "*" or a name, not a partial wildcard');
    if (position === 'market' && !(rule.markets as readonly string[]).includes(value)) {
      throw new StreamPatternError(pattern, 'market', `must be one of ${rule.markets.join(', ')} or "*" for ${family}`);
    }
    if (position === 'tf' && !(TIMEFRAMES as readonly string[]).includes(value)) {
      throw new StreamPatternError(pattern, 'tf', `must be one of ${TIMEFRAMES.join(', ')}`);
    }
    if ((position === 'exchange' || position === 'instrument') && !NAME.test(value)) {
      throw new StreamPatternError(pattern, position, 'must be "*" or a name of letters, digits, "_", "-", ":", "/" or "+"');
    }
  });
  return { pattern, family, segments, openEnded };
}

/** Whether a concrete channel name (as the gateway sends it in an event) falls under a parsed pattern. */
export function matches(parsed: ParsedPattern, channel: string): boolean {
  if (!channel.startsWith(`${parsed.family}.`)) return false;
  const parts = channel.slice(parsed.family.length + 1).split('.');
  const { segments } = parsed;
  if (parsed.openEnded) {
    if (parts.length < segments.length) return false;
  } else if (parts.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i] !== '*' && segments[i] !== parts[i]) return false;
  }
  return true;
}
