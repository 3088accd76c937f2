// A realistic 1,000-row OHLCVT page (v1 2.4): one-minute buckets of a Deribit BTC call, premiums in BTC, with the
// documented invariants (volume = buy + sell, high/low bounds). Deterministic: the same page every run.
export function ohlcvtPage(rows = 1000) {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const start = Date.UTC(2026, 10, 20, 0, 0, 0);
  let close = 0.0833;
  const data = [];
  for (let i = 0; i < rows; i++) {
    const open = close;
    close = Math.max(0.0001, +(open * (1 + (rand() - 0.5) * 0.02)).toFixed(4));
    const high = +Math.max(open, close, open * (1 + rand() * 0.01)).toFixed(4);
    const low = +Math.min(open, close, open * (1 - rand() * 0.01)).toFixed(4);
    const buy = +(rand() * 20).toFixed(1);
    const sell = +(rand() * 20).toFixed(1);
    const d = new Date(start + i * 60_000).toISOString();
    data.push({
      date: `${d.slice(0, 10)} ${d.slice(11, 19)}`,
      open,
      high,
      low,
      close,
      vwap: +((open + close) / 2).toFixed(4),
      volume: +(buy + sell).toFixed(1),
      buy_volume: buy,
      sell_volume: sell,
      trades_count: 12,
      buy_trades_count: 7,
      sell_trades_count: 5,
      liquidation_short_volume: null,
      liquidation_long_volume: null,
      block_trade_buy_volume: i % 7 === 0 ? 10 : null,
      block_trade_sell_volume: null,
      mark_price: close,
      index_price: 91842.17 + i,
      days_to_expiry: +(125.74 - i / 1440).toFixed(4),
    });
  }
  return { data, meta: { next_cursor: 'eyJvZmZzZXQiOjEwMDB9', empty_reason: null } };
}
