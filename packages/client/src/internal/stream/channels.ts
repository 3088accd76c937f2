// The gateway's channel grammar as the AsyncAPI contract states it (STREAM_FAMILIES, generated from the channel
// addresses and parameters of spec/asyncapi): the families, each position's values or pattern, where `*` may stand,
// and the market/exchange matrix. This file only walks that data: it checks a pattern before anything is sent and
// matches the concrete channel of each event against the subscribed patterns.
import { STREAM_FAMILIES, type FamilyOf, type StreamFamily, type StreamFamilyInfo, type StreamPattern, type Timeframe } from '@laevitas-api/types/stream';

export type { FamilyOf, Timeframe };
/** A channel family: `trades`, `ohlc.ticker`, `ohlc.vt`, `liquidations`, `book`, `open-interest`, `funding-rate`. */
export type Family = StreamFamily;
/** Every pattern a subscribe accepts, per the contract (`trades.futures.binance.*`, `ohlc.vt.options.deribit.*.1h`, `open-interest.*`). */
export type ChannelPattern = StreamPattern;
export type Market = 'perpetuals' | 'futures' | 'options' | 'spot' | 'predictions';

type MarketsOf<F extends Family> = MarketsIn<Extract<StreamPattern, `${F}.${string}`>, F>;
type MarketsIn<P, F extends Family> = P extends `${F}.${infer M}.${string}` ? Extract<M, Market> : never;
/** The market a pattern names, or every market its family allows when the position is `*` or left out. */
export type MarketOf<P extends string> = P extends unknown ? MarketIn<P, FamilyOf<P>> : never;
type MarketIn<P extends string, F extends Family> = P extends `${F}.${infer M}.${string}` ? (M extends Market ? M : MarketsOf<F>) : MarketsOf<F>;

export const FAMILIES: readonly StreamFamilyInfo[] = STREAM_FAMILIES;

export class StreamPatternError extends Error {
  override name = 'StreamPatternError';
  constructor(
    readonly pattern: string,
    /** The position at fault (`family`, `market`, `exchange`, `instrument`, `tf`) or `pattern` for its shape. */
    readonly position: string,
    readonly rule: string,
  ) {
    super(`stream pattern ${JSON.stringify(pattern)}: ${position} ${rule}`);
  }
}

export interface ParsedPattern {
  readonly pattern: string;
  readonly family: Family;
  /** One entry per position given after the family; `*` kept as is. */
  readonly segments: readonly string[];
  /** A shorthand like `open-interest.*`: the final `*` also stands for the positions left out. */
  readonly openEnded: boolean;
}

const regexCache = new Map<string, RegExp>();
const regex = (source: string) => regexCache.get(source) ?? regexCache.set(source, new RegExp(source)).get(source)!;

/** Checks a pattern against the contract's grammar and names the position and the rule it breaks. */
export function parsePattern(pattern: string): ParsedPattern {
  if (typeof pattern !== 'string' || pattern === '') throw new StreamPatternError(String(pattern), 'pattern', 'must be a non-empty string');
  const family = STREAM_FAMILIES.find((f) => pattern.startsWith(`${f.family}.`)); // longest family name first
  if (!family) throw new StreamPatternError(pattern, 'family', `must be one of ${STREAM_FAMILIES.map((f) => f.family).join(', ')} followed by "."`);
  const positions = family.positions;
  const segments = pattern.slice(family.family.length + 1).split('.');
  const shape = `${family.family}.${positions.map((p) => `{${p.name}}`).join('.')}`;
  if (segments.length > positions.length) throw new StreamPatternError(pattern, 'pattern', `has more positions than ${shape}`);
  const openEnded = segments.length < positions.length;
  if (openEnded && (segments[segments.length - 1] !== '*' || !positions.slice(segments.length).every((p) => p.wildcard))) {
    throw new StreamPatternError(
      pattern,
      'pattern',
      `is incomplete: ${shape} (only a trailing "*" may stand for left-out positions, and only where each allows "*")`,
    );
  }
  let market: string | undefined;
  segments.forEach((value, i) => {
    const position = positions[i]!;
    if (value === '*') {
      if (!position.wildcard)
        throw new StreamPatternError(pattern, position.name, `does not allow "*"${position.values ? `: use one of ${position.values.join(', ')}` : ''}`);
      return;
    }
    if (value === '') throw new StreamPatternError(pattern, position.name, 'must not be empty');
    if (position.values && !position.values.includes(value)) {
      throw new StreamPatternError(
        pattern,
        position.name,
        `must be one of ${position.values.join(', ')}${position.wildcard ? ' or "*"' : ''} for ${family.family}`,
      );
    }
    if (position.pattern && !regex(position.pattern).test(value)) throw new StreamPatternError(pattern, position.name, `must match ${position.pattern}`);
    if (position.name === 'market') market = value;
    const offered = market !== undefined ? position.byMarket?.[market] : undefined;
    if (offered && !offered.includes(value))
      throw new StreamPatternError(pattern, position.name, `must be one of ${offered.join(', ')} or "*" for market ${market}`);
  });
  return { pattern, family: family.family, segments, openEnded };
}

/** Whether a concrete channel name (as the gateway sends it in an event) falls under a parsed pattern. */
export function matches(parsed: ParsedPattern, channel: string): boolean {
  if (!channel.startsWith(`${parsed.family}.`)) return false;
  const parts = channel.slice(parsed.family.length + 1).split('.');
  const { segments } = parsed;
  if (parsed.openEnded ? parts.length < segments.length : parts.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) if (segments[i] !== '*' && segments[i] !== parts[i]) return false;
  return true;
}
