// Data events `{channel, data}` per family, with the payload types generated from the AsyncAPI contract
// (@laevitas-api/types/stream) and the channel narrowed to the pattern's family and market.
import type { StreamEvents } from '@laevitas-api/types/stream';
import type { Family, FamilyOf, Market, MarketOf } from './channels.js';

/** The payload type of each family, as the contract types it (unpublished members stay open). */
export type PayloadByFamily = { [F in Family]: StreamEvents[F]['data'] };

/** One data event as the gateway sends it: the concrete channel and the payload of its family. */
export interface StreamEvent<F extends Family = Family, M extends Market = Market> {
  /** The concrete channel the event came on, e.g. `trades.futures.binance.BTCUSDT`. */
  channel: `${F}.${M}.${string}`;
  data: PayloadByFamily[F];
}

/** The event type a pattern's literal narrows to: `subscribe('book.spot.*.*')` yields `StreamEvent<'book', 'spot'>`. */
export type EventOf<P extends string> = P extends unknown ? (FamilyOf<P> extends infer F extends Family ? StreamEvent<F, MarketOf<P> & Market> : never) : never;
