// One OHLCVT page as the versioned family serves it, valid against the contract: the fixture the client tests that
// need a real response body share.

/** A row of `GET /api/v1/options/ohlcvt` with every documented field. */
export function ohlcvtRow(date = '2026-11-20 14:00:00') {
  return {
    date,
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    vwap: 1,
    volume: 0,
    buy_volume: 0,
    sell_volume: 0,
    trades_count: 0,
    buy_trades_count: 0,
    sell_trades_count: 0,
    liquidation_short_volume: null,
    liquidation_long_volume: null,
    block_trade_buy_volume: null,
    block_trade_sell_volume: null,
    mark_price: 0.08,
    index_price: null,
    days_to_expiry: 12.5,
  };
}

/** A one-row page whose `meta.next_cursor` is `next` (null on the last page). */
export function ohlcvtPage(next: string | null, date?: string) {
  return { data: [ohlcvtRow(date)], meta: { next_cursor: next } };
}
