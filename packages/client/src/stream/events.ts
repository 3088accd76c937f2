// Payload types of the data events `{channel, data}`, per family. The `book` payload is published field by field
// (the CLI's book.go JSON tags); the other families' payloads are shown only as examples, so they stay open here.
import type { Family, FamilyOf, Market, MarketOf } from './channels.js';

/** A price level: `[price, size]`; prediction markets may still send `{price, size}` objects. */
export type BookLevel = [price: number, size: number] | { price: number; size: number };

export interface BookPayload {
  /** Milliseconds since the epoch. */
  timestamp: number;
  exchange: string;
  instrument_name: string;
  currency: string;
  instrument_type: string;
  quote_currency?: string;
  depth: number;
  asks: BookLevel[];
  bids: BookLevel[];
  ask_liquidity_10: number;
  ask_liquidity_20: number;
  ask_liquidity_50: number;
  ask_liquidity_100: number;
  bid_liquidity_10: number;
  bid_liquidity_20: number;
  bid_liquidity_50: number;
  bid_liquidity_100: number;
  imbalance_10: number;
  imbalance_20: number;
  imbalance_50: number;
  imbalance_100: number;
  microprice: number;
  [field: string]: unknown;
}

/** A payload whose fields are not published field by field. */
export type OpenPayload = { [field: string]: unknown };

export interface PayloadByFamily {
  trades: OpenPayload;
  'ohlc.ticker': OpenPayload;
  'ohlc.vt': OpenPayload;
  liquidations: OpenPayload;
  book: BookPayload;
  'open-interest': OpenPayload;
  'funding-rate': OpenPayload;
}

/** One data event as the gateway sends it. `market` narrows options trades from futures trades once typed. */
export interface StreamEvent<F extends Family = Family, M extends Market = Market> {
  /** The concrete channel the event came on, e.g. `trades.futures.binance.BTCUSDT`. */
  channel: `${F}.${M}.${string}`;
  data: PayloadByFamily[F];
}

/** The event type a pattern's literal narrows to: `subscribe('book.spot.*.*')` yields `StreamEvent<'book','spot'>`. */
export type EventOf<P extends string> = P extends unknown
  ? FamilyOf<P> extends infer F extends Family
    ? StreamEvent<F, MarketOf<P> & Market>
    : never
  : never;
