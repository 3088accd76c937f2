// Recorded-style stream events for the benchmarks: the AsyncAPI contract's published futures trade and perpetual
// book examples, replayed with moving prices, sizes and ids (the book as deep as published), alternating trade and book.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const spec = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../spec/dist/asyncapi.json'), 'utf8'));
const example = (/** @type {string} */ message) => structuredClone(spec.components.messages[message].examples[0].payload);

/** `count` events as JSON text, half `trades.futures.binance.BTCUSDT`, half `book.perpetuals.binance.BTCUSDT`. */
export function streamEvents(/** @type {number} */ count) {
  const trade = example('TradesEvent');
  const book = example('BookEvent');
  const out = [];
  let price = trade.data.price;
  for (let i = 0; i < count; i++) {
    price = Math.round((price + Math.sin(i / 7) * 3.5) * 2) / 2;
    if (i % 2 === 0) {
      const data = {
        ...trade.data,
        trade_id: String(401318266 + i),
        instrument_name: 'BTCUSDT',
        exchange: 'binance',
        price,
        direction: i % 4 ? 'buy' : 'sell',
        amount: 10 * ((i % 13) + 1),
        mark_price: price - 1.25,
        open_interest: 328996550 + i * 10,
      };
      out.push(JSON.stringify({ channel: 'trades.futures.binance.BTCUSDT', data }));
    } else {
      const levels = (/** @type {1 | -1} */ side) =>
        Array.from({ length: book.data.depth }, (_, l) => [price + side * (0.5 + l * 0.5), Math.round(((i + l) % 17) * 0.37 * 100) / 100 + 0.1]);
      const data = { ...book.data, timestamp: book.data.timestamp + i, asks: levels(1), bids: levels(-1), microprice: price + 0.12 };
      out.push(JSON.stringify({ channel: 'book.perpetuals.binance.BTCUSDT', data }));
    }
  }
  return out;
}
